import {
  canTransition,
  bookingFlowMessages as m,
  type ReservationStatus,
  type StudioBookingRow,
} from '@studiolo/domain/booking';
import { patientDisplayName } from '@studiolo/domain/patients';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { deleteAppointmentIn } from '../calendar/events.service.ts';
import { mailCancelled, mailStudioConfirmed } from './booking-mails.ts';
import { type BookingRow, bookingFlowRepository as repo } from './flow.repository.ts';
import { cancelTokenOf, getPublicBooking, mailContextOf } from './flow.service.ts';

/**
 * The studio's side of online booking (decision 035 "Statuses and transitions"): the list ("Prenotazioni da
 * confermare" is the pending one), confirming a pending booking and cancelling one with an optional reason. Every
 * change is audited in its transaction and mailed to the patient after it.
 */

/** The most rows one list answers (the pending list is short; the full history is paged by status). */
const listLimit = 500;

type Log = (err: unknown) => void;

export const listStudioBookings = async (
  deps: AppDeps,
  ctx: StudioContext,
  filter: { status?: ReservationStatus; id?: string },
): Promise<StudioBookingRow[]> => {
  const rows = await repo.list(deps.db, ctx, filter, listLimit);
  return rows.map((r) => ({
    id: r.booking.id,
    eventId: r.booking.eventId,
    status: r.booking.status as ReservationStatus,
    start: (r.eventStart ?? r.booking.startAt).toISOString(),
    end: (r.eventEnd ?? r.booking.endAt).toISOString(),
    serviceName: r.serviceName ?? 'Appuntamento',
    staffMemberId: r.booking.staffMemberId ?? '',
    staffName: r.staffName ? `${r.staffName} ${r.staffLastname ?? ''}`.trim() : '',
    pazienteId: r.booking.pazienteId,
    pazienteName: r.patient ? patientDisplayName(r.patient as Parameters<typeof patientDisplayName>[0]) : 'Paziente',
    newPatient: r.booking.newPatient,
    note: r.booking.note,
    createdAt: r.booking.createdAt.toISOString(),
    cancelReason: r.booking.cancelReason,
    identityCheck:
      r.booking.identityCheck && r.booking.heldCodiceFiscale
        ? {
            reason: r.booking.identityCheck,
            codiceFiscale: r.booking.heldCodiceFiscale,
            holderName: r.holder ? patientDisplayName(r.holder as Parameters<typeof patientDisplayName>[0]) : null,
          }
        : null,
  }));
};

const rowOf = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const [row] = await listStudioBookings(deps, ctx, { id });
  if (!row) throw notFound();
  return row;
};

/** The patient's view and the e-mail facts of a booking, after a change (its link rebuilt from its id). */
const factsOf = async (deps: AppDeps, ctx: StudioContext, b: BookingRow) => {
  const view = await getPublicBooking(deps, cancelTokenOf(deps, b.id), ctx.meta);
  return mailContextOf(deps, ctx, b, view);
};

/** POST /bookings/:id/confirm: STUDIO_PENDING_CONFIRMATION → STUDIO_CONFIRMED, on the booking and its event. */
export const confirmStudioBooking = async (deps: AppDeps, ctx: StudioContext, id: string, log: Log) => {
  const updated = await deps.db.transaction(async (tx) => {
    const b = await repo.findBookingForUpdate(tx, ctx, id);
    if (!b) throw notFound();
    const from = b.status as ReservationStatus;
    if (!canTransition(from, 'STUDIO_CONFIRMED', 'STUDIO')) throw new AppError('CONFLICT', m.invalidTransition(from));
    if (!b.eventId) throw new AppError('CONFLICT', m.eventGone);
    await repo.setEventReservationStatus(tx, ctx, b.eventId, 'STUDIO_CONFIRMED');
    const row = (await repo.updateBooking(tx, ctx, b.id, { status: 'STUDIO_CONFIRMED' })) as BookingRow;
    await recordAudit(tx, ctx, {
      action: 'booking.confirm',
      entityType: 'booking',
      entityId: b.id,
      detail: `${from} → STUDIO_CONFIRMED`,
      pazienteId: b.pazienteId,
    });
    return row;
  });
  await mailStudioConfirmed(deps, await factsOf(deps, ctx, updated), log);
  return rowOf(deps, ctx, id);
};

/**
 * POST /bookings/:id/cancel { reason }: any active booking → STUDIO_CANCELLED. Its calendar event is deleted (the slot
 * is free at once, decision 035) and the row kept with the reason, which the patient's e-mail carries.
 */
export const cancelStudioBooking = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  reason: string | null,
  log: Log,
) => {
  const current = await repo.findBookingForUpdate(deps.db, ctx, id);
  if (!current) throw notFound();
  const now = current.status as ReservationStatus;
  if (!canTransition(now, 'STUDIO_CANCELLED', 'STUDIO')) throw new AppError('CONFLICT', m.invalidTransition(now));
  // the mail's facts (the event's times, the staff member) are read while the event is still there
  const facts = await factsOf(deps, ctx, current);
  const cancelled = await deps.db.transaction(async (tx) => {
    const b = await repo.findBookingForUpdate(tx, ctx, id);
    if (!b) throw notFound();
    const from = b.status as ReservationStatus;
    if (!canTransition(from, 'STUDIO_CANCELLED', 'STUDIO')) throw new AppError('CONFLICT', m.invalidTransition(from));
    if (b.eventId) await deleteAppointmentIn(tx, ctx, b.eventId);
    const row = (await repo.updateBooking(tx, ctx, b.id, {
      status: 'STUDIO_CANCELLED',
      eventId: null,
      cancelReason: reason,
    })) as BookingRow;
    await recordAudit(tx, ctx, {
      action: 'booking.cancel',
      entityType: 'booking',
      entityId: b.id,
      detail: `${from} → STUDIO_CANCELLED`,
      pazienteId: b.pazienteId,
    });
    return row;
  });
  await mailCancelled(deps, facts, 'STUDIO', reason, log);
  return rowOf(deps, ctx, cancelled.id);
};
