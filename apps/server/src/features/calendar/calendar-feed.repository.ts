import type { CalendarFeedContent } from '@studiolo/domain/calendar';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarFeedSettings, calendarFeeds, calendars, products, studioMembers } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

/**
 * The feed of a token with its author's membership, across studios: the token itself is the credential of the
 * public feed. No row when the token is unknown or the author's account is gone.
 */
export const unsafeFeedByTokenHash = (db: DbOrTx, tokenHash: string) =>
  // unsafe: public route, no studio context; the 256-bit token names exactly one calendar of one studio
  db
    .select({ studioId: calendarFeeds.studioId, calendarId: calendarFeeds.calendarId, authorRole: studioMembers.role })
    .from(calendarFeeds)
    .innerJoin(
      studioMembers,
      and(eq(studioMembers.id, calendarFeeds.authorMemberId), eq(studioMembers.studioId, calendarFeeds.studioId)),
    )
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNotNull(studioMembers.userId)))
    .then((r) => r[0] ?? null);

export const calendarFeedRepository = {
  find: (db: DbOrTx, ctx: StudioContext, calendarId: string) =>
    db
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(inStudio(calendarFeeds, ctx, eq(calendarFeeds.calendarId, calendarId)))
      .then((r) => r[0] ?? null),

  /** One feed per calendar: a new token replaces the old one, which stops working; its author is who made it. */
  replace: (db: DbOrTx, ctx: StudioContext, calendarId: string, tokenHash: string) =>
    db
      .insert(calendarFeeds)
      .values(ownedBy(ctx, { calendarId, tokenHash, authorMemberId: ctx.memberId }))
      .onConflictDoUpdate({
        target: calendarFeeds.calendarId,
        set: { tokenHash, authorMemberId: ctx.memberId, createdAt: new Date() },
      }),

  /** @returns whether there was a feed to delete. */
  delete: (db: DbOrTx, ctx: StudioContext, calendarId: string) =>
    db
      .delete(calendarFeeds)
      .where(inStudio(calendarFeeds, ctx, eq(calendarFeeds.calendarId, calendarId)))
      .returning({ id: calendarFeeds.id })
      .then((r) => r.length > 0),

  /** Every feed of the studio with its calendar and its author (whose right the service checks), oldest first. */
  list: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        calendarId: calendarFeeds.calendarId,
        calendarSummary: calendars.summary,
        createdAt: calendarFeeds.createdAt,
        memberId: studioMembers.id,
        userId: studioMembers.userId,
        role: studioMembers.role,
        name: studioMembers.name,
        lastname: studioMembers.lastname,
        email: studioMembers.email,
      })
      .from(calendarFeeds)
      .innerJoin(calendars, eq(calendars.id, calendarFeeds.calendarId))
      .innerJoin(studioMembers, eq(studioMembers.id, calendarFeeds.authorMemberId))
      .where(inStudio(calendarFeeds, ctx))
      .orderBy(asc(calendarFeeds.createdAt)),

  content: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ content: calendarFeedSettings.content })
      .from(calendarFeedSettings)
      .where(inStudio(calendarFeedSettings, ctx))
      .then((r) => (r[0]?.content as CalendarFeedContent | undefined) ?? null),

  setContent: (db: DbOrTx, ctx: StudioContext, content: CalendarFeedContent) =>
    db
      .insert(calendarFeedSettings)
      .values(ownedBy(ctx, { content }))
      .onConflictDoUpdate({ target: calendarFeedSettings.studioId, set: { content, updatedAt: new Date() } }),

  /** The studio's services by id (the names a feed may show when the studio chose so). */
  serviceNames: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inStudio(products, ctx))
      .then((r) => new Map(r.map((p) => [p.id, p.name]))),
};
