import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codiceFiscaleCheckChar, codiceFiscaleNamePart, codiceFiscaleSurnamePart } from '@studiolo/domain/anagrafica';
import type { PatientInput } from '@studiolo/domain/patients';
import { formatUiDate } from '@studiolo/domain/shared';
import type { StudioInput } from '@studiolo/domain/studio';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TenantResource } from '../../src/plugins/access.ts';
import { createBookingOf } from './booking.ts';
import { apiOk } from './http.ts';
import type { TestStudioUser } from './login-as.ts';
import { multipartFile } from './multipart.ts';

/** A unique e-mail per call: tests isolate by creating their own users and studios. */
export const uniqueEmail = (prefix = 'utente') => `${prefix}.${randomUUID().slice(0, 8)}@example.it`;

export const testPassword = 'una-password-sicura';

/** Valid studio data of a physiotherapist (FISICA), as the on-boarding form sends it. */
export const validStudioInput = (overrides: Partial<StudioInput> = {}): StudioInput => ({
  tipologiaPersona: 'FISICA',
  nome: 'Mario',
  cognome: 'Rossi',
  ragioneSociale: null,
  sesso: 'U',
  codiceFiscale: 'RSSMRA85T10A562S',
  partitaIva: '01234567897',
  iscrizioneAlbo: 'Albo FT n. 1234 Bologna',
  professione: 'Fisioterapista',
  contatti: { email: 'studio@example.it', cellulare: '+39 333 1234567', telefono: null, pec: null },
  residenza: { indirizzo: 'Via Roma 1', cap: '40100', comune: 'Bologna', provincia: 'BO' },
  coordinateBancarie: {
    intestatario: 'Mario Rossi',
    nomeBanca: 'Banca di Bologna',
    iban: 'IT60X0542811101000000123456',
    bicSwift: null,
  },
  tassazione: { regimeFiscale: 'RF_19' },
  ...overrides,
});

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const monthLetters = 'ABCDEHLMPRST';
const pick = (alphabet: string) => alphabet[Math.floor(Math.random() * alphabet.length)] as string;

/** A valid personal fiscal code never seen before (random letters, a real date, the right check character). */
export const randomCodiceFiscale = (sex: 'U' | 'D' = 'U', name?: { nome: string; cognome: string }): string => {
  const day = 1 + Math.floor(Math.random() * 28) + (sex === 'D' ? 40 : 0);
  const year = 50 + Math.floor(Math.random() * 45);
  const letters6 = name
    ? `${codiceFiscaleSurnamePart(name.cognome)}${codiceFiscaleNamePart(name.nome)}`
    : Array.from({ length: 6 }, () => pick(letters)).join('');
  const first15 = `${letters6}${year}${pick(monthLetters)}${String(day).padStart(2, '0')}H501`;
  return first15 + codiceFiscaleCheckChar(first15);
};

/** A patient who can be invoiced: a person with a fresh fiscal code, contacts and a complete address. */
export const validPatientInput = (overrides: Partial<PatientInput> = {}): PatientInput => ({
  datiGenerali: {
    tipologiaPersona: 'FISICA',
    nome: 'Giulia',
    cognome: 'Verdi',
    sesso: 'D',
    codiceFiscale: randomCodiceFiscale('D'),
    dataNascita: '12-03-1984',
    comuneNascita: 'Roma',
    provinciaNascita: 'RM',
    nazionalita: 'IT',
  },
  contatti: { cellulare: '+39 347 1234567', telefono: null, email: 'giulia.verdi@example.it', pec: null },
  residenza: { indirizzo: 'Via Garibaldi 7', cap: '40121', comune: 'Bologna', provincia: 'BO' },
  datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: true },
  ...overrides,
});

/** A 45-minute physiotherapy session. */
export const validProductInput = () => ({
  name: 'Seduta di fisioterapia',
  price: 45,
  grossPrice: 45,
  duration: 45,
  codiceIvaId: null,
  status: 'ACTIVE',
});

