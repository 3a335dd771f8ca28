import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { checkCodiceFiscale, codiceFiscaleMatchesName } from '@studiolo/domain/anagrafica';
import {
  type BookingConfirmInput,
  type BookingRequestAnswer,
  type BookingRequestInput,
  type BookingSlot,
  bookingCodeMaxAttempts,
  bookingCodeValidityMinutes,
  busyIndexOf,
  busyIntervalsOfEvents,
  canTransition,
  isFreeIn,
  bookingFlowMessages as m,
  maskEmail,
  maskMobile,
  type PublicBooking,
  type ReservationStatus,
} from '@studiolo/domain/booking';
import { toRomeWall } from '@studiolo/domain/calendar';
import type { PatientData } from '@studiolo/domain/patients';
import { measureSms } from '@studiolo/domain/reminders';
import { studioNameInMessages } from '@studiolo/domain/studio';
import { toE164 } from '../../adapters/sms/sms.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField } from '../../shared/app-error.ts';
import { patientLinkHashOf, patientLinkTokenOf } from '../../shared/patient-link.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { type AuditActor, recordAudit } from '../audit/audit.repository.ts';
import { createEventIn, deleteAppointmentIn } from '../calendar/events.service.ts';
import { patientsRepository } from '../patients/patients.repository.ts';
import { toColumns } from '../patients/patients.service.ts';
import { sendSms } from '../signature/sms.service.ts';
import { addSmsCredit, smsCreditMeter, takeSmsCredit } from '../sms-credit/sms-credit.service.ts';
import { type BookingSettingsRow, bookingRepository } from './booking.repository.ts';
import { type BookingMailContext, bookingIcs, mailCancelled, mailNewBooking } from './booking-mails.ts';
import { type BookingRow, bookingLockKey, bookingFlowRepository as repo } from './flow.repository.ts';
import { openBookingPage, publicStudioOf } from './public.service.ts';
import { loadService, slotsOf } from './slots.service.ts';

/**
 * The patient's side of online booking (issue 28, decision 035): the code request, the booking made with the code in
 * one transaction that serializes on the staff member (and the rooms and devices), the patient's view of the booking,
 * its .ics and its cancellation through the link.
 */

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** How many free slots a 409 offers instead, and how far ahead it looks for them. */
const nextSlotsCount = 6;
const nextSlotsDays = 14;

type Log = (err: unknown) => void;

/**
 * unsafe: the context of a patient's request, with no user: its studio is the one the public slug (or the request's
 * or booking's own row) names, never a value of the request, and it only scopes the queries and writes to that studio.
 */
export const unsafePatientContext = (studioId: string, meta: RequestMeta): StudioContext => ({
  userId: '',
  email: '',
  platformRole: null,
  actorUserId: null,
  actorEmail: null,
  meta,
  studioId,
  role: 'ROLE_USER',
  memberId: '',
  versions: null,
});
/** The audit trail's actor of a patient's request: no user, the studio and where the request came from. */
export const patientActor = (studioId: string, meta: RequestMeta): AuditActor => ({
  userId: null,
  actorUserId: null,
  meta,
  studioId,
});

const codeHashOf = (deps: AppDeps, requestId: string, code: string) =>
  deps.secrets.sign('booking-code', { r: requestId, c: code }).split('.')[1] as string;
/**
 * The cancel token of a booking: the patient's link token of its id (shared/patient-link.ts, as the reminders' link),
 * so every later e-mail can carry the link again; only its SHA-256 is stored (decision 035).
 */
export const cancelTokenOf = (deps: AppDeps, bookingId: string) =>
  patientLinkTokenOf(deps, 'booking-cancel', { b: bookingId });
export const cancelUrlOf = (deps: AppDeps, token: string) =>
  `${publicUrl(deps)}/prenota/annulla?token=${encodeURIComponent(token)}`;
