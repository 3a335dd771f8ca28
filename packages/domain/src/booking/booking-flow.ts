import { type ReservationStatus, reservationStatusLabels } from './booking.schema.ts';

/**
 * The booking flow's rules and Italian texts (issue 28, decision 035 "Statuses and transitions"): who may move a
 * booking from which status to which, and every message and e-mail of the code, the booking and its cancellation.
 */

/** Who changes a booking's status. */
export type BookingActor = 'STUDIO' | 'PATIENT';

/**
 * The transitions (decision 035): a pending booking is confirmed or cancelled by the studio, or cancelled by the
 * patient through the link; a confirmed (or automatically booked) one can only be cancelled, by either. The two
 * cancellations are final. Anything else answers 409.
 */
export const bookingTransitions: Record<ReservationStatus, Partial<Record<ReservationStatus, BookingActor>>> = {
  CUSTOMER_BOOKED: { STUDIO_CANCELLED: 'STUDIO', CUSTOMER_CANCELLED: 'PATIENT' },
  STUDIO_PENDING_CONFIRMATION: {
    STUDIO_CONFIRMED: 'STUDIO',
    STUDIO_CANCELLED: 'STUDIO',
    CUSTOMER_CANCELLED: 'PATIENT',
  },
  STUDIO_CONFIRMED: { STUDIO_CANCELLED: 'STUDIO', CUSTOMER_CANCELLED: 'PATIENT' },
  STUDIO_CANCELLED: {},
  CUSTOMER_CANCELLED: {},
};

/** Whether `actor` may move a booking from `from` to `to`. */
export const canTransition = (from: ReservationStatus, to: ReservationStatus, actor: BookingActor) =>
  bookingTransitions[from][to] === actor;