/** A consent form with patient and studio tokens (a unique title, not shared). */
export const validFormTemplateInput = () => ({
  title: `Consenso informato ${randomUUID().slice(0, 6)}`,
  content:
    '<h2>Consenso al trattamento</h2><p>Io sottoscritto/a <strong>{{paziente.nomeCompleto}}</strong>, codice fiscale {{paziente.codiceFiscale}}, acconsento al trattamento presso {{studio.nome}}.</p>',
  sharedWithCommunity: false,
});

/** An initial evaluation of a patient as the form sends it. */
export const validEvaluationInput = (pazienteId: string, overrides: Record<string, unknown> = {}) => ({
  pazienteId,
  tipo: 'INIZIALE',
  data: '2026-11-23',
  motivoInvio: 'Lombalgia da tre settimane',
  anamnesi: 'Impiegata, lavoro sedentario. Nessun trauma.',
  doloreNrs: 6,
  doloreSede: 'Zona lombare destra',
  doloreCaratteristiche: 'Sordo, peggiora da seduta',
  esameObiettivo: 'Contrattura paravertebrale destra',
  testFunzionali: 'Lasègue negativo',
  articolarita: [{ distretto: 'Rachide lombare', movimento: 'Flessione', lato: null, attivo: 60, passivo: 70 }],
  diagnosi: 'Lombalgia aspecifica',
  obiettivi: 'Ridurre il dolore sotto 3',
  pianoTrattamento: 'Terapia manuale ed esercizio, 2 sedute a settimana',
  ...overrides,
});

/** A diary entry (SOAP) of a patient, not linked to an appointment. */
export const validDiaryInput = (pazienteId: string, overrides: Record<string, unknown> = {}) => ({
  pazienteId,
  data: '2026-11-23',
  soggettivo: 'Dolore ridotto rispetto alla seduta precedente',
  oggettivo: 'Flessione migliorata',
  valutazione: 'Buona risposta al trattamento',
  piano: 'Proseguire con esercizi di stabilizzazione',
  trattamenti: 'Mobilizzazione lombare, esercizi',
  ...overrides,
});

/** An ODI answered in full: 20 points of 50, 40 %. */
export const validOdiInput = (pazienteId: string, data = '2026-11-23') => ({
  pazienteId,
  codice: 'ODI',
  data,
  risposte: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`odi${i + 1}`, 2])),
});

/** Today as the invoice form sends it (DD-MM-YYYY, Europe/Rome). */
export const todayUi = () => formatUiDate(new Date());

/** An exempt health invoice of one 50 € session for a patient, numbered by the server, dated today. */
export const validFatturaInput = (pazienteId: string, overrides: Record<string, unknown> = {}) => ({
  pazienteId,
  dataFattura: todayUi(),
  prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 }],
  ...overrides,
});

/** A pro-forma of two sessions for a patient, dated today. */
export const validProformaInput = (pazienteId: string, overrides: Record<string, unknown> = {}) => ({
  pazienteId,
  data: todayUi(),
  prestazione: [{ descrizione: 'Ciclo di fisioterapia', quantita: 2, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 }],
  ...overrides,
});

/** An invoice (or pro-forma) with its own new patient. @returns both ids. */
export const createDocumentWithPatient = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  kind: 'fattura' | 'proforma',
  overrides: Record<string, unknown> = {},
) => {
  const pazienteId = await createTenantResource(app, owner, 'patient');
  const doc = await apiOk<{ id: string }>(app, {
    method: 'POST',
    url: kind === 'fattura' ? '/documento-contabile' : '/proforma',
    token: owner.token,
    body: kind === 'fattura' ? validFatturaInput(pazienteId, overrides) : validProformaInput(pazienteId, overrides),
  });
  return { id: doc.id, pazienteId };
};

/** The studio's first calendar ("Calendario principale"). */
export const mainCalendarId = async (app: FastifyInstance, owner: TestStudioUser) => {
  const { calendars } = await apiOk<{ calendars: { id: string }[] }>(app, {
    method: 'GET',
    url: '/calendars',
    token: owner.token,
  });
  const first = calendars[0];
  if (!first) throw new Error('the studio has no calendar');
  return first.id;
};