const icsUrlOf = (deps: AppDeps, token: string) =>
  `${publicUrl(deps)}/app/api/appointments/paziente/booking.ics?token=${encodeURIComponent(token)}`;

/**
 * The mobile as it is compared: its last ten digits, whatever the spacing and whether "+39" was written ("347 123
 * 4567" on the page is "+39 347 1234567" on the card). The e-mail and the name must match too.
 */
const normalizeMobile = (mobile: string) => mobile.replace(/[^0-9]/g, '').slice(-10);
const romeDateOf = (instant: number) => new Date(toRomeWall(instant)).toISOString().slice(0, 10);

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** What a stored request holds: the patient's input as checked at the code request (normalised). */
type StoredRequest = BookingRequestInput & { codiceFiscale: string | null };

// ------------------------------------------------------------ the settings, the service and the free slots

type BookableService = Awaited<ReturnType<typeof loadService>>;

/** The free slots of the service in [from, to] (Rome dates): the public page's computation (slots.service.ts), the only one. */
const slotsIn = async (
  db: DbOrTx,
  ctx: StudioContext,
  settings: BookingSettingsRow,
  service: BookableService,
  staffMemberId: string | null,
  from: string,
  to: string,
  now: Date,
) =>
  (
    await slotsOf(
      db,
      ctx,
      settings,
      { productId: service.productId, ...(staffMemberId ? { staffMemberId } : {}), from, to },
      now,
    )
  ).days;

/** The slot at `start` when it is free now for one of the staff members asked for, else null. */
const freeSlotAt = async (
  db: DbOrTx,
  ctx: StudioContext,
  settings: BookingSettingsRow,
  service: BookableService,
  staffMemberId: string | null,
  start: Date,
  now: Date,
) => {
  const date = romeDateOf(start.getTime());
  const days = await slotsIn(db, ctx, settings, service, staffMemberId, date, date, now);
  for (const d of days)
    for (const slot of d.slots)
      if (Date.parse(slot.start) === start.getTime()) {
        const staff = staffMemberId ? slot.staffMemberIds.filter((s) => s === staffMemberId) : slot.staffMemberIds;
        return staff.length > 0 ? { ...slot, staffMemberIds: staff } : null;
      }
  return null;
};

/** The next free slots of the same service and staff member after `after` (the 409's suggestions). */
const nextSlotsOf = async (
  db: DbOrTx,
  ctx: StudioContext,
  settings: BookingSettingsRow,
  service: BookableService,
  staffMemberId: string | null,
  after: Date,
  now: Date,
): Promise<BookingSlot[]> => {
  const fromMs = Math.max(after.getTime(), now.getTime());
  const days = await slotsIn(
    db,
    ctx,
    settings,
    service,
    staffMemberId,
    romeDateOf(fromMs),
    romeDateOf(fromMs + nextSlotsDays * day),
    now,
  );
  const result: BookingSlot[] = [];
  for (const d of days)
    for (const slot of d.slots) {
      if (Date.parse(slot.start) <= after.getTime()) continue;
      result.push(slot);
      if (result.length >= nextSlotsCount) return result;
    }
  return result;
};

/** 409 with the next free slots in the envelope's data (decision 035). */
export class SlotTakenError extends AppError {
  readonly nextSlots: BookingSlot[];
  constructor(nextSlots: BookingSlot[]) {
    super('CONFLICT', m.slotTaken);
    this.nextSlots = nextSlots;
  }
}

// ------------------------------------------------------------ limits

const tooMany = (ttlMs: number) => {
  const minutes = Math.max(1, Math.ceil(ttlMs / minute));
  return new AppError('RATE_LIMITED', m.tooManyRequests, { retryAfterMinutes: minutes });
};

/** The network block of an address: its /24 in IPv4, its /48 in IPv6 (what one provider's customer holds). */
export const networkBlockOf = (ip: string | null) => {
  if (!ip) return 'sconosciuto';
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4) return v4[1] as string;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array(8 - first.length - last.length).fill('0'), ...last];
  return groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
};

