import { describe, expect, it } from 'vitest';
import { effectivePlan, planIncludes, staffSeats } from './plans.ts';
import { isSubscriptionOverdue, overdueGraceHours, planDisplayName } from './subscription.ts';

const now = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

describe('planDisplayName (spec part 2 §2)', () => {
  it('shows EARLY_ADOPTERS as UNLIMITED and TRIAL as BASIC, the others unchanged', () => {
    expect(planDisplayName('EARLY_ADOPTERS')).toBe('UNLIMITED');
    expect(planDisplayName('TRIAL')).toBe('BASIC');
    expect(planDisplayName('BASIC')).toBe('BASIC');
    expect(planDisplayName('PRO')).toBe('PRO');
    expect(planDisplayName('UNLIMITED')).toBe('UNLIMITED');
  });
});

describe('isSubscriptionOverdue (spec part 2 §4)', () => {
  it('is never overdue without an end date, whatever the status', () => {
    expect(isSubscriptionOverdue({ status: null, endDate: null }, now)).toBe(false);
    expect(isSubscriptionOverdue({ status: 'canceled', endDate: null }, now)).toBe(false);
  });

  it('is overdue with an end date and a status other than trialing or active, even before the end date', () => {
    for (const status of ['past_due', 'canceled', 'unpaid', 'incomplete', null] as const)
      expect(isSubscriptionOverdue({ status, endDate: '2027-01-01T00:00:00Z' }, now)).toBe(true);
  });

  it('is not overdue while trialing or active before the end date', () => {
    expect(isSubscriptionOverdue({ status: 'active', endDate: '2026-12-27T12:00:00Z' }, now)).toBe(false);
    expect(isSubscriptionOverdue({ status: 'trialing', endDate: '2026-12-01T00:00:00Z' }, now)).toBe(false);
  });

  it('turns overdue once an active subscription is past its end date by more than the grace', () => {
    expect(isSubscriptionOverdue({ status: 'active', endDate: hoursAgo(overdueGraceHours - 1) }, now)).toBe(false);
    expect(isSubscriptionOverdue({ status: 'active', endDate: hoursAgo(overdueGraceHours + 1) }, now)).toBe(true);
    expect(isSubscriptionOverdue({ status: 'trialing', endDate: new Date(hoursAgo(48)) }, now)).toBe(true);
  });
});

describe('what a plan unlocks (decision 037)', () => {
  it('gives the trial everything, BASIC the core, PRO Google Calendar', () => {
    expect(planIncludes('TRIAL', 'google-calendar')).toBe(true);
    expect(planIncludes('BASIC', 'google-calendar')).toBe(false);
    expect(planIncludes('PRO', 'google-calendar')).toBe(true);
    expect(planIncludes('EARLY_ADOPTERS', 'google-calendar')).toBe(true);
    expect(staffSeats.BASIC).toBe(3);
    expect(staffSeats.UNLIMITED).toBeNull();
  });

  it('falls back to BASIC when the subscription is overdue, keeps the plan while it holds', () => {
    const end = '2026-12-27T12:00:00Z';
    expect(effectivePlan('PRO', { status: 'active', endDate: end }, now)).toBe('PRO');
    expect(effectivePlan('PRO', { status: 'past_due', endDate: end }, now)).toBe('BASIC');
    expect(effectivePlan('TRIAL', { status: null, endDate: null }, now)).toBe('TRIAL');
  });
});