/** A one-hour appointment on Monday 23 November 2026 at 10:00 in Rome, on the main calendar. */
export const validEventInput = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  overrides: Record<string, unknown> = {},
) => ({
  calendarId: await mainCalendarId(app, owner),
  summary: 'Seduta',
  start: '2026-11-23T09:00:00.000Z',
  end: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

/**
 * One studio-owned resource of the given kind, created through the API as its owner would, for the
 * generic tenant-isolation suite. @returns the id the resource's routes take as their path parameter.
 */
export const createTenantResource = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  resource: TenantResource,
): Promise<string> => {
  switch (resource) {
    case 'calendar-resource': {
      // A room: the :id routes of every kind address a resource by its id alone.
      const room = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/settings/calendario/rooms',
        token: owner.token,
        body: { name: `Stanza ${randomUUID().slice(0, 4)}`, description: null, active: true },
      });
      return room.id;
    }
    case 'mail-message': {
      const email = uniqueEmail('posta');
      await apiOk(app, {
        method: 'POST',
        url: '/staff',
        token: owner.token,
        body: { name: 'Marta', lastname: 'Grigi', email, role: 'ROLE_STAFF_COLLABORATORE' },
      });
      const outbox = await apiOk<{ id: string; to: string }[]>(app, {
        method: 'GET',
        url: '/outbox',
        token: owner.token,
      });
      const mail = outbox.find((m) => m.to === email);
      if (!mail) throw new Error(`no mail to ${email} in the outbox`);
      return mail.id;
    }
    case 'calendar': {
      const calendar = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/calendars',
        token: owner.token,
        body: { summary: `Calendario ${randomUUID().slice(0, 4)}` },
      });
      return calendar.id;
    }
    case 'product': {
      const product = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/products',
        token: owner.token,
        body: validProductInput(),
      });
      return product.id;
    }
    case 'form-template': {
      const template = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/form-template',
        token: owner.token,
        body: validFormTemplateInput(),
      });
      return template.id;
    }
    case 'event': {
      const event = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/events',
        token: owner.token,
        body: await validEventInput(app, owner),
      });
      return event.id;
    }
    case 'patient': {
      const patient = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/pazienti',
        token: owner.token,
        body: validPatientInput(),
      });
      return patient.id;
    }
    case 'fattura':
    case 'proforma':
      return (await createDocumentWithPatient(app, owner, resource)).id;
    case 'received-invoice':
      return (await uploadReceivedInvoice(app, owner)).id;
    case 'signature': {
      const pazienteId = await createTenantResource(app, owner, 'patient');
      const templateId = await createTenantResource(app, owner, 'form-template');
      const request = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: '/signature',
        token: owner.token,
        body: { pazienteId, templateIds: [templateId] },
      });
      return request.id;
    }
    case 'attachment':
      return (await uploadAttachment(app, owner, await createTenantResource(app, owner, 'patient'))).id;
    case 'body-chart': {
      const pazienteId = await createTenantResource(app, owner, 'patient');
      const chart = await apiOk<{ id: string }>(app, {
        method: 'POST',
        url: `/pazienti/${pazienteId}/body-charts`,
        token: owner.token,
        body: validBodyChartInput(),
      });
      return chart.id;
    }
    case 'valutazione': {
      const pazienteId = await createTenantResource(app, owner, 'patient');
      return (
        await apiOk<{ id: string }>(app, {
          method: 'POST',
          url: '/valutazioni',
          token: owner.token,
          body: validEvaluationInput(pazienteId),
        })
      ).id;
    }
    case 'diario': {
      const pazienteId = await createTenantResource(app, owner, 'patient');
      return (
        await apiOk<{ id: string }>(app, {
          method: 'POST',
          url: '/diari',
          token: owner.token,
          body: validDiaryInput(pazienteId),
        })
      ).id;
    }
    case 'misura-esito': {
      const pazienteId = await createTenantResource(app, owner, 'patient');
      return (
        await apiOk<{ id: string }>(app, {
          method: 'POST',
          url: '/misure-esito',
          token: owner.token,
          body: validOdiInput(pazienteId),
        })
      ).id;
    }
    case 'booking':
      return createBookingOf(app, owner);
    case 'consumption-meter':
      return (
        await apiOk<{ id: string }>(app, {
          method: 'GET',
          url: '/consumption-meter/SMS_APPOINTMENT_REMINDER',
          token: owner.token,
        })
      ).id;
    case 'referral':
      return (
        await apiOk<{ id: string }>(app, {
          method: 'POST',
          url: '/user-referrals',
          token: owner.token,
          body: { userInviteeEmail: uniqueEmail('invito-amico') },
        })
      ).id;
    case 'ts-trasmissione': {
      // a paid health invoice sent to the Sistema TS (its simulator): the file as sent
      await apiOk(app, {
        method: 'PATCH',
        url: '/settings/sistema-ts',
        token: owner.token,
        body: { cfProprietario: 'RSSMRA85T10A562S', password: 'Password-di-prova-1', pincode: '1234567890' },
      });
      const { id } = await createDocumentWithPatient(app, owner, 'fattura', {
        tipoDocumento: 'FATTURA_SANITARIA',
        pagata: true,
        dataIncasso: todayUi(),
        metodoPagamento: 'Carta di credito',
      });
      return (
        await apiOk<{ lottoId: string }>(app, {
          method: 'POST',
          url: '/sistema-ts/invia',
          token: owner.token,
          body: { documentoIds: [id] },
        })
      ).lottoId;
    }
    case 'patient-import':
      return (await uploadPatientImport(app, owner, patientImportCsv(3))).id;
    case 'appointment-import':
      return (await uploadAppointmentImport(app, owner, await appointmentImportCsv(app, owner, 3))).id;
    default:
      throw new Error(`createTenantResource: no factory for ${resource} yet`);
  }
};