/**
 * Codes asked per address, per network block and per e-mail address (across studios), an hour at a time, counted
 * where sign-in counts (shared by the instances on PostgreSQL): 429 past any. No limit refuses a whole studio's page
 * (issue 39 item 4): what bounds the mail a flood makes a studio send is mailing only so many codes an hour to
 * addresses the studio does not know (`mailsCodeTo`). The e-mail is counted by its hash, never stored.
 */
const countCodeRequest = async (deps: AppDeps, ip: string | null, email: string) => {
  const emailKey = createHash('sha256').update(email).digest('base64url').slice(0, 32);
  const [byAddress, byBlock, byEmail] = await Promise.all([
    deps.loginAttempts.hit(`booking:address:${ip ?? 'sconosciuto'}`, hour),
    deps.loginAttempts.hit(`booking:block:${networkBlockOf(ip)}`, hour),
    deps.loginAttempts.hit(`booking:email:${emailKey}`, hour),
  ]);
  if (byAddress.hits > deps.config.RATE_LIMIT_BOOKING_CODES_PER_HOUR_ADDRESS) throw tooMany(byAddress.ttlMs);
  if (byBlock.hits > deps.config.RATE_LIMIT_BOOKING_CODES_PER_HOUR_BLOCK) throw tooMany(byBlock.ttlMs);
  if (byEmail.hits > deps.config.RATE_LIMIT_BOOKING_CODES_PER_HOUR_EMAIL) throw tooMany(byEmail.ttlMs);
};

/**
 * Whether this code goes out: always to an address the studio knows (a booking confirmed from it, or a card with it);
 * to others, up to the hourly number the install allows the studio's page. Past it the request is kept and answered
 * exactly as any other, and nothing is sent: the flood cannot tell, and the studio's own patients still book.
 */
const mailsCodeTo = async (deps: AppDeps, ctx: StudioContext, email: string) => {
  if (await repo.isKnownEmail(deps.db, ctx, email)) return true;
  const fresh = await deps.loginAttempts.hit(`booking:new-addresses:${ctx.studioId}`, hour);
  return fresh.hits <= deps.config.RATE_LIMIT_BOOKING_CODES_PER_HOUR_NEW_ADDRESSES;
};

// ------------------------------------------------------------ step 1: the code

/**
 * POST /appointments/paziente/book/code: checks the request (booking on, service bookable, staff member of the
 * service, the slot free right now, the fiscal code), keeps it with the hash of a 6-digit code for 15 minutes and
 * mails the code. The request holds no slot: the slot is checked again when the code comes back.
 */
export const requestBookingCode = async (
  deps: AppDeps,
  input: BookingRequestInput,
  meta: RequestMeta,
  log: Log,
): Promise<BookingRequestAnswer> => {
  const { settings } = await openBookingPage(deps.db, input.slug);
  const ctx = unsafePatientContext(settings.studioId, meta);
  await countCodeRequest(deps, meta.ip, input.patient.email.toLowerCase());
  const service = await loadService(deps.db, ctx, input.productId, input.staffMemberId);
  let codiceFiscale: string | null = null;
  if (input.patient.codiceFiscale) {
    const check = checkCodiceFiscale(input.patient.codiceFiscale.replace(/\s+/g, '').toUpperCase());
    if (!check.valid) throw invalidField('patient.codiceFiscale', m.codiceFiscaleInvalid);
    codiceFiscale = check.code;
  }
  const now = deps.now();
  const start = new Date(input.start);
  if (!(await freeSlotAt(deps.db, ctx, settings, service, input.staffMemberId, start, now)))
    throw new SlotTakenError(
      await nextSlotsOf(deps.db, ctx, settings, service, input.staffMemberId, start, now).catch(() => []),
    );

  await repo.unsafeDeleteExpiredRequests(deps.db, now);
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + bookingCodeValidityMinutes * minute);
  const email = input.patient.email.toLowerCase();
  const stored: StoredRequest = { ...input, patient: { ...input.patient, email }, codiceFiscale };
  await repo.insertRequest(deps.db, ctx, { id, payload: stored, codeHash: codeHashOf(deps, id, code), expiresAt });
  const answer = { requestId: id, sentTo: maskEmail(email), expiresAt: expiresAt.toISOString() };
  if (!(await mailsCodeTo(deps, ctx, email))) return { ...answer, smsSentTo: null };
  const studio = await repo.studioOf(deps.db, ctx);
  const studioName = studioNameInMessages(studio);
  try {
    await deps.mailer.send({
      // the code is the patient's: never in the studio's outbox
      studioId: null,
      to: email,
      subject: m.codeMailSubject(studioName),
      text: m.codeMailText(studioName, code, bookingCodeValidityMinutes, str(input.patient.nome)),
    });
  } catch (err) {
    await repo.deleteRequest(deps.db, ctx, id);
    log(err);
    throw err;
  }
  const smsSent = await sendCodeBySms(
    deps,
    settings.studioId,
    id,
    input.patient.cellulare,
    m.codeSmsText(studioName, code, bookingCodeValidityMinutes),
  );
  return { ...answer, smsSentTo: smsSent ? maskMobile(input.patient.cellulare) : null };
};

