import { asc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingExceptions,
  bookingHours,
  bookingServices,
  bookingSettings,
  calendarResources,
  events,
  products,
  studioMembers,
  studios,
} from '../../db/schema/index.ts';
import { countOwnedIn, inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

/**
 * Online booking's tables (decision 035 "Data"). Studio routes scope by the signed-in context; the public page has
 * no signed-in user: it finds the studio by its slug (unsafeSettingsBySlug) and then uses a scope of that studio
 * (publicScope), so every later query goes through inStudio as well.
 */

/** The studio a repository call is scoped to: a signed-in context, or the studio a public slug resolved to. */
export type StudioScope = Pick<StudioContext, 'studioId'>;
const scoped = (scope: StudioScope) => scope as StudioContext;

/** SECURITY: only from a studio id this server just read by a public slug (never from the request itself). */
export const publicScope = (studioId: string): StudioScope => ({ studioId });

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;
export type BookingSettingsColumns = Omit<typeof bookingSettings.$inferInsert, 'studioId' | 'createdAt' | 'updatedAt'>;
export type BookingServiceRow = typeof bookingServices.$inferSelect;
export type BookingServiceColumns = Omit<typeof bookingServices.$inferInsert, 'studioId' | 'productId' | 'updatedAt'>;
export type BookingHoursColumns = Pick<typeof bookingHours.$inferInsert, 'weekday' | 'startMinute' | 'endMinute'>;
export type BookingExceptionColumns = Pick<
  typeof bookingExceptions.$inferInsert,
  'date' | 'kind' | 'startMinute' | 'endMinute' | 'note'
>;

/** An appointment in a form the free-slot computation reads (packages/domain booking/busy-intervals.ts). */
const busyColumns = {
  start: events.startAt,
  end: events.endAt,
  rrule: events.rrule,
  exdates: events.exdates,
  staffMemberId: events.staffMemberId,
  clinicRoomId: events.clinicRoomId,
  medicalDeviceIds: events.medicalDeviceIds,
};

/** An appointment lasts at most 7 days (event.schema.ts), so its start lies within a week before the window. */
const longestEvent = 7 * 86_400_000;

export const bookingRepository = {
  findSettings: (db: DbOrTx, scope: StudioScope) =>
    db
      .select()
      .from(bookingSettings)
      .where(inStudio(bookingSettings, scoped(scope)))
      .then((r) => r[0] ?? null),

  findSettingsForUpdate: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select()
      .from(bookingSettings)
      .where(inStudio(bookingSettings, ctx))
      .for('update')
      .then((r) => r[0] ?? null),

  /** The first GET's defaults; null when the slug (or the studio's row, made meanwhile) is already there. */
  insertSettings: (db: DbOrTx, ctx: StudioContext, columns: BookingSettingsColumns) =>
    db
      .insert(bookingSettings)
      .values(ownedBy(ctx, columns))
      .onConflictDoNothing()
      .returning()
      .then((r) => r[0] ?? null),

  updateSettings: (db: DbOrTx, ctx: StudioContext, columns: BookingSettingsColumns) =>
    db
      .update(bookingSettings)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(bookingSettings, ctx))
      .returning()
      .then((r) => r[0] ?? null),

  /**
   * unsafe: the studio that uses a slug, whatever the studio. The slug space is shared by all studios (one public link
   * each); the caller only compares the id with its own to refuse a taken slug, and never answers it.
   */
  unsafeSlugOwner: (db: DbOrTx, slug: string) =>
    db
      .select({ studioId: bookingSettings.studioId })
      .from(bookingSettings)
      .where(eq(bookingSettings.slug, slug))
      .then((r) => r[0]?.studioId ?? null),

  /**
   * unsafe: the slugs, of any studio, that are `base` or `base-…`, to pick the first free number for a new studio's
   * default slug. Only the slugs are read (they are public links anyway).
   */
  unsafeSlugsLike: (db: DbOrTx, base: string) =>
    db
      .select({ slug: bookingSettings.slug })
      .from(bookingSettings)
      .where(sql`${bookingSettings.slug} = ${base} or ${bookingSettings.slug} like ${`${base}-%`}`)
      .then((r) => new Set(r.map((x) => x.slug))),

  /**
   * unsafe: the settings of the studio a public link names, whatever the studio. SECURITY: the public page answers
   * only PublicBookingPage fields from it, and the same 404 when booking is off as when the slug is unknown.
   */
  unsafeSettingsBySlug: (db: DbOrTx, slug: string) =>
    db
      .select()
      .from(bookingSettings)
      .where(eq(bookingSettings.slug, slug))
      .then((r) => r[0] ?? null),

  /** The studio's own row (name, address, contacts, logo). */
  studio: (db: DbOrTx, scope: StudioScope) =>
    db
      .select({
        tipologiaPersona: studios.tipologiaPersona,
        nome: studios.nome,
        cognome: studios.cognome,
        ragioneSociale: studios.ragioneSociale,
        contatti: studios.contatti,
        residenza: studios.residenza,
        logoAssetId: studios.logoAssetId,
      })
      .from(studios)
      .where(eq(studios.id, scope.studioId))
      .then((r) => r[0] ?? null),

  products: (db: DbOrTx, scope: StudioScope) =>
    db
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        durationMinutes: products.durationMinutes,
        status: products.status,
      })
      .from(products)
      .where(inStudio(products, scoped(scope)))
      .orderBy(asc(products.name), asc(products.id)),

  members: (db: DbOrTx, scope: StudioScope) =>
    db
      .select({ id: studioMembers.id, name: studioMembers.name, lastname: studioMembers.lastname })
      .from(studioMembers)
      .where(inStudio(studioMembers, scoped(scope)))
      .orderBy(asc(studioMembers.lastname), asc(studioMembers.name), asc(studioMembers.id)),

  /** How many of the ids are the studio's rows of the table (a calendar resource of that kind). */
  countOwned: (
    db: DbOrTx,
    ctx: StudioContext,
    what: 'products' | 'members' | 'rooms' | 'medical-devices',
    ids: string[],
  ) =>
    what === 'products'
      ? countOwnedIn(db, ctx, products, ids)
      : what === 'members'
        ? countOwnedIn(db, ctx, studioMembers, ids)
        : countOwnedIn(db, ctx, calendarResources, ids, eq(calendarResources.kind, what)),

  services: (db: DbOrTx, scope: StudioScope) =>
    db
      .select()
      .from(bookingServices)
      .where(inStudio(bookingServices, scoped(scope))),

  findService: (db: DbOrTx, scope: StudioScope, productId: string) =>
    db
      .select()
      .from(bookingServices)
      .where(inStudio(bookingServices, scoped(scope), eq(bookingServices.productId, productId)))
      .then((r) => r[0] ?? null),

  upsertService: (db: DbOrTx, ctx: StudioContext, productId: string, columns: BookingServiceColumns) =>
    db
      .insert(bookingServices)
      .values(ownedBy(ctx, { ...columns, productId }))
      .onConflictDoUpdate({
        target: bookingServices.productId,
        set: { ...columns, updatedAt: new Date() },
        // SECURITY: a product id is the studio's (checked before), and the row is only ever the studio's own
        setWhere: inStudio(bookingServices, ctx),
      })
      .returning()
      .then((r) => r[0] ?? null),

  hours: (db: DbOrTx, scope: StudioScope, staffMemberIds?: string[]) =>
    db
      .select()
      .from(bookingHours)
      .where(
        inStudio(
          bookingHours,
          scoped(scope),
          staffMemberIds ? inArray(bookingHours.staffMemberId, staffMemberIds) : undefined,
        ),
      )
      .orderBy(asc(bookingHours.weekday), asc(bookingHours.startMinute)),

  exceptions: (db: DbOrTx, scope: StudioScope, staffMemberIds?: string[], range?: { from: string; to: string }) =>
    db
      .select()
      .from(bookingExceptions)
      .where(
        inStudio(
          bookingExceptions,
          scoped(scope),
          staffMemberIds ? inArray(bookingExceptions.staffMemberId, staffMemberIds) : undefined,
          range ? sql`${bookingExceptions.date} between ${range.from} and ${range.to}` : undefined,
        ),
      )
      .orderBy(asc(bookingExceptions.date), asc(bookingExceptions.startMinute)),

  /** Replaces a staff member's weekly hours and exceptions (PUT /settings/booking/staff/:memberId). */
  replaceStaff: async (
    db: DbOrTx,
    ctx: StudioContext,
    staffMemberId: string,
    hours: BookingHoursColumns[],
    exceptions: BookingExceptionColumns[],
  ) => {
    await db.delete(bookingHours).where(inStudio(bookingHours, ctx, eq(bookingHours.staffMemberId, staffMemberId)));
    await db
      .delete(bookingExceptions)
      .where(inStudio(bookingExceptions, ctx, eq(bookingExceptions.staffMemberId, staffMemberId)));
    if (hours.length) await db.insert(bookingHours).values(hours.map((h) => ownedBy(ctx, { ...h, staffMemberId })));
    if (exceptions.length)
      await db.insert(bookingExceptions).values(exceptions.map((e) => ownedBy(ctx, { ...e, staffMemberId })));
  },

  /**
   * The appointments and series that can take the service's staff, rooms or devices in [from, to): the calendar's
   * window (calendar.repository.ts `window`: single rows overlapping it, series whose span overlaps it), limited to
   * rows naming one of them. Booked appointments are events too (pending and confirmed hold their slot; a cancelled
   * booking has no event any more).
   */
  busyRows: async (
    db: DbOrTx,
    scope: StudioScope,
    from: Date,
    to: Date,
    resources: { staff: string[]; rooms: string[]; devices: string[] },
  ) => {
    const takes: SQL[] = [];
    if (resources.staff.length) takes.push(inArray(events.staffMemberId, resources.staff));
    if (resources.rooms.length) takes.push(inArray(events.clinicRoomId, resources.rooms));
    if (resources.devices.length)
      takes.push(sql`${events.medicalDeviceIds} && ${sql.param(resources.devices)}::uuid[]`);
    if (takes.length === 0) return [];
    const single = await db
      .select(busyColumns)
      .from(events)
      .where(
        inStudio(
          events,
          scoped(scope),
          isNull(events.rrule),
          gt(events.startAt, new Date(from.getTime() - longestEvent)),
          lt(events.startAt, to),
          gt(events.endAt, from),
          or(...takes),
        ),
      );
    const series = await db
      .select(busyColumns)
      .from(events)
      .where(
        inStudio(
          events,
          scoped(scope),
          isNotNull(events.rrule),
          gt(events.untilAt, from),
          lt(events.startAt, to),
          or(...takes),
        ),
      );
    return [...single, ...series];
  },
};
