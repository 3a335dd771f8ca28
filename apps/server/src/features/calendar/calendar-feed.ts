import { createHash, randomBytes } from 'node:crypto';
import {
  type CalendarFeedContent,
  type CalendarFeedSettingsInput,
  type CalendarFeedsAnswer,
  calendarFeedContents,
  calendarFeedSummary,
  defaultCalendarFeedContent,
} from '@studiolo/domain/calendar';
import { can, type Role, roles } from '@studiolo/domain/shared';
import ical from 'ical-generator';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { calendarRepository } from './calendar.repository.ts';
import { calendarFeedRepository as repo, unsafeFeedByTokenHash } from './calendar-feed.repository.ts';
import { eventsBetween } from './events.service.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const day = 86_400_000;
/** What a subscribed phone sees: three months back, a year ahead. */
const feedWindow = { pastDays: 90, futureDays: 366 };

/**
 * SECURITY (issue 25 item 3): only those who administer the studio (its settings) publish a calendar, and a feed
 * lives only while its author still may: checked at every request of the feed, besides the trigger that deletes a
 * member's feeds when their role changes and the key that deletes them with the membership.
 */
export const feedPermission = 'settings:write' as const;
const isRole = (role: string): role is Role => (roles as readonly string[]).includes(role);
const mayPublish = (role: string) => isRole(role) && can(role, feedPermission);

const feedUrl = (deps: AppDeps, token: string) => `${publicUrl(deps)}/app/api/public/calendar-feeds/${token}.ics`;

const ensureCalendar = async (db: DbOrTx, ctx: StudioContext, calendarId: string) => {
  if (!(await calendarRepository.findCalendar(db, ctx, calendarId))) throw notFound();
};

const contentOf = async (db: DbOrTx, ctx: StudioContext): Promise<CalendarFeedContent> => {
  const stored = await repo.content(db, ctx);
  return stored && (calendarFeedContents as readonly string[]).includes(stored) ? stored : defaultCalendarFeedContent;
};

export const feedStatus = async (deps: AppDeps, ctx: StudioContext, calendarId: string) => {
  await ensureCalendar(deps.db, ctx, calendarId);
  const feed = await repo.find(deps.db, ctx, calendarId);
  return { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null, url: null };
};

/**
 * A new private URL for the calendar (the previous one stops working), owned by who makes it. Only a hash of the
 * token is kept, so the URL is shown once, now; a lost URL is replaced by creating a new one.
 */
export const createFeed = (deps: AppDeps, ctx: StudioContext, calendarId: string) =>
  deps.db.transaction(async (tx) => {
    await ensureCalendar(tx, ctx, calendarId);
    const token = randomBytes(32).toString('base64url');
    await repo.replace(tx, ctx, calendarId, hashOf(token));
    await recordAudit(tx, ctx, { action: 'calendar.feed.create', entityType: 'calendar', entityId: calendarId });
    return { active: true, createdAt: new Date().toISOString(), url: feedUrl(deps, token) };
  });

export const revokeFeed = (deps: AppDeps, ctx: StudioContext, calendarId: string) =>
  deps.db.transaction(async (tx) => {
    await ensureCalendar(tx, ctx, calendarId);
    if (await repo.delete(tx, ctx, calendarId))
      await recordAudit(tx, ctx, { action: 'calendar.feed.revoke', entityType: 'calendar', entityId: calendarId });
    return { active: false, createdAt: null, url: null };
  });

/** Impostazioni › Calendari pubblicati: what the feeds show and every live feed with its author. */
const feedsOf = async (db: DbOrTx, ctx: StudioContext): Promise<CalendarFeedsAnswer> => {
  const rows = await repo.list(db, ctx);
  return {
    content: await contentOf(db, ctx),
    feeds: rows
      .filter((r) => r.userId !== null && mayPublish(r.role))
      .map((r) => ({
        calendarId: r.calendarId,
        calendarSummary: r.calendarSummary,
        createdAt: r.createdAt.toISOString(),
        author: { memberId: r.memberId, name: r.name, lastname: r.lastname, email: r.email },
      })),
  };
};

export const listFeeds = (deps: AppDeps, ctx: StudioContext) => feedsOf(deps.db, ctx);

export const setFeedContent = (deps: AppDeps, ctx: StudioContext, input: CalendarFeedSettingsInput) =>
  deps.db.transaction(async (tx) => {
    await repo.setContent(tx, ctx, input.content);
    await recordAudit(tx, ctx, {
      action: 'calendar.feed.content',
      entityType: 'studio',
      entityId: ctx.studioId,
      changedFields: ['content'],
    });
    return feedsOf(tx, ctx);
  });

/**
 * The iCalendar text of a feed, or null for an unknown or revoked token, or one whose author may no longer publish.
 * Every occurrence is written as its own VEVENT in UTC (series already expanded in Rome time), so phones need no
 * time-zone rules to show it right. Its summary is what the studio chose (calendarFeedSummary): never the
 * appointment's title, notes or anything clinical.
 */
export const feedIcs = async (deps: AppDeps, token: string): Promise<string | null> => {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const feed = await unsafeFeedByTokenHash(deps.db, hashOf(token));
  if (!feed || !mayPublish(feed.authorRole)) return null;
  // SECURITY: the scope is the feed's own studio, found by the token; only its calendar is read
  const ctx = { studioId: feed.studioId } as StudioContext;
  const calendar = await calendarRepository.findCalendar(deps.db, ctx, feed.calendarId);
  if (!calendar) return null;
  const content = await contentOf(deps.db, ctx);
  const services = content === 'PRESTAZIONE' ? await repo.serviceNames(deps.db, ctx) : new Map<string, string>();
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
      summary: calendarFeedSummary(content, {
        pazienteName: e.pazienteName,
        serviceName: e.productId ? (services.get(e.productId) ?? null) : null,
      }),
    });
  }
  return cal.toString();
};