/**
 * The code by SMS too, where the studio has turned SMS on and has credit (decision 035): one credit a segment, taken
 * by the request's key (once), given back when the provider refuses it. The e-mail has already gone: an SMS that
 * cannot go changes nothing but this answer. A real provider's log keeps the text with the code masked.
 */
const sendCodeBySms = async (deps: AppDeps, studioId: string, requestId: string, mobile: string, text: string) => {
  const segments = measureSms(text).segments;
  const taken = await deps.db.transaction(async (tx) => {
    if (!(await smsCreditMeter(tx, studioId)).enabled) return false;
    const take = await takeSmsCredit(tx, { studioId, qty: segments, key: `booking-code:${requestId}` });
    return take.outcome === 'taken';
  });
  if (!taken) return false;
  const status = await sendSms(deps, {
    studioId,
    to: toE164(mobile),
    text,
    recorded: text.replace(/^\d{6}/, '••••••'),
  });
  if (status !== 'FAILED') return true;
  await deps.db.transaction((tx) =>
    addSmsCredit(tx, { studioId, qty: segments, key: `refund:booking-code:${requestId}`, reason: 'adjustment' }),
  );
  return false;
};

// ------------------------------------------------------------ step 2: the booking

/** Checks the code: a wrong one counts (atomically); the fifth wrong one deletes the request. */
const checkCode = async (deps: AppDeps, input: BookingConfirmInput, meta: RequestMeta) => {
  const row = await repo.unsafeFindRequest(deps.db, input.requestId);
  if (!row) throw invalidField('requestId', m.requestNotFound);
  const ctx = unsafePatientContext(row.studioId, meta);
  if (row.expiresAt.getTime() <= deps.now().getTime()) {
    await repo.deleteRequest(deps.db, ctx, row.id);
    throw invalidField('code', m.codeExpired);
  }
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHashOf(deps, row.id, input.code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) return { row, ctx };
  const attempts = await repo.countWrongCode(deps.db, ctx, row.id);
  if (attempts === null) throw invalidField('requestId', m.requestNotFound);
  if (attempts >= bookingCodeMaxAttempts) {
    await repo.deleteRequest(deps.db, ctx, row.id);
    throw invalidField('code', m.codeTooManyTries);
  }
  throw invalidField('code', m.codeWrong);
};

/** A fiscal code typed on the public page that could not go on a card: the studio checks it (issue 39 item 5). */
type HeldIdentity = {
  heldCodiceFiscale: string;
  identityCheck: 'CODICE_FISCALE_IN_ALTRA_SCHEDA' | 'CODICE_FISCALE_NON_CORRISPONDE';
  identityPatientId: string | null;
};

