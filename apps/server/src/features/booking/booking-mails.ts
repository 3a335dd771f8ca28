import { type BookingMailFacts, bookingFlowMessages as m } from '@studiolo/domain/booking';
import ical, { ICalEventStatus } from 'ical-generator';
import type { AppDeps } from '../../deps.ts';

/**
 * The booking flow's e-mails (issue 28 item 5, decision 035): every change of a booking reaches the patient, and the
 * studio hears of each new booking and each cancellation. Sent after the change is committed: a mail that fails is
 * recorded FAILED in the mail log (the mailer does it) and never undoes the booking. The patient's mails are logged
 * under the studio with the cancel link hidden (`hideFromLog`): the link is the patient's credential, not the studio's.
 */

export type BookingMailContext = BookingMailFacts & {
  studioId: string;
  patientEmail: string;
  patientName: string;
  end: Date | string;
  bookingId: string;
};

/** The appointment as an iCalendar file: one VEVENT in UTC, the cancellation link in its description. */
export const bookingIcs = (f: Omit<BookingMailContext, 'patientEmail' | 'studioEmail'>, cancelled = false) => {
  const cal = ical({
    name: f.studioName,
    prodId: { company: 'Studiolo', product: 'Prenotazioni', language: 'IT' },
  });
  cal.createEvent({
    id: `booking-${f.bookingId}@studiolo`,
    start: new Date(f.start),
    end: new Date(f.end),
    summary: `${f.serviceName} - ${f.studioName}`,
    description: `Con: ${f.staffName}\nPer annullare: ${f.cancelUrl}`,
    ...(f.studioAddress ? { location: f.studioAddress } : {}),
    ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
  });
  return cal.toString();
};

const icsAttachment = (f: BookingMailContext) => ({
  filename: 'appuntamento.ics',
  contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  content: bookingIcs(f),
});

/** Sends, and only logs a failure: the booking stands whatever the mail did (the mail log shows it FAILED). */
const sendQuietly = async (
  deps: AppDeps,
  log: (err: unknown) => void,
  mail: Parameters<AppDeps['mailer']['send']>[0],
) => {
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    log(err);
  }
};

/** A new booking: the patient's receipt (pending) or confirmation (automatic), with the .ics; the studio's notice. */
export const mailNewBooking = async (
  deps: AppDeps,
  f: BookingMailContext,
  pending: boolean,
  log: (err: unknown) => void,
) => {
  await sendQuietly(deps, log, {
    studioId: f.studioId,
    to: f.patientEmail,
    subject: pending ? m.pendingMailSubject(f.studioName) : m.bookedMailSubject(f.studioName),
    text: pending ? m.pendingMailText(f) : m.bookedMailText(f),
    attachments: [icsAttachment(f)],
    hideFromLog: [f.cancelUrl],
  });
  if (f.studioEmail)
    await sendQuietly(deps, log, {
      studioId: f.studioId,
      to: f.studioEmail,
      subject: m.studioNewMailSubject(f.patientName, pending),
      text: m.studioNewMailText(f, f.patientName, pending),
    });
};

/** The studio confirmed a pending booking: the patient hears it, with the .ics again. */
export const mailStudioConfirmed = (deps: AppDeps, f: BookingMailContext, log: (err: unknown) => void) =>
  sendQuietly(deps, log, {
    studioId: f.studioId,
    to: f.patientEmail,
    subject: m.studioConfirmedMailSubject(f.studioName),
    text: m.studioConfirmedMailText(f),
    attachments: [icsAttachment(f)],
    hideFromLog: [f.cancelUrl],
  });

/** A cancellation (by the studio, with its reason, or by the patient): both sides hear of it. */
export const mailCancelled = async (
  deps: AppDeps,
  f: BookingMailContext,
  by: 'STUDIO' | 'PATIENT',
  reason: string | null,
  log: (err: unknown) => void,
) => {
  await sendQuietly(deps, log, {
    studioId: f.studioId,
    to: f.patientEmail,
    subject: by === 'STUDIO' ? m.studioCancelledMailSubject(f.studioName) : m.patientCancelledMailSubject(f.studioName),
    text: by === 'STUDIO' ? m.studioCancelledMailText(f, reason) : m.patientCancelledMailText(f),
    hideFromLog: [f.cancelUrl],
  });
  if (f.studioEmail)
    await sendQuietly(deps, log, {
      studioId: f.studioId,
      to: f.studioEmail,
      subject: m.studioCancelMailSubject(f.patientName),
      text: m.studioCancelMailText(f, f.patientName, by === 'PATIENT', reason),
    });
};
