import { randomUUID } from 'node:crypto';
import type {
  BookingRequestAnswer,
  BookingSettingsAnswer,
  BookingSlot,
  BookingSlotsAnswer,
  PublicBooking,
  StudioBookingRow,
} from '@studiolo/domain/booking';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailMessages } from '../../src/db/schema/index.ts';
import { depsOf } from './build-test-app.ts';
import { uniqueEmail, validProductInput } from './factories.ts';
import { type ApiResult, api, apiOk } from './http.ts';
import type { TestStudioUser } from './login-as.ts';

/** A studio whose online booking is on: one bookable service given by its owner, open every day 08:00–20:00. */
export type BookingStudio = { owner: TestStudioUser; slug: string; productId: string; memberId: string };

export const openBookingStudio = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  opts: { confirmationMode?: 'AUTO' | 'STUDIO'; cancelLimitHours?: number; durationMinutes?: number } = {},
): Promise<BookingStudio> => {
  const current = await apiOk<BookingSettingsAnswer>(app, {
    method: 'GET',
    url: '/settings/booking',
    token: owner.token,
  });
  const slug = `studio-${randomUUID().slice(0, 8)}`;
  await apiOk(app, {
    method: 'PUT',
    url: '/settings/booking',
    token: owner.token,
    body: {
      ...current.settings,
      enabled: true,
      slug,
      minNoticeMinutes: 0,
      horizonDays: 60,
      slotStepMinutes: 30,
      bufferMinutes: 0,
      cancelLimitHours: opts.cancelLimitHours ?? 24,
      confirmationMode: opts.confirmationMode ?? 'STUDIO',
      closedOnHolidays: false,
      pageText: null,
      embedOrigins: [],
    },
  });
  const product = await apiOk<{ id: string }>(app, {
    method: 'POST',
    url: '/products',
    token: owner.token,
    body: { ...validProductInput(), name: `Seduta ${randomUUID().slice(0, 4)}` },
  });
  await apiOk(app, {
    method: 'PUT',
    url: `/settings/booking/services/${product.id}`,
    token: owner.token,
    body: {
      bookable: true,
      showPrice: true,
      durationMinutes: opts.durationMinutes ?? 60,
      staffMemberIds: [owner.memberId],
      clinicRoomIds: [],
      medicalDeviceIds: [],
    },
  });
  await apiOk(app, {
    method: 'PUT',
    url: `/settings/booking/staff/${owner.memberId}`,
    token: owner.token,
    body: {
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
      exceptions: [],
    },
  });
  return { owner, slug, productId: product.id, memberId: owner.memberId };
};

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The free slots of the studio's service `daysAhead` days from today (a whole day of them). */
export const freeSlots = async (app: FastifyInstance, s: BookingStudio, daysAhead = 3) => {
  const date = isoDate(Date.now() + daysAhead * 86_400_000);
  const answer = await apiOk<BookingSlotsAnswer>(app, {
    method: 'GET',
    url: `/booking/${s.slug}/slots`,
    query: { productId: s.productId, from: date, to: date },
  });
  return answer.days.flatMap((d) => d.slots);
};

export const bookingPatient = (overrides: Record<string, string | null> = {}) => ({
  nome: 'Lucia',
  cognome: 'Neri',
  cellulare: '+39 333 765 4321',
  email: uniqueEmail('paziente'),
  codiceFiscale: null,
  note: null,
  ...overrides,
});

export const bookingRequestBody = (
  s: BookingStudio,
  start: string,
  patient: ReturnType<typeof bookingPatient> = bookingPatient(),
  staffMemberId: string | null = null,
) => ({ slug: s.slug, productId: s.productId, staffMemberId, start, patient, privacyAccepted: true });

export const requestCode = (app: FastifyInstance, body: ReturnType<typeof bookingRequestBody>) =>
  api<BookingRequestAnswer>(app, { method: 'POST', url: '/appointments/paziente/book/code', body });

/** The code of the last booking code mailed to `email` (read from the outbox, as the patient would). */
export const lastBookingCode = async (app: FastifyInstance, email: string) => {
  const mails = await depsOf(app)
    .db.select({ text: mailMessages.text })
    .from(mailMessages)
    .where(eq(mailMessages.to, email.toLowerCase()))
    .orderBy(desc(mailMessages.createdAt))
    .limit(10);
  for (const mail of mails) {
    const code = mail.text.match(/è: (\d{6})/)?.[1];
    if (code) return code;
  }
  throw new Error(`no booking code mailed to ${email}`);
};

export const confirmCode = (app: FastifyInstance, requestId: string, code: string) =>
  api<PublicBooking>(app, { method: 'POST', url: '/appointments/paziente/book', body: { requestId, code } });

/** The cancel token of a booking's link. */
export const tokenOf = (booking: PublicBooking) =>
  decodeURIComponent(new URL(booking.cancelUrl).searchParams.get('token') ?? '');

/** A booking made the whole way (request, code from the outbox, confirmation) at the first free slot of the day. */
export const makeBooking = async (
  app: FastifyInstance,
  s: BookingStudio,
  opts: { patient?: ReturnType<typeof bookingPatient>; daysAhead?: number } = {},
) => {
  const patient = opts.patient ?? bookingPatient();
  // the first free slot from that day on (a day fills up when a suite books many times)
  let slot: BookingSlot | undefined;
  for (let day = opts.daysAhead ?? 3; !slot && day < (opts.daysAhead ?? 3) + 7; day++)
    [slot] = await freeSlots(app, s, day);
  if (!slot) throw new Error('no free slot');
  const req = await requestCode(app, bookingRequestBody(s, slot.start, patient));
  if (req.status !== 202) throw new Error(`code request → ${req.status} ${JSON.stringify(req.body)}`);
  const requestId = req.body.response?.requestId as string;
  const res: ApiResult<PublicBooking> = await confirmCode(
    app,
    requestId,
    await lastBookingCode(app, patient.email as string),
  );
  if (res.status !== 201) throw new Error(`booking → ${res.status} ${JSON.stringify(res.body)}`);
  const booking = res.body.response as PublicBooking;
  const rows = await apiOk<StudioBookingRow[]>(app, { method: 'GET', url: '/bookings', token: s.owner.token });
  // a cancelled booking may have had the same start: the one made now is the active one
  const row = rows.find((r) => r.start === booking.start && r.status === booking.status);
  if (!row) throw new Error('booking not listed');
  return { booking, token: tokenOf(booking), id: row.id, row, patient, slot };
};

/** The booking studio set up per app and studio, so that the suites walking every route set it up once. */
const openedStudios = new WeakMap<FastifyInstance, Map<string, BookingStudio>>();

/** A pending booking in the owner's studio (the tenant suite's 'booking' resource). @returns its id. */
export const createBookingOf = async (app: FastifyInstance, owner: TestStudioUser) => {
  const opened = openedStudios.get(app) ?? new Map<string, BookingStudio>();
  openedStudios.set(app, opened);
  const known = opened.get(owner.studioId);
  if (known) {
    try {
      return (await makeBooking(app, known)).id;
    } catch {
      // another sample changed the studio's booking settings (its slug, hours): set them up again
    }
  }
  const s = await openBookingStudio(app, owner);
  opened.set(owner.studioId, s);
  return (await makeBooking(app, s)).id;
};