/**
 * The patient of the booking, in the transaction (decision 035 "Identity"). A fiscal code typed on the public page is
 * a claim, never a key by itself: the card holding it is the patient only when its e-mail, mobile and name match too.
 * Otherwise the code is held on the booking for the studio ("Da verificare") and goes on no card, so that it neither
 * attaches the booking to someone else's card nor blocks the studio from registering its owner; so too a code whose
 * letters are not those of the name typed. Then a card whose e-mail, mobile and name all match, else a new card marked
 * as made by online booking. The answer to the patient is the same in every case: the public side learns nothing.
 */
const patientOfBooking = async (tx: DbOrTx, ctx: StudioContext, actor: AuditActor, r: StoredRequest) => {
  const p = r.patient;
  const contacts = { email: p.email, mobile: normalizeMobile(p.cellulare), nome: p.nome, cognome: p.cognome };
  let held: HeldIdentity | null = null;
  if (r.codiceFiscale) {
    const byCode = await patientsRepository.findByCodiceFiscale(tx, ctx, r.codiceFiscale);
    if (byCode) {
      const same = await repo.findPatientByContacts(tx, ctx, { ...contacts, codiceFiscale: r.codiceFiscale });
      if (same) return { id: same, created: false, held };
      held = {
        heldCodiceFiscale: r.codiceFiscale,
        identityCheck: 'CODICE_FISCALE_IN_ALTRA_SCHEDA',
        identityPatientId: byCode.id,
      };
    } else if (!codiceFiscaleMatchesName(r.codiceFiscale, p.nome, p.cognome)) {
      held = {
        heldCodiceFiscale: r.codiceFiscale,
        identityCheck: 'CODICE_FISCALE_NON_CORRISPONDE',
        identityPatientId: null,
      };
    }
  }
  // a code typed is none of the cards' (else the card above): only a card without one can be this patient's
  const byContacts = await repo.findPatientByContacts(tx, ctx, {
    ...contacts,
    ...(r.codiceFiscale ? { codiceFiscale: null } : {}),
  });
  // it goes on a new card only when nothing holds it and it is the name's
  const cardCodiceFiscale = held ? null : r.codiceFiscale;
  if (byContacts) return { id: byContacts, created: false, held };
  const data: PatientData = {
    state: 'ACTIVE',
    tags: [],
    datiGenerali: {
      tipologiaPersona: 'FISICA',
      nome: p.nome,
      cognome: p.cognome,
      ragioneSociale: null,
      sesso: cardCodiceFiscale ? inferSex(cardCodiceFiscale) : 'U',
      codiceFiscale: cardCodiceFiscale,
      partitaIva: null,
      codiceDestinatario: null,
      dataNascita: null,
      comuneNascita: null,
      provinciaNascita: null,
      nazionalita: 'IT',
      isPubblicaAmministrazione: false,
      note: null,
    },
    contatti: { cellulare: p.cellulare, telefono: null, email: p.email, pec: null },
    residenza: { indirizzo: null, cap: null, comune: null, provincia: null },
    datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: true },
  };
  const row = await patientsRepository.insert(tx, ctx, { ...toColumns(data), source: 'ONLINE_BOOKING' });
  await recordAudit(tx, actor, {
    action: 'patient.create',
    entityType: 'patient',
    entityId: row.id,
    detail: 'prenotazione online',
  });
  return { id: row.id, created: true, held };
};
const inferSex = (codiceFiscale: string): 'U' | 'D' => {
  const check = checkCodiceFiscale(codiceFiscale);
  return check.valid ? check.sesso : 'U';
};

type Made = {
  booking: BookingRow;
  token: string;
  status: ReservationStatus;
  staffMemberId: string;
};

/**
 * POST /appointments/paziente/book: the code, then ONE transaction: advisory locks on the staff member(s), rooms and
 * devices (sorted), the slot checked again against the database, the patient matched or made, the calendar event
 * (through the calendar's service) and the bookings row. The loser of a race finds the slot taken: 409 with the next
 * free slots.
 */
