import type { CalendarEvent } from '@studiolo/domain/calendar';
import { reminderLinkMessages as m, type ReminderAppointment, reminderLinkPath } from '@studiolo/domain/reminders';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';
import { patientLinkHashOf, patientLinkTokenOf } from '../../shared/patient-link.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { bookingRepository } from '../booking/booking.repository.ts';
import { bookingFlowRepository } from '../booking/flow.repository.ts';
import {
  cancelPublicBooking,
  cancelTokenOf,
  getPublicBooking,
  patientActor,
  unsafePatientContext,
} from '../booking/flow.service.ts';
import { publicStudioOf } from '../booking/public.service.ts';
import { deleteAppointmentIn, deleteOccurrenceIn, getEvent } from '../calendar/events.service.ts';
import { type ReminderRow, reminderScope, remindersRepository as repo } from './reminders.repository.ts';

/**
 * The patient's confirm/cancel link of a reminder (issue 29 item 1, decision 036 "The patient's link").
 *
 * The token is the patient's link token of the reminder's row (shared/patient-link.ts, the same derivation as an online
 * booking's cancel link), its hash stored on the row when the reminder leaves. It names one occurrence (the reminder's
 * occurrence key), which the page shows as the calendar has it now (moved: the new time). It expires when that
 * occurrence starts; confirming and cancelling each work once. An appointment made by online booking is cancelled
 * through the booking's own cancellation (its limit, its status CUSTOMER_CANCELLED, its e-mails): one way to cancel a
 * booking.
 */

type Log = (err: unknown) => void;

/** The token of a reminder's link (the reminder row's id, signed). */
export const reminderLinkTokenOf = (deps: Pick<AppDeps, 'secrets'>, reminderId: string) =>
  patientLinkTokenOf(deps, 'reminder-link', { r: reminderId });
export const reminderLinkUrlOf = (deps: AppDeps, token: string) =>
  `${publicUrl(deps)}${reminderLinkPath}${encodeURIComponent(token)}`;

const notFoundLink = () => new AppError('NOT_FOUND', m.notFound);

/** The reminder of a token, or 404 (forged, or its row is gone). */
const reminderOfToken = async (deps: AppDeps, token: string, meta: RequestMeta) => {
  const row = await repo.unsafeByLinkTokenHash(deps.db, patientLinkHashOf(token));
  if (!row) throw notFoundLink();
  return { row, ctx: unsafePatientContext(row.studioId, meta) };
};

/**
 * The occurrence as the calendar has it now, by the reminder's occurrence key: an appointment, a series' occurrence,
 * or the exception that stands for it (moved or changed alone). Null when it is gone.
 */
export const occurrenceNow = async (deps: AppDeps, db: DbOrTx, ctx: StudioContext, row: ReminderRow) => {
  const at = { ...deps, db };
  const read = (id: string) => getEvent(at, ctx, id).catch(() => null) as Promise<CalendarEvent | null>;
  const key = row.occurrenceKey;
  const [seriesId, stamp] = key.split('_');
  if (!stamp || !seriesId) return read(key);
  const original = new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
  const exceptionId = await repo.exceptionOf(db, reminderScope(row.studioId), seriesId, original);
  return read(exceptionId ?? key);
};

/**
 * The patient's confirmation against the appointment's start now (decision 046): it holds while the appointment is
 * where the patient confirmed it; moved by the studio afterwards, it is the previous start's, and asked again.
 */
export const confirmationOf = (row: Pick<ReminderRow, 'confirmedAt' | 'confirmedStart'>, start: string | null) => {
  if (!row.confirmedAt) return { confirmedAt: null, confirmedPreviousStart: null };
  const previous = row.confirmedStart ?? null;
  if (previous && start !== null && previous.getTime() !== Date.parse(start))
    return { confirmedAt: null, confirmedPreviousStart: previous.toISOString() };
  return { confirmedAt: row.confirmedAt.toISOString(), confirmedPreviousStart: null };
};

/** An appointment made by online booking (decision 035): its own cancellation and limit apply. */
const bookingOf = async (db: DbOrTx, ctx: StudioContext, e: CalendarEvent | null) =>
  e && !e.seriesId && e.reservationStatus ? repo.bookingOfEvent(db, ctx, e.id) : null;