const rome = (iso: Date | string, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', ...opts }).format(new Date(iso));
/** "venerdì 27 novembre 2026 alle 09:30" (Europe/Rome). */
export const bookingWhen = (start: Date | string) =>
  `${rome(start, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })} alle ${rome(start, {
    hour: '2-digit',
    minute: '2-digit',
  })}`;

export type BookingMailFacts = {
  studioName: string;
  serviceName: string;
  staffName: string;
  start: Date | string;
  cancelUrl: string;
  /** The patient's first name (or the company's name), for the greeting. */
  greetingName: string | null;
  /** The studio's address, phone and e-mail as its booking page shows them. */
  studioAddress: string | null;
  studioPhone: string | null;
  studioEmail: string | null;
};

const greeting = (name: string | null) => `Gentile ${name ?? 'paziente'},\n\n`;
const details = (f: BookingMailFacts) =>
  [
    `Prestazione: ${f.serviceName}`,
    `Con: ${f.staffName}`,
    `Quando: ${bookingWhen(f.start)}`,
    `Studio: ${f.studioName}`,
  ].join('\n');
/** The patient's copy: where, and whom to call. */
const patientDetails = (f: BookingMailFacts) => {
  const contacts = [f.studioPhone && `tel. ${f.studioPhone}`, f.studioEmail].filter(Boolean).join(' · ');
  return [
    details(f),
    ...(f.studioAddress ? [`Indirizzo: ${f.studioAddress}`] : []),
    ...(contacts ? [`Contatti: ${contacts}`] : []),
  ].join('\n');
};

export const bookingFlowMessages = {
  notFound: 'Pagina di prenotazione non trovata',
  serviceNotBookable: 'Questa prestazione non si può prenotare online',
  staffNotBookable: 'Questo professionista non offre questa prestazione online',
  slotTaken: 'Questo orario non è più disponibile: scegline un altro',
  codiceFiscaleInvalid: 'Codice fiscale non valido',
  codeSent: (sentTo: string) => `Ti abbiamo inviato un codice a ${sentTo}`,
  codeWrong: 'Codice non valido',
  codeTooManyTries: 'Troppi tentativi: richiedi un nuovo codice',
  codeExpired: 'Il codice è scaduto: richiedi un nuovo codice',
  requestNotFound: 'Richiesta di prenotazione non trovata: richiedine una nuova',
  tooManyRequests: 'Troppe richieste di prenotazione: riprova più tardi',
  booked: 'Prenotazione effettuata',
  bookedPending: 'Richiesta inviata: lo studio la confermerà',
  bookingNotFound: 'Prenotazione non trovata',
  cancelTooLate: 'Non è più possibile annullare online: contatta lo studio',
  alreadyCancelled: 'Questa prenotazione è già stata annullata',
  cancelled: 'Prenotazione annullata',
  confirmed: 'Prenotazione confermata',
  invalidTransition: (from: ReservationStatus) =>
    `Operazione non possibile: la prenotazione è «${reservationStatusLabels[from]}»`,
  eventGone: "L'appuntamento non è più nel calendario: annulla la prenotazione",

  // e-mails to the patient
  codeMailSubject: (studioName: string) => `Il tuo codice per prenotare da ${studioName}`,
  codeMailText: (studioName: string, code: string, minutes: number, greetingName: string | null) =>
    `${greeting(greetingName)}il tuo codice per confermare la prenotazione da ${studioName} è: ${code}\n\nVale ${minutes} minuti. Se non hai chiesto tu una prenotazione, ignora questo messaggio.`,
  /** The code by SMS (decision 035): short, the code first, so a phone's preview shows it. */
  codeSmsText: (studioName: string, code: string, minutes: number) =>
    `${code} è il tuo codice per prenotare da ${studioName}. Vale ${minutes} minuti.`,
  bookedMailSubject: (studioName: string) => `Prenotazione confermata - ${studioName}`,
  pendingMailSubject: (studioName: string) => `Richiesta di prenotazione ricevuta - ${studioName}`,
  bookedMailText: (f: BookingMailFacts) =>
    `${greeting(f.greetingName)}la tua prenotazione è confermata.\n\n${patientDetails(f)}\n\nIn allegato trovi l'appuntamento da aggiungere al calendario.\nPer annullare: ${f.cancelUrl}`,
  pendingMailText: (f: BookingMailFacts) =>
    `${greeting(f.greetingName)}abbiamo ricevuto la tua richiesta di prenotazione: lo studio la confermerà al più presto e riceverai un'altra e-mail.\n\n${patientDetails(f)}\n\nIn allegato trovi l'appuntamento da aggiungere al calendario.\nPer annullare: ${f.cancelUrl}`,
  studioConfirmedMailSubject: (studioName: string) => `Appuntamento confermato - ${studioName}`,
  studioConfirmedMailText: (f: BookingMailFacts) =>
    `${greeting(f.greetingName)}lo studio ha confermato il tuo appuntamento.\n\n${patientDetails(f)}\n\nPer annullare: ${f.cancelUrl}`,
  studioCancelledMailSubject: (studioName: string) => `Appuntamento annullato - ${studioName}`,
  studioCancelledMailText: (f: BookingMailFacts, reason: string | null) =>
    `${greeting(f.greetingName)}lo studio ha annullato il tuo appuntamento.\n\n${patientDetails(f)}${reason ? `\n\nMotivo: ${reason}` : ''}`,
  patientCancelledMailSubject: (studioName: string) => `Prenotazione annullata - ${studioName}`,
  patientCancelledMailText: (f: BookingMailFacts) =>
    `${greeting(f.greetingName)}hai annullato la tua prenotazione.\n\n${patientDetails(f)}`,

  // e-mails to the studio
  studioNewMailSubject: (patientName: string, pending: boolean) =>
    pending ? `Nuova prenotazione da confermare: ${patientName}` : `Nuova prenotazione online: ${patientName}`,
  studioNewMailText: (f: BookingMailFacts, patientName: string, pending: boolean) =>
    `${patientName} ha prenotato online.\n\n${details(f)}\n\n${
      pending
        ? 'La prenotazione aspetta la vostra conferma: Calendario › Prenotazioni da confermare.'
        : "L'appuntamento è già nel calendario."
    }`,
  studioCancelMailSubject: (patientName: string) => `Prenotazione annullata: ${patientName}`,
  studioCancelMailText: (f: BookingMailFacts, patientName: string, byPatient: boolean, reason: string | null) =>
    `${byPatient ? `${patientName} ha annullato la prenotazione online.` : `La prenotazione di ${patientName} è stata annullata dallo studio.`}\n\n${details(f)}${reason ? `\n\nMotivo: ${reason}` : ''}\n\nL'orario è di nuovo libero.`,
} as const;