export const confirmBooking = async (
  deps: AppDeps,
  input: BookingConfirmInput,
  meta: RequestMeta,
  log: Log,
): Promise<PublicBooking> => {
  const { row, ctx } = await checkCode(deps, input, meta);
  // used once: of two confirmations of one request, only the one that deletes it goes on
  if (!(await repo.deleteRequest(deps.db, ctx, row.id))) throw invalidField('requestId', m.requestNotFound);
  const r = row.payload as unknown as StoredRequest;
  const settings = await bookingRepository.findSettings(deps.db, ctx);
  if (!settings?.enabled || settings.slug !== r.slug) throw new AppError('NOT_FOUND', m.notFound);
  const service = await loadService(deps.db, ctx, r.productId, r.staffMemberId);
  const start = new Date(r.start);
  const end = new Date(start.getTime() + service.durationMinutes * minute);
  const actor = patientActor(ctx.studioId, meta);
  const candidates = r.staffMemberId ? [r.staffMemberId] : service.staffMemberIds;
  const locks = [
    ...candidates.map((id) => bookingLockKey('staff', id)),
    ...service.clinicRoomIds.map((id) => bookingLockKey('room', id)),
    ...service.medicalDeviceIds.map((id) => bookingLockKey('device', id)),
    // one person booking twice at once must not make two patients of themselves
    `booking:patient:${ctx.studioId}:${r.codiceFiscale ?? `${r.patient.email}|${normalizeMobile(r.patient.cellulare)}`}`,
  ];
  const sortedLocks = [...new Set(locks)].sort();
  const status: ReservationStatus =
    settings.confirmationMode === 'AUTO' ? 'CUSTOMER_BOOKED' : 'STUDIO_PENDING_CONFIRMATION';

  const made = await deps.db.transaction(async (tx): Promise<Made | null> => {
    await repo.lockKeys(tx, sortedLocks);
    const now = deps.now();
    const slot = await freeSlotAt(tx, ctx, settings, service, r.staffMemberId, start, now);
    const staffMemberId = slot?.staffMemberIds[0];
    if (!slot || !staffMemberId) return null;
    const room = await freeRoomOf(tx, ctx, service, start, end);
    if (service.clinicRoomIds.length > 0 && !room) return null;
    const patient = await patientOfBooking(tx, ctx, actor, r);
    const calendarId = await repo.firstCalendarId(tx, ctx);
    const event = await createEventIn(
      tx,
      ctx,
      {
        calendarId: calendarId as string,
        summary: service.name,
        start,
        end,
        allDay: false,
        rrule: null,
        color: null,
        pazienteId: patient.id,
        staffMemberId,
        clinicRoomId: room,
        serviceLocationId: null,
        medicalDeviceIds: service.medicalDeviceIds,
        productId: service.productId,
        price: service.priceCents,
        isPagato: false,
        note: r.patient.note,
      },
      { reservationStatus: status, actor },
    );
    const bookingId = randomUUID();
    const token = cancelTokenOf(deps, bookingId);
    const booking = await repo.insertBooking(tx, ctx, {
      id: bookingId,
      eventId: event.id,
      status,
      productId: service.productId,
      staffMemberId,
      pazienteId: patient.id,
      startAt: start,
      endAt: end,
      newPatient: patient.created,
      ...patient.held,
      patientEmail: r.patient.email,
      note: r.patient.note,
      cancelTokenHash: patientLinkHashOf(token),
    });
    await recordAudit(tx, actor, {
      action: 'booking.create',
      entityType: 'booking',
      entityId: booking.id,
      detail: status,
      pazienteId: patient.id,
    });
    return { booking, token, status, staffMemberId };
  });

  if (!made) {
    throw new SlotTakenError(
      await nextSlotsOf(deps.db, ctx, settings, service, r.staffMemberId, start, deps.now()).catch(() => []),
    );
  }
  const view = await publicViewOf(deps, ctx, made.booking, made.token, settings);
  const facts = await mailContextOf(deps, ctx, made.booking, view);
  await mailNewBooking(deps, facts, made.status === 'STUDIO_PENDING_CONFIRMATION', log);
  return view;
};