const isCancelledStatus = (s: string) => s === 'CUSTOMER_CANCELLED' || s === 'STUDIO_CANCELLED';

const viewOf = async (
  deps: AppDeps,
  ctx: StudioContext,
  row: ReminderRow,
  e: CalendarEvent | null,
  meta: RequestMeta,
): Promise<ReminderAppointment> => {
  const now = deps.now().getTime();
  const booking = await bookingOf(deps.db, ctx, e);
  if (booking) {
    // the booking's own view: its status, its limit, the same studio block
    const b = await getPublicBooking(deps, cancelTokenOf(deps, booking.id), meta);
    const cancelled = isCancelledStatus(b.status);
    const confirmation = confirmationOf(row, b.start);
    return {
      studio: b.studio,
      serviceName: b.serviceName,
      staffDisplayName: b.staffDisplayName,
      start: b.start,
      end: b.end,
      ...confirmation,
      cancelled,
      confirmable: !cancelled && !confirmation.confirmedAt && now < Date.parse(b.start),
      cancellable: b.cancellable,
      cancelLimitHours: b.cancelLimitHours,
      cancelUntil: b.cancelUntil,
    };
  }
  const [studio, product, staff] = await Promise.all([
    bookingRepository.studio(deps.db, ctx),
    e?.productId ? bookingFlowRepository.productOf(deps.db, ctx, e.productId) : null,
    bookingFlowRepository.staffNames(deps.db, ctx, e?.staffMemberId ? [e.staffMemberId] : []),
  ]);
  if (!studio) throw notFoundLink();
  const start = e?.start ?? row.startAt.toISOString();
  const cancelled = row.cancelledAt !== null;
  const open = !cancelled && e !== null && now < Date.parse(start);
  const confirmation = confirmationOf(row, e?.start ?? null);
  return {
    studio: publicStudioOf(studio),
    serviceName: product?.name ?? 'Appuntamento',
    staffDisplayName: staff[0] ? `${staff[0].name} ${staff[0].lastname}`.trim() : '',
    start,
    end: e?.end ?? new Date(row.startAt.getTime() + 3_600_000).toISOString(),
    ...confirmation,
    cancelled,
    confirmable: open && !confirmation.confirmedAt,
    // a studio's own appointment: until it starts (decision 036: the booking's limit is a rule of online booking)
    cancellable: open,
    cancelLimitHours: 0,
    cancelUntil: start,
  };
};

/** The link is usable while its occurrence has not started (its current start, or the reminded one once gone). */
const checkNotExpired = (deps: AppDeps, row: ReminderRow, e: CalendarEvent | null) => {
  const start = e ? Date.parse(e.start) : row.startAt.getTime();
  if (deps.now().getTime() >= start) throw new AppError('CONFLICT', m.expired);
};

/** GET /appointments/paziente/promemoria?token= */
export const getReminderAppointment = async (deps: AppDeps, token: string, meta: RequestMeta) => {
  const { row, ctx } = await reminderOfToken(deps, token, meta);
  const e = await occurrenceNow(deps, deps.db, ctx, row);
  checkNotExpired(deps, row, e);
  if (!e && !row.cancelledAt) throw new AppError('CONFLICT', m.gone);
  return viewOf(deps, ctx, row, e, meta);
};

/** POST /appointments/paziente/promemoria/conferma { token }: once; recorded on the reminder (its occurrence). */
export const confirmReminderAppointment = async (deps: AppDeps, token: string, meta: RequestMeta) => {
  const found = await reminderOfToken(deps, token, meta);
  const { ctx } = found;
  const scope = reminderScope(ctx.studioId);
  const row = await deps.db.transaction(async (tx) => {
    const r = await repo.lockById(tx, scope, found.row.id);
    if (!r) throw notFoundLink();
    const e = await occurrenceNow(deps, tx, ctx, r);
    checkNotExpired(deps, r, e);
    const booking = await bookingOf(tx, ctx, e);
    if (r.cancelledAt || (booking && isCancelledStatus(booking.status)))
      throw new AppError('CONFLICT', m.alreadyCancelled);
    if (!e) throw new AppError('CONFLICT', m.gone);
    if (confirmationOf(r, e.start).confirmedAt) throw new AppError('CONFLICT', m.alreadyConfirmed);
    const confirmed = { confirmedAt: deps.now(), confirmedStart: new Date(e.start) };
    await repo.update(tx, scope, [r.id], confirmed);
    await recordAudit(tx, patientActor(ctx.studioId, meta), {
      action: 'reminder.confirm',
      entityType: 'event',
      entityId: e.id,
      pazienteId: r.pazienteId,
    });
    return { ...r, ...confirmed };
  });
  return viewOf(deps, ctx, row, await occurrenceNow(deps, deps.db, ctx, row), meta);
};

