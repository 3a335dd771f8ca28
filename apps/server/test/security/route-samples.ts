import { randomUUID } from 'node:crypto';
import { currentLegalVersion, currentLegalVersions } from '@studiolo/domain/legal';
import sharp from 'sharp';
import { signWebhook } from '../../src/features/einvoicing/webhook-signature.ts';
import { addSmsCredit } from '../../src/features/sms-credit/sms-credit.service.ts';
import { openPortal, payCheckout, signedPaymentEvent, startCheckout } from '../helpers/billing.ts';
import {
  bookingPatient,
  bookingRequestBody,
  freeSlots as freeBookingSlots,
  lastBookingCode,
  makeBooking,
  openBookingStudio,
} from '../helpers/booking.ts';
import type { TestApp } from '../helpers/build-test-app.ts';
import {
  appointmentImportCsv,
  createDocumentWithPatient,
  createTenantResource,
  mainCalendarId,
  patientImportCsv,
  receivedInvoiceXml,
  runAppointmentImport,
  runPatientImport,
  testPassword,
  todayUi,
  uniqueEmail,
  uploadAttachment,
  uploadReceivedInvoice,
  validBodyChartInput,
  validDiaryInput,
  validEvaluationInput,
  validEventInput,
  validFatturaInput,
  validFormTemplateInput,
  validOdiInput,
  validPatientInput,
  validProductInput,
  validProformaInput,
  validStudioInput,
} from '../helpers/factories.ts';
import { type ApiResult, api, apiOk } from '../helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../helpers/login-as.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { sentReminderToken } from '../helpers/reminders.ts';
import {
  createSignatureRequest,
  createSignedRequest,
  drawnSignaturePng,
  multipartForm,
  studioPkcs12,
} from '../helpers/signature.ts';

/**
 * The time a suite that walks every route may take: it grows with the routes (each sample creates what it addresses,
 * some wait for the simulators' answers), so it is the suites', not the one-request tests' 120 s.
 */
// 480 s since online booking's routes (issue 28): their samples make a booking each (code, confirmation) for every role,
// and the role matrix took 343-360 s at load 12-20 on the 2 shared cores
export const routeSuiteTimeoutMs = 480_000;

/** One valid request of a route, built for a given studio owner (creating what it addresses). */
export type RouteRequest = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload: one file, and the text fields sent beside it. */
  file?: { field: string; fileName: string; contentType: string; bytes: Buffer; fields?: Record<string, string> };
  /** Headers a route needs besides the token (a webhook's signature). */
  headers?: Record<string, string>;
  /**
   * The answer every caller gets on the suites' installs (several studios; PostgreSQL), the allowed one included: the
   * backups of the embedded install (decision 041), whose success path is in features/backups/backups.int.test.ts.
   */
  installRefusal?: 409;
};
export type SampleFixture = { t: TestApp; owner: TestStudioUser };
export type RouteSample = (f: SampleFixture) => Promise<RouteRequest>;

export const smallPng = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#1E88E5' } })
    .png()
    .toBuffer();

const invitedMember = async ({ t, owner }: SampleFixture) => {
  const member = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/staff',
    token: owner.token,
    body: { name: 'Sara', lastname: 'Gialli', email: uniqueEmail('invito'), role: 'ROLE_STAFF_COLLABORATORE' },
  });
  return member.id;
};

const patientOf = ({ t, owner }: SampleFixture) => createTenantResource(t.app, owner, 'patient');
const eventOf = ({ t, owner }: SampleFixture) => createTenantResource(t.app, owner, 'event');
const productOf = ({ t, owner }: SampleFixture) => createTenantResource(t.app, owner, 'product');
const clinicalOf = ({ t, owner }: SampleFixture, kind: 'valutazione' | 'diario' | 'misura-esito') =>
  createTenantResource(t.app, owner, kind);
const formTemplateOf = ({ t, owner }: SampleFixture) => createTenantResource(t.app, owner, 'form-template');
const signatureOf = ({ t, owner }: SampleFixture) => createTenantResource(t.app, owner, 'signature');
const signedSignatureOf = async ({ t, owner }: SampleFixture) => (await createSignedRequest(t.app, owner)).id;
const signatureLinkOf = async ({ t, owner }: SampleFixture) => (await createSignatureRequest(t.app, owner)).linkId;

const invoiceOf = ({ t, owner }: SampleFixture) => createDocumentWithPatient(t.app, owner, 'fattura');
const proformaOf = ({ t, owner }: SampleFixture) => createDocumentWithPatient(t.app, owner, 'proforma');
/** An electronic invoice (it goes to the SDI: a natural person, code 0000000). */
const electronicInvoiceOf = ({ t, owner }: SampleFixture) =>
  createDocumentWithPatient(t.app, owner, 'fattura', { tipoDocumento: 'FATTURA_ELETTRONICA' });
/** An electronic invoice already sent, with its attempt's id. */
const sentInvoiceOf = async (f: SampleFixture) => {
  const { id } = await electronicInvoiceOf(f);
  const sent = await apiOk<{ sdiInvii: { id: string }[] }>(f.t.app, {
    method: 'POST',
    url: `/documento-contabile/send-sdi/${id}`,
    token: f.owner.token,
  });
  return { id, invioId: sent.sdiInvii[0]?.id as string };
};

/** The Sistema TS set up for the studio (credentials; the simulator's certificate). */
const sistemaTsConfigured = ({ t, owner }: SampleFixture) =>
  apiOk(t.app, {
    method: 'PATCH',
    url: '/settings/sistema-ts',
    token: owner.token,
    // sent by hand in these samples: the PATCH sample may have turned automatic sending on
    body: {
      cfProprietario: 'RSSMRA85T10A562S',
      password: 'Password-di-prova-1',
      pincode: '1234567890',
      invioAutomatico: false,
    },
  });
/** A paid health invoice to a natural person: an expense due to the Sistema TS. */
const healthExpenseOf = (f: SampleFixture) =>
  createDocumentWithPatient(f.t.app, f.owner, 'fattura', {
    tipoDocumento: 'FATTURA_SANITARIA',
    pagata: true,
    dataIncasso: todayUi(),
    metodoPagamento: 'Carta di credito',
  });