/**
 * The room of the booking: the first of the service's rooms free for the whole slot (the slot being free, one is),
 * by the domain's busy intervals as freeSlots reads them; null when the service needs none.
 */
const freeRoomOf = async (tx: DbOrTx, ctx: StudioContext, service: BookableService, start: Date, end: Date) => {
  if (service.clinicRoomIds.length <= 1) return service.clinicRoomIds[0] ?? null;
  const rows = await bookingRepository.busyRows(tx, ctx, start, end, {
    staff: [],
    rooms: service.clinicRoomIds,
    devices: [],
  });
  const busy = busyIntervalsOfEvents(rows, start, end);
  return (
    service.clinicRoomIds.find((room) => isFreeIn(busyIndexOf(busy.rooms[room]), start.getTime(), end.getTime())) ??
    null
  );
};

// ------------------------------------------------------------ the patient's view, .ics and cancellation

/** Where and when the booking is now: its event's times while it has one (the studio may have moved it). */
const timesOf = async (db: DbOrTx, ctx: StudioContext, b: BookingRow) => {
  const event = b.eventId ? await repo.eventOf(db, ctx, b.eventId) : null;
  return { start: event?.startAt ?? b.startAt, end: event?.endAt ?? b.endAt, event };
};

const isActive = (s: ReservationStatus) =>
  s === 'CUSTOMER_BOOKED' || s === 'STUDIO_PENDING_CONFIRMATION' || s === 'STUDIO_CONFIRMED';

const publicViewOf = async (
  deps: AppDeps,
  ctx: StudioContext,
  b: BookingRow,
  token: string,
  settings?: BookingSettingsRow | null,
): Promise<PublicBooking> => {
  const s = settings ?? (await bookingRepository.findSettings(deps.db, ctx));
  const [studio, product, staff, times] = await Promise.all([
    bookingRepository.studio(deps.db, ctx),
    b.productId ? repo.productOf(deps.db, ctx, b.productId) : null,
    repo.staffNames(deps.db, ctx, b.staffMemberId ? [b.staffMemberId] : []),
    timesOf(deps.db, ctx, b),
  ]);
  if (!studio) throw new AppError('NOT_FOUND', m.bookingNotFound);
  const status = b.status as ReservationStatus;
  const limitHours = s?.cancelLimitHours ?? 24;
  const cancelUntil = times.start.getTime() - limitHours * hour;
  return {
    status,
    studio: publicStudioOf(studio),
    serviceName: product?.name ?? 'Appuntamento',
    staffDisplayName: staff[0] ? `${staff[0].name} ${staff[0].lastname}`.trim() : '',
    start: times.start.toISOString(),
    end: times.end.toISOString(),
    cancelUrl: cancelUrlOf(deps, token),
    icsUrl: icsUrlOf(deps, token),
    cancellable: isActive(status) && deps.now().getTime() < cancelUntil,
    cancelLimitHours: limitHours,
    cancelUntil: new Date(cancelUntil).toISOString(),
  };
};

/** Everything an e-mail of the booking says. */
export const mailContextOf = async (
  deps: AppDeps,
  ctx: StudioContext,
  b: BookingRow,
  view: PublicBooking,
): Promise<BookingMailContext> => {
  const [studio, patient] = await Promise.all([
    repo.studioOf(deps.db, ctx),
    repo.patientNameOf(deps.db, ctx, b.pazienteId),
  ]);
  return {
    studioId: ctx.studioId,
    bookingId: b.id,
    studioName: studioNameInMessages(studio),
    serviceName: view.serviceName,
    staffName: view.staffDisplayName,
    start: view.start,
    end: view.end,
    cancelUrl: view.cancelUrl,
    // the contacts and address the patient's page shows (publicStudioOf)
    studioPhone: view.studio.phone,
    studioEmail: view.studio.email,
    studioAddress: view.studio.address,
    greetingName: patient && (str(patient.ragioneSociale) ?? str(patient.nome)),
    patientEmail: b.patientEmail ?? '',
    // the mail's "Lucia Neri", not the list's "Neri Lucia"
    patientName:
      (patient &&
        (str(patient.ragioneSociale) ??
          ([str(patient.nome), str(patient.cognome)].filter(Boolean).join(' ') || null))) ??
      'Paziente',
  };
};