const romeWhen = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/**
 * POST /appointments/paziente/promemoria/annulla { token }: once; that occurrence only (of a series: an exdate, or its
 * exception removed) is taken off the calendar, as the studio's DELETE does, with the patient as the audit's actor;
 * the reminder keeps when. The studio gets an e-mail. An online booking goes through the booking's cancellation.
 */
export const cancelReminderAppointment = async (deps: AppDeps, token: string, meta: RequestMeta, log: Log) => {
  const found = await reminderOfToken(deps, token, meta);
  const { ctx } = found;
  const scope = reminderScope(ctx.studioId);
  const actor = patientActor(ctx.studioId, meta);
  const e0 = await occurrenceNow(deps, deps.db, ctx, found.row);
  const booking = await bookingOf(deps.db, ctx, e0);
  if (booking) {
    checkNotExpired(deps, found.row, e0);
    if (isCancelledStatus(booking.status)) throw new AppError('CONFLICT', m.alreadyCancelled);
    // the booking's own rule, status and e-mails (its limit answers 409)
    await cancelPublicBooking(deps, cancelTokenOf(deps, booking.id), meta, log);
    await repo.update(deps.db, scope, [found.row.id], { cancelledAt: deps.now() });
    const row = { ...found.row, cancelledAt: deps.now() };
    return viewOf(deps, ctx, row, await occurrenceNow(deps, deps.db, ctx, row), meta);
  }
  const done = await deps.db.transaction(async (tx) => {
    const r = await repo.lockById(tx, scope, found.row.id);
    if (!r) throw notFoundLink();
    const e = await occurrenceNow(deps, tx, ctx, r);
    checkNotExpired(deps, r, e);
    if (r.cancelledAt) throw new AppError('CONFLICT', m.alreadyCancelled);
    if (!e) throw new AppError('CONFLICT', m.gone);
    if (e.seriesId) await deleteOccurrenceIn(tx, ctx, e.id, actor);
    else await deleteAppointmentIn(tx, ctx, e.id, actor);
    await repo.update(tx, scope, [r.id], { cancelledAt: deps.now() });
    await recordAudit(tx, actor, {
      action: 'reminder.cancel',
      entityType: 'event',
      entityId: e.id,
      pazienteId: r.pazienteId,
    });
    return { row: { ...r, cancelledAt: deps.now() }, event: e };
  });
  const view = await viewOf(deps, ctx, done.row, done.event, meta);
  await mailStudioOfCancel(deps, ctx, done.row, view, log);
  return { ...view, confirmable: false, cancellable: false };
};

/** The studio hears of the cancellation (its contatti.email, in its mail log); a failure never undoes it. */
const mailStudioOfCancel = async (
  deps: AppDeps,
  ctx: StudioContext,
  row: ReminderRow,
  view: ReminderAppointment,
  log: Log,
) => {
  try {
    const [studio, patient] = await Promise.all([
      repo.unsafeStudio(deps.db, ctx.studioId),
      repo.patient(deps.db, reminderScope(ctx.studioId), row.pazienteId),
    ]);
    const to = (studio?.contatti as { email?: string | null } | undefined)?.email?.trim();
    if (!to) return;
    const name =
      [patient?.nome, patient?.cognome].filter(Boolean).join(' ') || patient?.ragioneSociale || 'Il paziente';
    const when = romeWhen(view.start);
    await deps.mailer.send({
      studioId: ctx.studioId,
      to,
      subject: m.studioCancelSubject(name, when),
      text: m.studioCancelText(name, when, view.serviceName, view.staffDisplayName),
    });
  } catch (err) {
    log(err);
  }
};
