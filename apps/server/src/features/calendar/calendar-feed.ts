import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { calendarRepository as repo, unsafeFeedByTokenHash } from './calendar.repository.ts';
import { eventsBetween } from './events.service.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const day = 86_400_000;
/** What a subscribed phone sees: three months back, a year ahead. */
const feedWindow = { pastDays: 90, futureDays: 366 };

const feedUrl = (deps: AppDeps, token: string) => `${publicUrl(deps)}/app/api/public/calendar-feeds/${token}.ics`;

const ensureCalendar = async (deps: AppDeps, ctx: StudioContext, calendarId: string) => {
  if (!(await repo.findCalendar(deps.db, ctx, calendarId))) throw notFound();
};

export const feedStatus = async (deps: AppDeps, ctx: StudioContext, calendarId: string) => {
  await ensureCalendar(deps, ctx, calendarId);
  const feed = await repo.findFeed(deps.db, ctx, calendarId);
  return { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null, url: null };
};

/**
 * A new private URL for the calendar (the previous one stops working). Only a hash of the token is kept, so the URL
 * is shown once, now; a lost URL is replaced by creating a new one.
 */
export const createFeed = (deps: AppDeps, ctx: StudioContext, calendarId: string) =>
  deps.db.transaction(async (tx) => {
    if (!(await repo.findCalendar(tx, ctx, calendarId))) throw notFound();
    const token = randomBytes(32).toString('base64url');
    await repo.replaceFeed(tx, ctx, calendarId, hashOf(token));
    await recordAudit(tx, ctx, { action: 'calendar.feed.create', entityType: 'calendar', entityId: calendarId });
    return { active: true, createdAt: new Date().toISOString(), url: feedUrl(deps, token) };
  });

export const revokeFeed = (deps: AppDeps, ctx: StudioContext, calendarId: string) =>
  deps.db.transaction(async (tx) => {
    if (!(await repo.findCalendar(tx, ctx, calendarId))) throw notFound();
    await repo.deleteFeed(tx, ctx, calendarId);
    await recordAudit(tx, ctx, { action: 'calendar.feed.revoke', entityType: 'calendar', entityId: calendarId });
    return { active: false, createdAt: null, url: null };
  });

/**
 * The iCalendar text of a feed, or null for an unknown or revoked token. Every occurrence is written as its own
 * VEVENT in UTC (series already expanded in Rome time), so phones need no time-zone rules to show it right.
 */
export const feedIcs = async (deps: AppDeps, token: string): Promise<string | null> => {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const feed = await unsafeFeedByTokenHash(deps.db, hashOf(token));
  if (!feed) return null;
  // SECURITY: the scope is the feed's own studio, found by the token; only its calendar is read
  const ctx = { studioId: feed.studioId } as StudioContext;
  const calendar = await repo.findCalendar(deps.db, ctx, feed.calendarId);
  if (!calendar) return null;
  const now = deps.now().getTime();
  const list = await eventsBetween(
    deps.db,
    ctx,
    new Date(now - feedWindow.pastDays * day),
    new Date(now + feedWindow.futureDays * day),
    {
      calendarIds: [feed.calendarId],
      staffMembersIds: [],
      colors: [],
      medicalDeviceIds: [],
      pazienteIds: [],
      tagIds: [],
    },
  );
  const cal = ical({ name: calendar.summary, prodId: { company: 'Studiolo', product: 'Calendario', language: 'IT' } });
  for (const e of list) {
    cal.createEvent({
      id: `${e.id}@studiolo`,
      start: new Date(e.start),
      end: new Date(e.end),
      allDay: e.allDay,
      summary: e.pazienteName ? `${e.summary} – ${e.pazienteName}` : e.summary,
      ...(e.note ? { description: e.note } : {}),
    });
  }
  return cal.toString();
};
