import { describe, expect, it } from 'vitest';
import { analyticsMessages as m } from './analytics.messages.ts';
import { cashflowQuerySchema, cashflowSummaryQuerySchema } from './analytics.schema.ts';

const range = { startDate: '2025-01-01', endDate: '2025-12-31' };
const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('analytics tags (spec part 2 §7)', () => {
  it('reads tags repeated or comma-separated, trimmed, without empties or repeats', () => {
    expect(cashflowSummaryQuerySchema.parse({ ...range, tags: ' Sportivo , Lombalgia,,Sportivo' }).tags).toEqual([
      'Sportivo',
      'Lombalgia',
    ]);
    expect(cashflowQuerySchema.parse({ ...range, tags: ['Over 65', 'Sportivo'] }).tags).toEqual([
      'Over 65',
      'Sportivo',
    ]);
    expect(cashflowQuerySchema.parse(range).tags).toEqual([]);
  });

  it('refuses more than 50 tags, a tag over 100 characters, or tags that are not text', () => {
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`);
    expect(issues(cashflowSummaryQuerySchema.safeParse({ ...range, tags: many }))).toEqual([m.invalidTags]);
    expect(issues(cashflowSummaryQuerySchema.safeParse({ ...range, tags: 'x'.repeat(101) }))).toEqual([m.invalidTags]);
    expect(issues(cashflowQuerySchema.safeParse({ ...range, tags: { a: 1 } }))).toEqual([m.invalidTags]);
    expect(cashflowSummaryQuerySchema.safeParse({ ...range, tags: many.slice(0, 50) }).success).toBe(true);
  });

  it('refuses a tag list beyond the outer bounds or with a control character (decision 033)', () => {
    expect(cashflowSummaryQuerySchema.safeParse({ ...range, tags: 'x,'.repeat(3000) }).success).toBe(false);
    expect(cashflowQuerySchema.safeParse({ ...range, tags: ['Sportivo\u0000'] }).success).toBe(false);
  });
});