/** The booking of a cancel token, or 404 (a forged or unknown token). */
const bookingOfToken = async (deps: AppDeps, token: string, meta: RequestMeta) => {
  const booking = await repo.unsafeFindBookingByTokenHash(deps.db, patientLinkHashOf(token));
  if (!booking) throw new AppError('NOT_FOUND', m.bookingNotFound);
  return { booking, ctx: unsafePatientContext(booking.studioId, meta) };
};

/** GET /appointments/paziente/booking?token= */
export const getPublicBooking = async (deps: AppDeps, token: string, meta: RequestMeta) => {
  const { booking, ctx } = await bookingOfToken(deps, token, meta);
  return publicViewOf(deps, ctx, booking, token);
};

/** GET /appointments/paziente/booking.ics?token= */
export const publicBookingIcs = async (deps: AppDeps, token: string, meta: RequestMeta) => {
  const { booking, ctx } = await bookingOfToken(deps, token, meta);
  const view = await publicViewOf(deps, ctx, booking, token);
  const facts = await mailContextOf(deps, ctx, booking, view);
  return bookingIcs(facts, !isActive(view.status));
};

/**
 * POST /appointments/paziente/cancel { token }: until cancelLimitHours before the start; deletes the calendar event
 * and keeps the booking as CUSTOMER_CANCELLED (decision 035). Both sides get an e-mail.
 */
export const cancelPublicBooking = async (deps: AppDeps, token: string, meta: RequestMeta, log: Log) => {
  const found = await bookingOfToken(deps, token, meta);
  const { ctx } = found;
  const actor = patientActor(ctx.studioId, meta);
  const settings = await bookingRepository.findSettings(deps.db, ctx);
  const limitHours = settings?.cancelLimitHours ?? 24;
  const before = await publicViewOf(deps, ctx, found.booking, token, settings);
  const cancelled = await deps.db.transaction(async (tx) => {
    const b = await repo.findBookingForUpdate(tx, ctx, found.booking.id);
    if (!b) throw new AppError('NOT_FOUND', m.bookingNotFound);
    const status = b.status as ReservationStatus;
    if (!isActive(status)) throw new AppError('CONFLICT', m.alreadyCancelled);
    if (!canTransition(status, 'CUSTOMER_CANCELLED', 'PATIENT'))
      throw new AppError('CONFLICT', m.invalidTransition(status));
    const { start } = await timesOf(tx, ctx, b);
    if (deps.now().getTime() >= start.getTime() - limitHours * hour) throw new AppError('CONFLICT', m.cancelTooLate);
    if (b.eventId) await deleteAppointmentIn(tx, ctx, b.eventId, actor);
    const updated = await repo.updateBooking(tx, ctx, b.id, { status: 'CUSTOMER_CANCELLED', eventId: null });
    await recordAudit(tx, actor, {
      action: 'booking.cancel',
      entityType: 'booking',
      entityId: b.id,
      detail: `${status} → CUSTOMER_CANCELLED`,
      pazienteId: b.pazienteId,
    });
    return updated as BookingRow;
  });
  const view = { ...before, status: 'CUSTOMER_CANCELLED' as const, cancellable: false };
  const facts = await mailContextOf(deps, ctx, cancelled, view);
  await mailCancelled(deps, facts, 'PATIENT', null, log);
  return view;
};
