import type { ReservationStatus } from '@studiolo/domain/booking';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookingRequests,
  bookings,
  calendars,
  events,
  patients,
  products,
  studioMembers,
  studios,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type BookingRequestRow = typeof bookingRequests.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking flow's SQL (issue 28, decision 035): the code requests, the bookings, the patient matching and the
 * advisory locks that serialize bookings of one staff member (and of the service's rooms and devices).
 */
export const bookingFlowRepository = {
  /** The studio's name as the e-mails say it (contacts and address: the public page's, publicStudioOf). */
  studioOf: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        tipologiaPersona: studios.tipologiaPersona,
        nome: studios.nome,
        cognome: studios.cognome,
        ragioneSociale: studios.ragioneSociale,
      })
      .from(studios)
      .where(eq(studios.id, ctx.studioId))
      .then((r) => r[0] ?? null),

  /** An e-mail the studio knows: a booking was confirmed from it, or one of its patients' cards has it. */
  isKnownEmail: async (db: DbOrTx, ctx: StudioContext, email: string) => {
    const [booked] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(inStudio(bookings, ctx, eq(bookings.patientEmail, email)))
      .limit(1);
    if (booked) return true;
    const [card] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(inStudio(patients, ctx, sql`lower(${patients.email}) = ${email}`))
      .limit(1);
    return card !== undefined;
  },

  productOf: (db: DbOrTx, ctx: StudioContext, productId: string) =>
    db
      .select({ id: products.id, name: products.name, priceCents: products.priceCents, status: products.status })
      .from(products)
      .where(inStudio(products, ctx, eq(products.id, productId)))
      .then((r) => r[0] ?? null),

  staffNames: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: studioMembers.id, name: studioMembers.name, lastname: studioMembers.lastname })
          .from(studioMembers)
          .where(inStudio(studioMembers, ctx, inArray(studioMembers.id, ids))),

  /** The calendar a booking goes in: the studio's first (the one every studio is made with). */
  firstCalendarId: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ id: calendars.id })
      .from(calendars)
      .where(inStudio(calendars, ctx))
      .orderBy(asc(calendars.createdAt), asc(calendars.id))
      .limit(1)
      .then((r) => r[0]?.id ?? null),

  // ------------------------------------------------------------ code requests

  insertRequest: (
    db: DbOrTx,
    ctx: StudioContext,
    row: { id: string; payload: Record<string, unknown>; codeHash: string; expiresAt: Date },
  ) =>
    db
      .insert(bookingRequests)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as BookingRequestRow),

  /**
   * unsafe: the request id is the patient's handle (a random uuid known only to who asked for the code); the row
   * carries its studio, and every later step is scoped by it.
   */
  unsafeFindRequest: (db: DbOrTx, id: string) =>
    db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, id))
      .then((r) => r[0] ?? null),

  /** Counts one wrong code atomically. @returns the attempts so far, or null when the request is gone. */
  countWrongCode: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .update(bookingRequests)
      .set({ attempts: sql`${bookingRequests.attempts} + 1` })
      .where(inStudio(bookingRequests, ctx, eq(bookingRequests.id, id)))
      .returning({ attempts: bookingRequests.attempts })
      .then((r) => r[0]?.attempts ?? null),

  /** @returns whether this call deleted it (two confirmations of one request: only one goes on). */
  deleteRequest: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(bookingRequests)
      .where(inStudio(bookingRequests, ctx, eq(bookingRequests.id, id)))
      .returning({ id: bookingRequests.id })
      .then((r) => r.length > 0),

  /** unsafe: housekeeping across studios; an expired request is of no use to anyone (decision 035). */
  unsafeDeleteExpiredRequests: (db: DbOrTx, now: Date) =>
    db.delete(bookingRequests).where(lt(bookingRequests.expiresAt, now)),

  // ------------------------------------------------------------ the booking transaction

  /**
   * Takes transaction-scoped advisory locks on the keys, in the order given (callers sort them, so two bookings never
   * wait on each other crosswise). Held until commit or rollback.
   */
  lockKeys: async (tx: DbOrTx, keys: string[]) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  },

  /**
   * A patient of the studio whose e-mail, mobile (digits and +, whatever the spacing) and name match the booking's
   * exactly (case aside): decision 035 "Identity". The oldest when several do. With withoutCodiceFiscale (the booking
   * gave a fiscal code no patient has), only a patient without one: a patient with another code is another person.
   */
  findPatientByContacts: (
    db: DbOrTx,
    ctx: StudioContext,
    /** codiceFiscale: that card's code; null: only cards without one; undefined: any card. */
    p: { email: string; mobile: string; nome: string; cognome: string; codiceFiscale?: string | null },
  ) =>
    db
      .select({ id: patients.id })
      .from(patients)
      .where(
        inStudio(
          patients,
          ctx,
          sql`lower(${patients.email}) = ${p.email.toLowerCase()}`,
          sql`right(regexp_replace(coalesce(${patients.cellulare}, ''), '[^0-9]', '', 'g'), 10) = ${p.mobile}`,
          sql`lower(${patients.nome}) = ${p.nome.toLowerCase()}`,
          sql`lower(${patients.cognome}) = ${p.cognome.toLowerCase()}`,
          p.codiceFiscale === null
            ? isNull(patients.codiceFiscale)
            : p.codiceFiscale !== undefined
              ? eq(patients.codiceFiscale, p.codiceFiscale)
              : undefined,
        ),
      )
      .orderBy(asc(patients.createdAt), asc(patients.id))
      .limit(1)
      .then((r) => r[0]?.id ?? null),

  patientNameOf: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ nome: patients.nome, cognome: patients.cognome, ragioneSociale: patients.ragioneSociale })
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.id, id)))
      .then((r) => r[0] ?? null),

  insertBooking: (db: DbOrTx, ctx: StudioContext, row: Omit<typeof bookings.$inferInsert, 'studioId'>) =>
    db
      .insert(bookings)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as BookingRow),

  /** unsafe: the cancel token is the patient's credential (256 random bits, only its hash kept); the row names its studio. */
  unsafeFindBookingByTokenHash: (db: DbOrTx, hash: string) =>
    db
      .select()
      .from(bookings)
      .where(eq(bookings.cancelTokenHash, hash))
      .then((r) => r[0] ?? null),

  findBookingForUpdate: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(bookings)
      .where(inStudio(bookings, ctx, eq(bookings.id, id)))
      .for('update')
      .then((r) => r[0] ?? null),

  updateBooking: (
    db: DbOrTx,
    ctx: StudioContext,
    id: string,
    columns: { status: ReservationStatus; eventId?: string | null; cancelReason?: string | null },
  ) =>
    db
      .update(bookings)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(bookings, ctx, eq(bookings.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  /** The booking's event as the calendar has it now (the studio may have moved it). */
  eventOf: (db: DbOrTx, ctx: StudioContext, eventId: string) =>
    db
      .select({ id: events.id, startAt: events.startAt, endAt: events.endAt, staffMemberId: events.staffMemberId })
      .from(events)
      .where(inStudio(events, ctx, eq(events.id, eventId)))
      .then((r) => r[0] ?? null),

  setEventReservationStatus: (db: DbOrTx, ctx: StudioContext, eventId: string, status: ReservationStatus) =>
    db
      .update(events)
      .set({ reservationStatus: status, updatedAt: new Date() })
      .where(inStudio(events, ctx, eq(events.id, eventId))),

  /** The studio's bookings with what the list shows, soonest first (at most `limit`). */
  list: (db: DbOrTx, ctx: StudioContext, filter: { status?: ReservationStatus; id?: string }, limit: number) => {
    const holder = alias(patients, 'identity_holder');
    return db
      .select({
        booking: bookings,
        serviceName: products.name,
        staffName: studioMembers.name,
        staffLastname: studioMembers.lastname,
        patient: {
          nome: patients.nome,
          cognome: patients.cognome,
          ragioneSociale: patients.ragioneSociale,
          tipologiaPersona: patients.tipologiaPersona,
        },
        eventStart: events.startAt,
        eventEnd: events.endAt,
        // the card that already holds the fiscal code the patient typed (a held identity)
        holder: {
          nome: holder.nome,
          cognome: holder.cognome,
          ragioneSociale: holder.ragioneSociale,
          tipologiaPersona: holder.tipologiaPersona,
        },
      })
      .from(bookings)
      .leftJoin(products, eq(products.id, bookings.productId))
      .leftJoin(studioMembers, eq(studioMembers.id, bookings.staffMemberId))
      .leftJoin(patients, eq(patients.id, bookings.pazienteId))
      .leftJoin(events, eq(events.id, bookings.eventId))
      .leftJoin(holder, and(eq(holder.id, bookings.identityPatientId), eq(holder.studioId, bookings.studioId)))
      .where(
        inStudio(
          bookings,
          ctx,
          filter.status ? eq(bookings.status, filter.status) : undefined,
          filter.id ? eq(bookings.id, filter.id) : undefined,
        ),
      )
      .orderBy(filter.status ? asc(bookings.startAt) : desc(bookings.startAt), asc(bookings.id))
      .limit(limit);
  },
};

export const bookingLockKey = (kind: 'staff' | 'room' | 'device', id: string) => `booking:${kind}:${id}`;