/** A health expense the Sistema TS (the simulator) has accepted. */
const acceptedHealthExpenseOf = async (f: SampleFixture) => {
  await sistemaTsConfigured(f);
  const { id } = await healthExpenseOf(f);
  await apiOk(f.t.app, {
    method: 'POST',
    url: '/sistema-ts/invia',
    token: f.owner.token,
    body: { documentoIds: [id] },
  });
  for (let i = 0; i < 100; i++) {
    const d = await apiOk<{ stato: string }>(f.t.app, {
      method: 'GET',
      url: `/sistema-ts/documento/${id}`,
      token: f.owner.token,
    });
    if (d.stato === 'ACCETTATO') return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the Sistema TS simulator did not accept the expense');
};

const uploadedLogo = async ({ t, owner }: SampleFixture) => {
  const file = multipartFile('file', 'logo.png', 'image/png', await smallPng());
  const res = await t.app.inject({
    method: 'POST',
    url: '/app/api/studio/logo',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': file.contentType },
    payload: file.payload,
  });
  const url = (res.json() as { response: { logo: { assetUrl: string } } }).response.logo.assetUrl;
  return url.split('/').pop() as string;
};

/** Today and a week later in Rome ("YYYY-MM-DD"), a window of free slots inside every horizon. */
const romeWeekAhead = () => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const week = new Date(Date.parse(`${today}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  return { from: today, to: week };
};

/** The owner's online booking turned on (a slug of their own), one bookable service and their weekly hours. */
const bookingOpen = async ({ t, owner }: SampleFixture) => {
  const productId = await productOf({ t, owner });
  const slug = `prova-${owner.studioId.slice(0, 8)}`;
  await apiOk(t.app, { method: 'PUT', url: '/settings/booking', token: owner.token, body: bookingSettingsBody(slug) });
  await apiOk(t.app, {
    method: 'PUT',
    url: `/settings/booking/services/${productId}`,
    token: owner.token,
    body: bookingServiceBody(owner.memberId),
  });
  await apiOk(t.app, {
    method: 'PUT',
    url: `/settings/booking/staff/${owner.memberId}`,
    token: owner.token,
    body: bookingStaffBody(),
  });
  return { slug, productId };
};
const bookingSettingsBody = (slug: string) => ({
  enabled: true,
  slug,
  minNoticeMinutes: 0,
  horizonDays: 60,
  slotStepMinutes: 30,
  bufferMinutes: 0,
  cancelLimitHours: 24,
  confirmationMode: 'STUDIO',
  closedOnHolidays: true,
  pageText: 'Benvenuti',
  embedOrigins: ['https://www.esempio.it'],
});
const bookingServiceBody = (memberId: string) => ({
  bookable: true,
  showPrice: true,
  durationMinutes: 45,
  staffMemberIds: [memberId],
  clinicRoomIds: [],
  medicalDeviceIds: [],
});
const bookingStaffBody = () => ({
  hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
  exceptions: [{ date: '2030-01-02', kind: 'CLOSED', start: null, end: null, note: 'Chiuso' }],
});

/**
 * A valid request for every API route, keyed "METHOD /app/api/path". The security suites fail for a route
 * without one, so each new route brings its sample along.
 */
export const routeSamples: Record<string, RouteSample> = {
  'GET /app/api/health': async () => ({}),
  'GET /app/api/config': async () => ({}),
  'GET /app/api/docs': async () => ({}),
  'POST /app/api/user/signup': async () => ({
    body: {
      email: uniqueEmail(),
      password: testPassword,
      nome: 'Elena',
      cognome: 'Blu',
      legal: currentLegalVersions(),
    },
  }),
  'GET /app/api/legal/documents': async () => ({}),
  'GET /app/api/legal/acceptances': async () => ({}),
  'POST /app/api/legal/acceptances': async () => ({
    body: { documents: [{ id: 'privacy', version: currentLegalVersion('privacy').version }] },
  }),
  'GET /app/api/plans': async () => ({}),
  'POST /app/api/user/login': async ({ owner }) => ({ body: { username: owner.email, password: testPassword } }),
  'POST /app/api/user/login/2fa': async () => ({ body: { challengeToken: 'x'.repeat(40), code: '123456' } }),
  'POST /app/api/user/resetPwd': async ({ owner }) => ({ body: { email: owner.email } }),
  'POST /app/api/user/changePwd': async () => ({ body: { oldPassword: testPassword, password: 'una-nuova-password' } }),
  'GET /app/api/user/getUser': async () => ({}),
  'PUT /app/api/user': async () => ({ body: { nome: 'Giulia', cognome: 'Bianchi' } }),
  'PUT /app/api/user/current-studio': async ({ owner }) => ({ body: { studioId: owner.studioId } }),
  'POST /app/api/user/2fa/setup': async () => ({ body: {} }),
  'POST /app/api/user/2fa/enable': async () => ({ body: { code: '123456' } }),
  'POST /app/api/user/2fa/disable': async () => ({ body: { code: '123456' } }),
  'POST /app/api/user/verify-email': async () => ({ body: { token: 'x'.repeat(43) } }),
  'POST /app/api/user/verify-email/send': async () => ({}),
  // No body: the broken-request suite sends nothing to them, so the owner's session of the suites stays open.
  'POST /app/api/user/logout': async () => ({}),
  'POST /app/api/user/logout-all': async () => ({}),
  'GET /app/api/studio': async () => ({}),
  'PUT /app/api/studio': async () => ({ body: validStudioInput({ professione: 'Osteopata' }) }),
  'POST /app/api/studio': async () => ({ body: validStudioInput() }),
  'POST /app/api/studio/initial-setup': async () => ({ body: { studio: validStudioInput() } }),
  'PUT /app/api/studio/security': async () => ({ body: { requireStaffTwoFactor: false } }),
  // Destructive (decision 040): a second studio of the owner's, made here and asked for by studioId; never the suites'.
  'DELETE /app/api/studio': async ({ t, owner }) => {
    const studio = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/studio',
      token: owner.token,
      body: validStudioInput({ nome: 'Elisa', cognome: 'Neri' }),
    });
    const back = { studioId: owner.studioId };
    await apiOk(t.app, { method: 'PUT', url: '/user/current-studio', token: owner.token, body: back });
    return { query: { studioId: studio.id }, body: { password: testPassword, nomeStudio: 'Neri Elisa' } };
  },
  'POST /app/api/studio/logo': async () => ({
    file: { field: 'file', fileName: 'logo.png', contentType: 'image/png', bytes: await smallPng() },
  }),
  'GET /app/api/public/logos/:assetId': async (f) => ({ params: { assetId: await uploadedLogo(f) } }),
  'GET /app/api/staff': async () => ({}),
  'POST /app/api/staff': async () => ({
    body: { name: 'Paolo', lastname: 'Viola', email: uniqueEmail('nuovo'), role: 'ROLE_STAFF_CONTABILE' },
  }),
  'PUT /app/api/staff/:id': async (f) => ({
    params: { id: await invitedMember(f) },
    body: { name: 'Sara', lastname: 'Gialli', role: 'ROLE_STAFF_ADMIN' },
  }),
  'DELETE /app/api/staff/:id': async (f) => ({ params: { id: await invitedMember(f) } }),
  'POST /app/api/staff/:id/invite': async (f) => ({ params: { id: await invitedMember(f) } }),
  'POST /app/api/staff/invitations/accept': async () => ({ body: { token: 'x'.repeat(40) } }),
  'GET /app/api/settings': async () => ({}),
  'POST /app/api/settings': async () => ({ body: { fattura: { footerText: 'Grazie' }, general: {} } }),
  'PATCH /app/api/settings/fattura': async () => ({ body: { footerText: 'Grazie' } }),
  'PATCH /app/api/settings/sistema-ts': async () => ({
    body: { invioAutomatico: true, cfProprietario: 'RSSMRA85T10A562S' },
  }),
  'PATCH /app/api/settings/cartella-paziente': async () => ({ body: { mostraDatiSanitari: true } }),
  'PATCH /app/api/settings/general': async () => ({ body: { tema: 'chiaro' } }),
  'PATCH /app/api/settings/calendario': async () => ({ body: { slotMinutes: 30 } }),
  'POST /app/api/settings/calendario/rooms': async () => ({ body: { name: 'Stanza 1' } }),
  'POST /app/api/settings/calendario/service-locations': async () => ({ body: { name: 'Sede centrale' } }),
  'POST /app/api/settings/calendario/medical-devices': async () => ({ body: { name: 'Tecar' } }),
  'PATCH /app/api/settings/calendario/rooms/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'calendar-resource') },
    body: { active: false },
  }),
  'PATCH /app/api/settings/calendario/service-locations/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'calendar-resource') },
    body: { name: 'Sede 2' },
  }),
  'PATCH /app/api/settings/calendario/medical-devices/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'calendar-resource') },
    body: { description: 'Nuovo' },
  }),
  'DELETE /app/api/settings/calendario/rooms/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'calendar-resource') },
  }),
  'DELETE /app/api/settings/calendario/service-locations/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'calendar-resource') },
  }),
  'DELETE /app/api/settings/calendario/medical-devices/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'calendar-resource') },
  }),
  'PUT /app/api/settings/fatturazione/sezionali': async () => ({
    body: { name: 'A', active: true, documentTypes: ['TD_01'] },
  }),
  'POST /app/api/settings/documento-contabile-passivo/enable': async () => ({}),
  'POST /app/api/settings/documento-contabile-passivo/disable': async () => ({}),
  'GET /app/api/outbox': async () => ({}),
  'GET /app/api/outbox/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'mail-message') },
  }),
  'GET /app/api/outbox/:id/eml': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'mail-message') },
  }),
  'GET /app/api/admin/outbox': async () => ({}),
  'GET /app/api/audit': async () => ({ query: { limit: '20' } }),
  'GET /app/api/pazienti': async () => ({}),
  'GET /app/api/v2/pazienti': async () => ({ query: { searchText: 'ver', page: '0', size: '20' } }),
  'GET /app/api/pazienti/tags': async () => ({}),
  'GET /app/api/pazienti/:id': async (f) => ({ params: { id: await patientOf(f) } }),
  'POST /app/api/pazienti': async () => ({ body: validPatientInput() }),
  'PUT /app/api/pazienti': async (f) => ({ body: { ...validPatientInput(), id: await patientOf(f) } }),
  'PUT /app/api/pazienti/stato': async (f) => ({ body: { id: await patientOf(f), state: 'UNACTIVE' } }),
  'DELETE /app/api/pazienti/:id': async (f) => ({ params: { id: await patientOf(f) } }),
  'PATCH /app/api/pazienti/:id/tags': async (f) => ({ params: { id: await patientOf(f) }, body: { tag: 'Sportivo' } }),
  'DELETE /app/api/pazienti/:id/tags': async (f) => {
    const id = await patientOf(f);
    await apiOk(f.t.app, {
      method: 'PATCH',
      url: `/pazienti/${id}/tags`,
      token: f.owner.token,
      body: { tag: 'Lombalgia' },
    });
    return { params: { id }, query: { tag: 'Lombalgia' } };
  },
  'GET /app/api/data-exporter/anagrafiche-pazienti': async () => ({}),
  'GET /app/api/pazienti/:id/valutazioni': async (f) => ({ params: { id: await patientOf(f) } }),
  'GET /app/api/valutazioni/:id': async (f) => ({ params: { id: await clinicalOf(f, 'valutazione') } }),
  'GET /app/api/valutazioni/:id/pdf': async (f) => ({ params: { id: await clinicalOf(f, 'valutazione') } }),
  'POST /app/api/valutazioni': async (f) => ({ body: validEvaluationInput(await patientOf(f)) }),
  'PUT /app/api/valutazioni/:id': async (f) => {
    const { pazienteId: _, ...body } = validEvaluationInput(randomUUID(), { tipo: 'CONTROLLO', doloreNrs: 3 });
    return { params: { id: await clinicalOf(f, 'valutazione') }, body };
  },
  'DELETE /app/api/valutazioni/:id': async (f) => ({ params: { id: await clinicalOf(f, 'valutazione') } }),
  'GET /app/api/pazienti/:id/diari': async (f) => ({ params: { id: await patientOf(f) } }),
  'GET /app/api/diari/:id': async (f) => ({ params: { id: await clinicalOf(f, 'diario') } }),
  'POST /app/api/diari': async (f) => {
    // written from its appointment: the event of the same patient
    const pazienteId = await patientOf(f);
    const event = await apiOk<{ id: string }>(f.t.app, {
      method: 'POST',
      url: '/events',
      token: f.owner.token,
      body: await validEventInput(f.t.app, f.owner, { pazienteId }),
    });
    return { body: validDiaryInput(pazienteId, { eventId: event.id }) };
  },
  'PUT /app/api/diari/:id': async (f) => {
    const { pazienteId: _, ...body } = validDiaryInput(randomUUID(), { piano: 'Rivalutare tra due settimane' });
    return { params: { id: await clinicalOf(f, 'diario') }, body };
  },
  'DELETE /app/api/diari/:id': async (f) => ({ params: { id: await clinicalOf(f, 'diario') } }),
  'GET /app/api/pazienti/:id/misure-esito': async (f) => ({ params: { id: await patientOf(f) } }),
  'POST /app/api/misure-esito': async (f) => ({ body: validOdiInput(await patientOf(f)) }),
  'DELETE /app/api/misure-esito/:id': async (f) => ({ params: { id: await clinicalOf(f, 'misura-esito') } }),
  'GET /app/api/data-exporter/valutazioni-pazienti': async (f) => {
    await clinicalOf(f, 'valutazione');
    return {};
  },
  'GET /app/api/data-exporter/diari-pazienti': async (f) => {
    await clinicalOf(f, 'diario');
    return {};
  },
  'GET /app/api/calendars': async () => ({}),
  'GET /app/api/calendars/:id': async (f) => ({ params: { id: await mainCalendarId(f.t.app, f.owner) } }),
  'POST /app/api/calendars': async () => ({ body: { summary: 'Domicili', description: 'Visite a domicilio' } }),
  'PUT /app/api/calendars': async (f) => ({
    body: { id: await createTenantResource(f.t.app, f.owner, 'calendar'), summary: 'Sede 3' },
  }),
  'PUT /app/api/calendars/:id': async (f) => ({
    params: { id: await createTenantResource(f.t.app, f.owner, 'calendar') },
    body: { summary: 'Sede 2' },
  }),
  'GET /app/api/calendars/:id/feed': async (f) => ({ params: { id: await mainCalendarId(f.t.app, f.owner) } }),
  'POST /app/api/calendars/:id/feed': async (f) => ({ params: { id: await mainCalendarId(f.t.app, f.owner) } }),
  'DELETE /app/api/calendars/:id/feed': async (f) => ({ params: { id: await mainCalendarId(f.t.app, f.owner) } }),
  'GET /app/api/calendar-feeds': async () => ({}),
  'PUT /app/api/calendar-feeds/settings': async () => ({ body: { content: 'INIZIALI' } }),
  'GET /app/api/public/calendar-feeds/:file': async (f) => {
    const feed = await apiOk<{ url: string }>(f.t.app, {
      method: 'POST',
      url: `/calendars/${await mainCalendarId(f.t.app, f.owner)}/feed`,
      token: f.owner.token,
    });
    return { params: { file: feed.url.split('/').pop() as string } };
  },
  'GET /app/api/events': async () => ({ query: { start: '2026-11-23', end: '2026-11-29' } }),
  'GET /app/api/events/paziente/:id': async (f) => ({ params: { id: await patientOf(f) } }),
  'GET /app/api/events/:id': async (f) => ({ params: { id: await eventOf(f) } }),
  'POST /app/api/events': async (f) => ({ body: await validEventInput(f.t.app, f.owner) }),
  'PUT /app/api/events': async (f) => ({
    body: { ...(await validEventInput(f.t.app, f.owner, { summary: 'Spostato' })), id: await eventOf(f) },
  }),
  'PUT /app/api/events/paid': async (f) => ({ body: { eventId: await eventOf(f), isPagato: true } }),
  'DELETE /app/api/events/:id': async (f) => ({ params: { id: await eventOf(f) } }),
  'DELETE /app/api/events/recur/:id': async (f) => ({
    params: { id: await eventOf(f) },
    query: { deleteEventOption: 'ALL' },
  }),
  'DELETE /app/api/events/bulk': async (f) => {
    await eventOf(f);
    return { query: { start: '2026-11-23', end: '2026-11-23' } };
  },
  'GET /app/api/events/count': async (f) => {
    await eventOf(f);
    return { query: { start: '2026-11-01', end: '2026-11-30' } };
  },
  'GET /app/api/data-exporter/events': async (f) => {
    await eventOf(f);
    return { query: { start: '2026-11-01', end: '2026-11-30' } };
  },
  'GET /app/api/events/appointments-to-pay': async () => ({ query: { page: '0', size: '25' } }),
  'POST /app/api/events/duplicate': async (f) => ({
    body: { events: [{ id: await eventOf(f), start: '2026-11-30T09:00:00.000Z', end: '2026-11-30T10:00:00.000Z' }] },
  }),
  'PUT /app/api/events/sync-cal': async () => ({}),
  'GET /app/api/google-calendar': async () => ({}),
  'POST /app/api/google-calendar/connect': async () => ({}),
  'DELETE /app/api/google-calendar': async () => ({}),
  // a well-formed state this server never signed: the callback answers 400 whatever else the request says
  'GET /app/api/public/google-calendar/callback': async () => ({
    query: { state: `${'a'.repeat(40)}.${'b'.repeat(43)}`, code: '4/0Acodice-di-prova' },
  }),
  'PUT /app/api/calendars/:id/google': async (f) => ({
    params: { id: await createTenantResource(f.t.app, f.owner, 'calendar') },
    body: { googleCalendarId: null },
  }),
  'GET /app/api/products': async () => ({}),
  'GET /app/api/products/:id': async (f) => ({ params: { id: await productOf(f) } }),
  'POST /app/api/products': async () => ({ body: validProductInput() }),
  'PUT /app/api/products': async (f) => ({
    body: { ...validProductInput(), name: 'Tecarterapia', id: await productOf(f) },
  }),
  'DELETE /app/api/products/:id': async (f) => ({ params: { id: await productOf(f) } }),
  'DELETE /app/api/products': async (f) => ({ query: { productIds: `${await productOf(f)},${await productOf(f)}` } }),
  'GET /app/api/form-template': async () => ({}),
  'GET /app/api/form-template/all': async () => ({}),
  'GET /app/api/form-template/:id': async (f) => ({ params: { id: await formTemplateOf(f) } }),
  'POST /app/api/form-template': async () => ({ body: validFormTemplateInput() }),
  'PUT /app/api/form-template': async (f) => ({ body: { id: await formTemplateOf(f), ...validFormTemplateInput() } }),
  'DELETE /app/api/form-template/:id': async (f) => ({ params: { id: await formTemplateOf(f) } }),
  'POST /app/api/form-template/:id/pdf': async (f) => ({
    params: { id: await formTemplateOf(f) },
    body: { pazienteId: await patientOf(f) },
  }),
  'POST /app/api/form-template/pdf': async (f) => ({
    body: { templateIds: [await formTemplateOf(f), await formTemplateOf(f)], pazienteId: await patientOf(f) },
  }),
  'POST /app/api/signature': async (f) => ({
    body: { pazienteId: await patientOf(f), templateIds: [await formTemplateOf(f)], cellulare: '347 1234567' },
  }),
  'GET /app/api/signature/paziente/:id': async (f) => ({
    params: { id: await patientOf(f) },
    query: { page: '0', size: '25', direction: 'DESC' },
  }),
  'GET /app/api/signature/certificato': async () => ({}),
  'POST /app/api/signature/certificato': async () => ({
    file: {
      field: 'file',
      fileName: 'studio.p12',
      contentType: 'application/x-pkcs12',
      bytes: studioPkcs12(),
      fields: { password: 'segreto' },
    },
  }),
  'DELETE /app/api/signature/certificato': async () => ({}),
  'GET /app/api/signature/:id': async (f) => ({ params: { id: await signatureOf(f) } }),
  'POST /app/api/signature/revoke/:id': async (f) => ({ params: { id: await signatureOf(f) } }),
  'GET /app/api/signature/:id/signedPdf': async (f) => ({ params: { id: await signedSignatureOf(f) } }),
  'GET /app/api/signature/:id/dossier': async (f) => ({ params: { id: await signedSignatureOf(f) } }),
  'GET /app/api/sms/outbox': async () => ({}),
  // public: the link id is the credential (256 random bits); a wrong one answers 404 "Link di firma non valido."
  'GET /app/api/signature/public/:id': async (f) => ({ params: { id: await signatureLinkOf(f) } }),
  'GET /app/api/signature/public/:id/documents/:documentId': async (f) => {
    const request = await createSignatureRequest(f.t.app, f.owner);
    return { params: { id: request.linkId, documentId: request.documents[0]?.id as string } };
  },
  'POST /app/api/signature/public/:id/otp': async (f) => ({ params: { id: await signatureLinkOf(f) } }),
  'POST /app/api/signature/verify': async (f) => {
    const signed = await createSignedRequest(f.t.app, f.owner);
    const res = await f.t.app.inject({
      method: 'GET',
      url: `/app/api/signature/${signed.id}/signedPdf`,
      headers: { authorization: `Bearer ${f.owner.token}` },
    });
    return { file: { field: 'file', fileName: 'firmato.pdf', contentType: 'application/pdf', bytes: res.rawPayload } };
  },
  'POST /app/api/signature/public/:id/sign': async (f) => ({
    params: { id: await signatureLinkOf(f) },
    file: { field: 'signature', fileName: 'firma.png', contentType: 'image/png', bytes: await drawnSignaturePng() },
  }),
  'GET /app/api/documento-contabile/next-documento-id': async () => ({ query: { startDate: todayUi() } }),
  'GET /app/api/documento-contabile': async () => ({ query: { page: '0', size: '25', direction: 'DESC' } }),
  'GET /app/api/documento-contabile/fattura': async () => ({ query: { isPagata: 'false' } }),
  'GET /app/api/documento-contabile/paziente/:id': async (f) => ({ params: { id: await patientOf(f) } }),
  'GET /app/api/documento-contabile/fattura/stats': async () => ({ query: { year: '2026' } }),
  'GET /app/api/documento-contabile/fattura/stats-monthly': async () => ({
    query: { startDate: '01-11-2026', endDate: '30-11-2026' },
  }),
  'GET /app/api/documento-contabile/fattura/invoicing-years': async () => ({}),
  'GET /app/api/analytics/cashflow': async () => ({
    query: { startDate: '2026-01-01', endDate: '2026-12-31', granularity: 'BOTH' },
  }),
  'GET /app/api/analytics/cashflow/summary': async () => ({
    query: { startDate: '2026-01-01', endDate: '2026-12-31' },
  }),
  'GET /app/api/analytics/revenue': async () => ({
    query: { startDate: '2026-01-01', endDate: '2026-12-31', tags: 'sportivo' },
  }),
  'GET /app/api/documento-contabile/:id': async (f) => ({ params: { id: (await invoiceOf(f)).id } }),
  'POST /app/api/documento-contabile': async (f) => ({ body: validFatturaInput(await patientOf(f)) }),
  'PUT /app/api/documento-contabile': async (f) => {
    const { id, pazienteId } = await invoiceOf(f);
    return { body: { ...validFatturaInput(pazienteId, { note: 'Aggiornata' }), id } };
  },
  'PUT /app/api/documento-contabile/:fatturaId/customer': async (f) => ({
    params: { fatturaId: (await invoiceOf(f)).id },
  }),
  'PUT /app/api/documento-contabile/:fatturaId/pagata': async (f) => {
    const { id } = await invoiceOf(f);
    return {
      params: { fatturaId: id },
      body: { fatturaId: id, isPagata: true, dataIncasso: todayUi(), metodoPagamento: 'Contanti' },
    };
  },
  'PUT /app/api/documento-contabile/linked-calendar-events': async (f) => ({
    body: { id: (await invoiceOf(f)).id, eventIds: [] },
  }),
  'DELETE /app/api/documento-contabile/:id': async (f) => ({ params: { id: (await invoiceOf(f)).id } }),
  'POST /app/api/documento-contabile/fattura/createFromProforma/:id': async (f) => ({
    params: { id: (await proformaOf(f)).id },
  }),
  'POST /app/api/documento-contabile/nota-di-credito/from-fattura/:id': async (f) => ({
    params: { id: (await invoiceOf(f)).id },
  }),
  'POST /app/api/documento-contabile/send-sdi/:id': async (f) => ({
    params: { id: (await electronicInvoiceOf(f)).id },
  }),
  'POST /app/api/documento-contabile/sdi-preview': async (f) => ({
    body: validFatturaInput(await patientOf(f), { tipoDocumento: 'FATTURA_ELETTRONICA' }),
  }),
  'GET /app/api/documento-contabile/fattura/:id/download-xml': async (f) => ({
    params: { id: (await electronicInvoiceOf(f)).id },
  }),
  'GET /app/api/documento-contabile/fattura/:id/sdi-invii/:invioId/xml': async (f) => {
    const { id, invioId } = await sentInvoiceOf(f);
    return { params: { id, invioId } };
  },
  'GET /app/api/documento-contabile/fattura/download-xmls': async () => ({
    query: { startDate: '01-01-2026', endDate: '31-12-2026' },
  }),
  'POST /app/api/documento-contabile-passivo/upload': async ({ t, owner }) => {
    await apiOk(t.app, { method: 'POST', url: '/settings/documento-contabile-passivo/enable', token: owner.token });
    return {
      file: {
        field: 'files',
        fileName: 'IT01234567890_FPR01.xml',
        contentType: 'application/xml',
        bytes: Buffer.from(receivedInvoiceXml()),
      },
    };
  },
  'GET /app/api/documento-contabile-passivo': async () => ({ query: { page: '0', size: '25' } }),
  'GET /app/api/sistema-ts/riepilogo': async () => ({ query: { anno: '2026' } }),
  'POST /app/api/sistema-ts/invia': async (f) => {
    await sistemaTsConfigured(f);
    return { body: { documentoIds: [(await healthExpenseOf(f)).id] } };
  },
  'GET /app/api/sistema-ts/documento/:id': async (f) => ({ params: { id: (await healthExpenseOf(f)).id } }),
  'POST /app/api/sistema-ts/documento/:id/cancella': async (f) => ({
    params: { id: await acceptedHealthExpenseOf(f) },
  }),
  'GET /app/api/sistema-ts/trasmissioni': async () => ({ query: { anno: '2026' } }),
  'GET /app/api/sistema-ts/trasmissioni/archivio': async () => ({ query: { anno: '2026' } }),
  'GET /app/api/sistema-ts/trasmissioni/:id/file': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'ts-trasmissione') },
  }),
  'POST /app/api/settings/sistema-ts/verifica': async (f) => {
    await sistemaTsConfigured(f);
    return {};
  },
  'GET /app/api/documento-contabile-passivo/:id/download-xml': async ({ t, owner }) => ({
    params: { id: (await uploadReceivedInvoice(t.app, owner)).id },
  }),
  'POST /app/api/sdi/webhook/acube': async ({ t }) => {
    // an answer about a file this server never sent: verified, then ignored
    const body = { event: 'notification', invoice_uuid: randomUUID(), type: 'RC', message: {} };
    const secret = t.deps.config.ACUBE_WEBHOOK_SECRET as string;
    const headers = signWebhook(
      secret,
      'POST',
      '/app/api/sdi/webhook/acube',
      Buffer.from(JSON.stringify(body)),
      Math.floor(Date.now() / 1000),
    );
    return { body, headers };
  },
  'GET /app/api/proforma/next-documento-id': async () => ({}),
  'GET /app/api/proforma': async () => ({ query: { searchText: 'verdi' } }),
  'GET /app/api/proforma/fattura': async () => ({}),
  'GET /app/api/proforma/paziente/:id': async (f) => ({ params: { id: await patientOf(f) } }),
  'GET /app/api/proforma/:id': async (f) => ({ params: { id: (await proformaOf(f)).id } }),
  'POST /app/api/proforma': async (f) => ({ body: validProformaInput(await patientOf(f)) }),
  'PUT /app/api/proforma': async (f) => {
    const { id, pazienteId } = await proformaOf(f);
    return { body: { ...validProformaInput(pazienteId, { accepted: true }), id } };
  },
  'PUT /app/api/proforma/:id/accepted': async (f) => ({
    params: { id: (await proformaOf(f)).id },
    query: { isAccepted: 'true' },
  }),
  'PUT /app/api/proforma/:id/customer': async (f) => ({ params: { id: (await proformaOf(f)).id } }),
  'DELETE /app/api/proforma/:id': async (f) => ({ params: { id: (await proformaOf(f)).id } }),
  'GET /app/api/casse-previdenziali': async () => ({}),
  'GET /app/api/documento-contabile/:id/pdf': async (f) => ({ params: { id: (await invoiceOf(f)).id } }),
  'GET /app/api/proforma/:id/pdf': async (f) => ({ params: { id: (await proformaOf(f)).id } }),
  'GET /app/api/pazienti/:pazienteId/allegati': async (f) => ({ params: { pazienteId: await patientOf(f) } }),
  'POST /app/api/pazienti/:pazienteId/allegati': async (f) => ({
    params: { pazienteId: await patientOf(f) },
    file: { field: 'file', fileName: 'radiografia.png', contentType: 'image/png', bytes: await smallPng() },
  }),
  'GET /app/api/allegati/:id/download': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'attachment') },
  }),
  'DELETE /app/api/allegati/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'attachment') },
  }),
  'GET /app/api/data-exporter/allegati-pazienti': async ({ t, owner }) => {
    await createTenantResource(t.app, owner, 'attachment');
    return {};
  },
  // the studio moves out (issue 30 item 7): a studio with a patient's file and an invoice, and one patient's ZIP
  'GET /app/api/data-exporter/studio': async ({ t, owner }) => {
    await createTenantResource(t.app, owner, 'attachment');
    await createDocumentWithPatient(t.app, owner, 'fattura');
    return {};
  },
  'GET /app/api/data-exporter/pazienti/:id': async (f) => {
    const id = await patientOf(f);
    await uploadAttachment(f.t.app, f.owner, id);
    return { params: { id } };
  },
  // the patient import (issue 30 item 1, decision 039)
  'POST /app/api/importazioni-pazienti': async () => ({
    file: { field: 'file', fileName: 'pazienti.csv', contentType: 'text/csv', bytes: patientImportCsv(3) },
  }),
  'GET /app/api/importazioni-pazienti/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'patient-import') },
  }),
  'GET /app/api/importazioni-pazienti/:id/righe': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'patient-import') },
    query: { filtro: 'tutte' },
  }),
  'PATCH /app/api/importazioni-pazienti/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'patient-import') },
    body: { tags: ['Importati'], choices: [{ row: 2, choice: 'skip' }] },
  }),
  'POST /app/api/importazioni-pazienti/:id/avvio': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'patient-import') },
  }),
  'GET /app/api/importazioni-pazienti/:id/report.csv': async ({ t, owner }) => {
    const id = await createTenantResource(t.app, owner, 'patient-import');
    await apiOk(t.app, { method: 'POST', url: `/importazioni-pazienti/${id}/avvio`, token: owner.token });
    return { params: { id } };
  },
  'POST /app/api/importazioni-pazienti/:id/annulla': async ({ t, owner }) => {
    const id = await createTenantResource(t.app, owner, 'patient-import');
    await runPatientImport(t.app, owner, id);
    return { params: { id } };
  },
  'POST /app/api/importazioni-appuntamenti': async ({ t, owner }) => ({
    file: {
      field: 'file',
      fileName: 'appuntamenti.csv',
      contentType: 'text/csv',
      bytes: await appointmentImportCsv(t.app, owner, 3),
    },
  }),
  'GET /app/api/importazioni-appuntamenti/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'appointment-import') },
  }),
  'GET /app/api/importazioni-appuntamenti/:id/righe': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'appointment-import') },
    query: { filtro: 'tutte' },
  }),
  'PATCH /app/api/importazioni-appuntamenti/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'appointment-import') },
    body: { pastPaid: false, choices: [{ row: 2, choice: 'skip' }] },
  }),
  'POST /app/api/importazioni-appuntamenti/:id/avvio': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'appointment-import') },
  }),
  'GET /app/api/importazioni-appuntamenti/:id/report.csv': async ({ t, owner }) => {
    const id = await createTenantResource(t.app, owner, 'appointment-import');
    await apiOk(t.app, { method: 'POST', url: `/importazioni-appuntamenti/${id}/avvio`, token: owner.token });
    return { params: { id } };
  },
  'POST /app/api/importazioni-appuntamenti/:id/annulla': async ({ t, owner }) => {
    const id = await createTenantResource(t.app, owner, 'appointment-import');
    await runAppointmentImport(t.app, owner, id);
    return { params: { id } };
  },
  'GET /app/api/body-charts/images': async () => ({}),
  'GET /app/api/pazienti/:pazienteId/body-charts': async (f) => ({ params: { pazienteId: await patientOf(f) } }),
  'POST /app/api/pazienti/:pazienteId/body-charts': async (f) => ({
    params: { pazienteId: await patientOf(f) },
    body: validBodyChartInput(),
  }),
  'GET /app/api/body-charts/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'body-chart') },
  }),
  'PUT /app/api/body-charts/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'body-chart') },
    body: { ...validBodyChartInput(), title: 'Dolore cervicale' },
  }),
  'DELETE /app/api/body-charts/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'body-chart') },
  }),
  // online booking (decision 035): the studio's settings and the public page's reads
  'GET /app/api/settings/booking': async () => ({}),
  'PUT /app/api/settings/booking': async ({ owner }) => ({
    body: bookingSettingsBody(`prova-${owner.studioId.slice(0, 8)}`),
  }),
  'PUT /app/api/settings/booking/services/:productId': async (f) => ({
    params: { productId: await productOf(f) },
    body: bookingServiceBody(f.owner.memberId),
  }),
  'PUT /app/api/settings/booking/staff/:memberId': async ({ owner }) => ({
    params: { memberId: owner.memberId },
    body: bookingStaffBody(),
  }),
  'GET /app/api/settings/booking/qr.png': async () => ({}),
  'GET /app/api/settings/booking/qr.svg': async () => ({}),
  'GET /app/api/booking/:slug': async (f) => ({ params: { slug: (await bookingOpen(f)).slug } }),
  'GET /app/api/booking/:slug/slots': async (f) => {
    const { slug, productId } = await bookingOpen(f);
    return { params: { slug }, query: { productId, ...romeWeekAhead() } };
  },
  // online booking's flow (decision 035): public; the request id and the cancel token are the patient's handles
  'POST /app/api/appointments/paziente/book/code': async ({ t, owner }) => {
    const s = await openBookingStudio(t.app, owner);
    const [slot] = await freeBookingSlots(t.app, s);
    return { body: bookingRequestBody(s, slot?.start as string) };
  },
  'POST /app/api/appointments/paziente/book': async ({ t, owner }) => {
    const s = await openBookingStudio(t.app, owner);
    const [slot] = await freeBookingSlots(t.app, s);
    const patient = bookingPatient();
    const req = await apiOk<{ requestId: string }>(t.app, {
      method: 'POST',
      url: '/appointments/paziente/book/code',
      body: bookingRequestBody(s, slot?.start as string, patient),
    });
    return { body: { requestId: req.requestId, code: await lastBookingCode(t.app, patient.email) } };
  },
  'GET /app/api/appointments/paziente/booking': async ({ t, owner }) => ({
    query: { token: (await makeBooking(t.app, await openBookingStudio(t.app, owner))).token },
  }),
  'GET /app/api/appointments/paziente/booking.ics': async ({ t, owner }) => ({
    query: { token: (await makeBooking(t.app, await openBookingStudio(t.app, owner))).token },
  }),
  'POST /app/api/appointments/paziente/cancel': async ({ t, owner }) => ({
    body: { token: (await makeBooking(t.app, await openBookingStudio(t.app, owner))).token },
  }),
  'GET /app/api/bookings': async () => ({ query: { status: 'STUDIO_PENDING_CONFIRMATION' } }),
  'POST /app/api/bookings/:id/confirm': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'booking') },
  }),
  'POST /app/api/bookings/:id/cancel': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'booking') },
    body: { reason: 'Lo studio è chiuso per lavori' },
  }),
  // subscriptions and SMS packs (decision 037); the simulator's pages are public, like the provider's own
  'GET /app/api/stripe-products': async () => ({}),
  'GET /app/api/stripe-products/sms': async () => ({}),
  'GET /app/api/stripe-integration': async () => ({
    query: { priceId: 'price_local_pro_month', urlAfterCheckout: '/calendar/settings' },
  }),
  'GET /app/api/stripe-integration/billing': async ({ t, owner }) => {
    await payCheckout(t, owner);
    return {};
  },
  'GET /app/api/stripe-integration/prices/:id': async () => ({ params: { id: 'price_local_sms_100' } }),
  'GET /app/api/stripe-integration/subscription': async () => ({}),
  'GET /app/api/stripe-integration/invoices': async () => ({}),
  'POST /app/api/stripe-integration/webhook': async ({ t }) =>
    // an event of a type the app does not use: verified, recorded, ignored
    signedPaymentEvent(t, 'customer.updated', { id: `cus_sample_${randomUUID().slice(0, 8)}` }),
  'GET /app/api/stripe-integration/simulator/checkout/:id': async ({ t, owner }) => ({
    params: { id: (await startCheckout(t, owner)).id },
  }),
  'POST /app/api/stripe-integration/simulator/checkout/:id/pay': async ({ t, owner }) => ({
    params: { id: (await startCheckout(t, owner)).id },
  }),
  'GET /app/api/stripe-integration/simulator/portal/:id': async ({ t, owner }) => {
    await payCheckout(t, owner);
    return { params: { id: (await openPortal(t, owner)).id } };
  },
  'POST /app/api/stripe-integration/simulator/portal/:id/cancel': async ({ t }) => {
    // a studio of its own: the subscription it makes (then cancels) must not change the plan of the suites' owner
    const subscriber = await createStudioOwner(t.app);
    await payCheckout(t, subscriber, 'price_local_basic_month');
    return { params: { id: (await openPortal(t, subscriber)).id } };
  },
  // referral programme and global banner (decision 038)
  'GET /app/api/user-referrals': async () => ({}),
  'POST /app/api/user-referrals': async () => ({
    body: { userInviteeEmail: uniqueEmail('amico'), invitationReason: 'Ti piacerà' },
  }),
  'DELETE /app/api/user-referrals/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'referral') },
  }),
  'GET /app/api/global-notifications': async () => ({}),
  'PUT /app/api/global-notifications': async () => ({
    body: {
      title: 'Avviso',
      descriptionTitle: 'Dettagli',
      descriptionBody: '<p>Testo</p>',
      showBanner: true,
      showBtnShareInvito: false,
      whatsappShareMsg: 'Ciao',
    },
  }),
  // SMS credit (decision 036): the consumption meter calls of spec part 2 §7
  'GET /app/api/consumption-meter': async () => ({}),
  'GET /app/api/consumption-meter/SMS_APPOINTMENT_REMINDER': async () => ({}),
  'GET /app/api/consumption-meter/:id': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'consumption-meter') },
  }),
  'PATCH /app/api/consumption-meter/enable': async ({ t, owner }) => ({
    body: { consumptionMeterId: await createTenantResource(t.app, owner, 'consumption-meter'), enabled: true },
  }),
  // server to server (the secret in the body); the studio is given credit first, so the sample itself succeeds
  'PATCH /app/api/consumption-meter/SMS_APPOINTMENT_REMINDER': async ({ t, owner }) => {
    await t.deps.db.transaction((tx) =>
      addSmsCredit(tx, { studioId: owner.studioId, qty: 5, key: `sample-${randomUUID()}` }),
    );
    return {
      body: {
        secret: t.deps.config.CONSUMPTION_METER_SECRET,
        studioId: owner.studioId,
        qty: 1,
        idempotencyKey: `sample-${randomUUID()}`,
      },
    };
  },
  // Twilio's delivery report of a reminder SMS (decision 036): signed, of a message no reminder has (200, nothing
  // changed) where Twilio is configured; the suites' config has no Twilio account, so it answers 403 before reading
  // anything. The accepted, forged and replayed paths are in features/reminders/sms-status.int.test.ts
  'POST /app/api/sms/twilio/status': async () => ({
    body: { MessageSid: `SM${randomUUID().replaceAll('-', '')}`, MessageStatus: 'delivered' },
    headers: { 'x-twilio-signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
  }),
  // appointment reminders (decision 036); switched off in the sample, so no reminder job runs during the suites
  'GET /app/api/settings/reminders': async () => ({}),
  'PUT /app/api/settings/reminders': async () => ({
    body: {
      enabled: false,
      leadTime: 'DAY_BEFORE',
      dayBeforeTime: '18:30',
      channel: 'SMS_EMAIL',
      text: 'Gentile {nome}, a domani alle {ora} da {studio}.',
      lowBalanceThreshold: 10,
    },
  }),
  // backups of the embedded install (decision 041): refused (409) on an install of several studios and on PostgreSQL
  'GET /app/api/settings/backups': async () => ({}),
  'POST /app/api/settings/backups': async () => ({ installRefusal: 409 }),
  'PUT /app/api/settings/backups': async () => ({ body: { hour: 3, keepDays: 10 }, installRefusal: 409 }),
  'GET /app/api/settings/backups/:name': async () => ({
    params: { name: 'studiolo-backup-20260101-020000.tar.gz' },
    installRefusal: 409,
  }),
  'GET /app/api/events/:id/reminders': async ({ t, owner }) => ({
    params: { id: await createTenantResource(t.app, owner, 'event') },
  }),
  'PUT /app/api/pazienti/:id/promemoria': async (f) => ({
    params: { id: await patientOf(f) },
    body: { remindersOptOut: true },
  }),
  // the patient's link of a sent reminder (decision 036), public: the token is the credential
  'GET /app/api/appointments/paziente/promemoria': async ({ t, owner }) => ({
    query: { token: await sentReminderToken(t.app, owner) },
  }),
  'POST /app/api/appointments/paziente/promemoria/conferma': async ({ t, owner }) => ({
    body: { token: await sentReminderToken(t.app, owner) },
  }),
  'POST /app/api/appointments/paziente/promemoria/annulla': async ({ t, owner }) => ({
    body: { token: await sentReminderToken(t.app, owner) },
  }),
};

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** Whether an allowed caller's answer is the one the sample expects: 2xx, or its install-wide refusal. */
export const allowedAnswer = (req: RouteRequest, res: ApiResult) =>
  req.installRefusal
    ? res.status === req.installRefusal && res.body.code === 'ERROR'
    : res.status >= 200 && res.status < 300;

/** Sends a sample request (or a variant of it) to a route, as the holder of `token`. */
export const sendRoute = async (
  t: TestApp,
  route: { method: string; url: string },
  req: RouteRequest,
  token: string | null,
  extraQuery: Record<string, string> = {},
): Promise<ApiResult> => {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(req.params?.[name] ?? '00000000-0000-4000-8000-000000000000'),
  );
  const url = path.replace(/^\/app\/api/, '');
  const query = { ...req.query, ...extraQuery };
  if (req.file) {
    const { fields = {}, ...one } = req.file;
    const file = multipartForm(fields, [one]);
    const res = await t.app.inject({
      method: route.method as 'POST',
      url: `/app/api${url}`,
      query,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': file.contentType },
      payload: file.payload,
    });
    let body: ApiResult['body'];
    try {
      body = res.json();
    } catch {
      body = { code: 'NOT_JSON' };
    }
    return { status: res.statusCode, body, headers: res.headers };
  }
  return api(t.app, {
    method: route.method as 'GET',
    url,
    token,
    query,
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
  });
};