/** A small valid PNG (a blue rectangle). */
export const smallPngBytes = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#1E88E5' } })
    .png()
    .toBuffer();

/** A body chart of image 2 with two strokes (defaults: red, small, opacity 70). */
export const validBodyChartInput = () => ({
  imageId: 2,
  title: 'Dolore lombare',
  note: null,
  strokes: [
    { color: 'red', size: 5, opacity: 70, points: [300, 200, 310, 220, 320, 240] },
    { color: 'blue', size: 25, opacity: 40, points: [700.5, 300.25, 710, 330] },
  ],
  valutazioneId: null,
  diarioId: null,
});

/** Uploads one file to a patient's record through the API. @returns the attachment as the server answered it. */
export const uploadAttachment = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  pazienteId: string,
  file: { fileName: string; contentType: string; bytes: Buffer } | null = null,
) => {
  const f = file ?? { fileName: 'radiografia.png', contentType: 'image/png', bytes: await smallPngBytes() };
  const body = multipartFile('file', f.fileName, f.contentType, f.bytes);
  const res = await app.inject({
    method: 'POST',
    url: `/app/api/pazienti/${pazienteId}/allegati`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { response: { id: string; fileName: string; sizeBytes: number } }).response;
};

/** The official example FPR01 (../shared/fixtures), numbered apart so that each upload is a new invoice. */
export const receivedInvoiceXml = (numero = randomUUID().slice(0, 8)) =>
  readFileSync(
    path.resolve(import.meta.dirname, '../../../../../shared/fixtures/fatturapa/examples/IT01234567890_FPR01.xml'),
    'utf8',
  ).replace('<Numero>123</Numero>', `<Numero>${numero}</Numero>`);

/** Turns passive invoicing on and uploads one received invoice. @returns the cost document's id. */
export const uploadReceivedInvoice = async (app: FastifyInstance, owner: TestStudioUser) => {
  await apiOk(app, { method: 'POST', url: '/settings/documento-contabile-passivo/enable', token: owner.token });
  const file = multipartFile('files', 'IT01234567890_FPR01.xml', 'application/xml', Buffer.from(receivedInvoiceXml()));
  const res = await app.inject({
    method: 'POST',
    url: '/app/api/documento-contabile-passivo/upload',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': file.contentType },
    payload: file.payload,
  });
  const outcome = (res.json() as { response: { documenti: { id: string }[] }[] }).response[0];
  const id = outcome?.documenti[0]?.id;
  if (!id) throw new Error(`upload failed: ${res.body}`);
  return { id };
};

/**
 * A patient list as a spreadsheet exports it (semicolons, a header row): `count` valid people with fresh fiscal codes
 * (their sex and birth date filled from the code), then the rows given as they are.
 */
export const patientImportCsv = (count: number, extraRows: string[] = []) => {
  const header = 'Cognome;Nome;Codice fiscale;Cellulare;Email';
  const rows = Array.from({ length: count }, (_, i) => {
    const cf = randomCodiceFiscale(i % 2 === 0 ? 'U' : 'D');
    return `Importato${i};Paziente;${cf};+39 333 ${String(1000000 + i)};importato${i}@example.it`;
  });
  return Buffer.from(`${[header, ...rows, ...extraRows].join('\r\n')}\r\n`, 'utf8');
};

/** Uploads a patient list to import (issue 30 item 1). @returns the import as the server answered it. */
export const uploadPatientImport = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  bytes: Buffer,
  fileName = 'pazienti.csv',
) => {
  const body = multipartFile('file', fileName, 'text/csv', bytes);
  const res = await app.inject({
    method: 'POST',
    url: '/app/api/importazioni-pazienti',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`import upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { response: { id: string; counts: Record<string, number> | null } }).response;
};

/** Starts an import and waits until its job is done. @returns the import as GET answers it at the end. */
export const runPatientImport = async (app: FastifyInstance, owner: TestStudioUser, id: string) => {
  await apiOk(app, { method: 'POST', url: `/importazioni-pazienti/${id}/avvio`, token: owner.token });
  for (let i = 0; i < 600; i++) {
    const imp = await apiOk<{ status: string }>(app, {
      method: 'GET',
      url: `/importazioni-pazienti/${id}`,
      token: owner.token,
    });
    if (imp.status === 'DONE' || imp.status === 'FAILED') return imp;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import not done in 60 s');
};

/**
 * An appointment list to import (issue 30 item 2): a patient made in the studio first (an import never creates one),
 * then `count` weekly appointments of 45 minutes for them by fiscal code, from 10 December 2026 at 09:30.
 */
export const appointmentImportCsv = async (app: FastifyInstance, owner: TestStudioUser, count: number) => {
  const input = validPatientInput();
  await apiOk(app, { method: 'POST', url: '/pazienti', token: owner.token, body: input });
  const rows = Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 11, 10 + 7 * i));
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    return `${date};09:30;45;${input.datiGenerali.codiceFiscale};Seduta ${i + 1}`;
  });
  return Buffer.from(`${['Data;Ora;Durata;Codice fiscale;Note', ...rows].join('\r\n')}\r\n`, 'utf8');
};

/** Uploads an appointment list to import. @returns the import as the server answered it. */
export const uploadAppointmentImport = async (
  app: FastifyInstance,
  owner: TestStudioUser,
  bytes: Buffer,
  fileName = 'appuntamenti.csv',
) => {
  const body = multipartFile('file', fileName, 'text/csv', bytes);
  const res = await app.inject({
    method: 'POST',
    url: '/app/api/importazioni-appuntamenti',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`appointment import upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { response: { id: string; counts: Record<string, number> | null } }).response;
};

/** Starts an appointment import and waits until its job is done. @returns the import at the end. */
export const runAppointmentImport = async (app: FastifyInstance, owner: TestStudioUser, id: string) => {
  await apiOk(app, { method: 'POST', url: `/importazioni-appuntamenti/${id}/avvio`, token: owner.token });
  for (let i = 0; i < 600; i++) {
    const imp = await apiOk<{ status: string; result: { imported: number; skipped: number } }>(app, {
      method: 'GET',
      url: `/importazioni-appuntamenti/${id}`,
      token: owner.token,
    });
    if (imp.status === 'DONE' || imp.status === 'FAILED') return imp;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('appointment import not done in 60 s');
};
