import { currentLegalVersion, legalDocumentIds, legalDocuments } from '@studiolo/domain/legal';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  createDocumentWithPatient,
  createTenantResource,
  todayUi,
  uploadAttachment,
  uploadReceivedInvoice,
  validBodyChartInput,
  validDiaryInput,
  validEvaluationInput,
  validEventInput,
  validFormTemplateInput,
  validOdiInput,
  validPatientInput,
} from '../../../test/helpers/factories.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import {
  createStaffUser,
  createStudioOwner,
  grantPlatformRole,
  signUp,
  type TestStudioUser,
} from '../../../test/helpers/login-as.ts';
import { createSignedRequest } from '../../../test/helpers/signature.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const download = async (user: TestStudioUser, url: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/app/api${url}`,
    headers: { authorization: `Bearer ${user.token}` },
  });
  return res;
};
const named = (nome: string, cognome: string, note: string | null = null) => {
  const p = validPatientInput();
  return { ...p, datiGenerali: { ...p.datiGenerali, nome, cognome, note } };
};
const unzip = (payload: Buffer) => unzipSync(new Uint8Array(payload));
const csvRows = (bytes: Uint8Array | undefined) => {
  expect(bytes).toBeDefined();
  // UTF-8 with BOM, for the spreadsheet
  expect([...(bytes as Uint8Array).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // the decoder drops the BOM already (TextDecoder's default); a leftover one would be removed here
  return strFromU8(bytes as Uint8Array)
    .replace(/^\uFEFF/u, '')
    .trim()
    .split('\r\n');
};
const isPdf = (bytes: Uint8Array | undefined) => strFromU8((bytes as Uint8Array).slice(0, 5)) === '%PDF-';
const parsesAsXml = (bytes: Uint8Array | undefined) => XMLValidator.validate(strFromU8(bytes as Uint8Array)) === true;

/** A studio with one of everything the export holds, about one patient (Bianchi), and a second patient (Neri). */
const fullStudio = async () => {
  const owner = await createStudioOwner(t.app);
  const patient = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: named('Anna', 'Bianchi', '=HYPERLINK("http://x")'),
  });
  const other = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: named('Carlo', 'Neri'),
  });
  await apiOk(t.app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: await validEventInput(t.app, owner, { pazienteId: patient.id }),
  });
  await apiOk(t.app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: await validEventInput(t.app, owner, {
      pazienteId: other.id,
      start: '2026-11-24T09:00:00.000Z',
      end: '2026-11-24T10:00:00.000Z',
    }),
  });
  // an electronic invoice, sent: its PDF and its XML as sent
  const invoice = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/documento-contabile',
    token: owner.token,
    body: {
      pazienteId: patient.id,
      dataFattura: todayUi(),
      tipoDocumento: 'FATTURA_ELETTRONICA',
      prestazione: [
        { descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 },
      ],
    },
  });
  await apiOk(t.app, { method: 'POST', url: `/documento-contabile/send-sdi/${invoice.id}`, token: owner.token });
  // another patient's invoice and a pro-forma
  await createDocumentWithPatient(t.app, owner, 'proforma');
  await uploadReceivedInvoice(t.app, owner);
  await apiOk(t.app, {
    method: 'POST',
    url: '/valutazioni',
    token: owner.token,
    body: validEvaluationInput(patient.id),
  });
  await apiOk(t.app, { method: 'POST', url: '/diari', token: owner.token, body: validDiaryInput(patient.id) });
  await apiOk(t.app, { method: 'POST', url: '/misure-esito', token: owner.token, body: validOdiInput(patient.id) });
  await apiOk(t.app, { method: 'POST', url: '/valutazioni', token: owner.token, body: validEvaluationInput(other.id) });
  await uploadAttachment(t.app, owner, patient.id, {
    fileName: 'referto.pdf',
    contentType: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4\n%referto\n'),
  });
  await uploadAttachment(t.app, owner, other.id);
  await apiOk(t.app, {
    method: 'POST',
    url: `/pazienti/${patient.id}/body-charts`,
    token: owner.token,
    body: validBodyChartInput(),
  });
  await createSignedRequest(t.app, owner, { pazienteId: patient.id });
  await apiOk(t.app, {
    method: 'POST',
    url: '/form-template',
    token: owner.token,
    body: { ...validFormTemplateInput(), title: 'Privacy' },
  });
  return { owner, patientId: patient.id, otherId: other.id, invoiceId: invoice.id };
};

describe('the whole studio in one ZIP (issue 30 item 7, art. 20 GDPR)', () => {
  it('holds every file, each opening in its format, and nothing of another studio', async () => {
    const elsewhere = await createStudioOwner(t.app);
    await apiOk(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: elsewhere.token,
      body: named('Estranea', 'Altrostudio'),
    });
    await createTenantResource(t.app, elsewhere, 'attachment');
    await createDocumentWithPatient(t.app, elsewhere, 'fattura');

    const { owner } = await fullStudio();
    const started = performance.now();
    const res = await download(owner, '/data-exporter/studio');
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="studiolo-dati-studio-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = unzip(res.rawPayload);
    const names = Object.keys(files).sort();
    expect(Number(res.headers['x-total-count'])).toBe(names.length);

    expect(strFromU8(files['LEGGIMI.txt'] as Uint8Array)).toContain('art. 20');
    expect(JSON.parse(strFromU8(files['studio.json'] as Uint8Array))).toHaveProperty('id');
    // the documents the owner accepted at sign-up, each in the version then in force; nobody of the other studio
    const accepted = csvRows(files['documenti-accettati.csv']);
    expect(accepted[0]).toBe('Cognome;Nome;E-mail;Ruolo;Documento;Versione;Accettato il;Istante (UTC)');
    expect(
      accepted
        .slice(1)
        .map((l) => l.split(';').slice(2, 6).join(';'))
        .sort(),
    ).toEqual(
      legalDocumentIds
        .map((id) => [owner.email, 'Titolare', legalDocuments[id].title, currentLegalVersion(id).version].join(';'))
        .sort(),
    );
    const patients = csvRows(files['pazienti.csv']);
    expect(patients).toHaveLength(1 + 3); // header, Bianchi, Neri and the pro-forma's patient
    // a formula is never written into a spreadsheet
    expect(patients.find((l) => l.startsWith('Bianchi'))).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csvRows(files['appuntamenti.csv'])).toHaveLength(1 + 2);
    const documents = csvRows(files['fatture/elenco.csv']);
    expect(documents).toHaveLength(1 + 2);
    // amounts as Italian figures, never neutralised as text
    expect(documents.find((l) => l.startsWith('Fattura;'))).toContain(';50,00;No;');
    const pdfs = names.filter((n) => n.startsWith('fatture/pdf/') || n.startsWith('proforma/'));
    expect(pdfs).toHaveLength(2);
    for (const n of pdfs) expect(isPdf(files[n])).toBe(true);
    const xmls = names.filter((n) => n.startsWith('fatture/xml/'));
    expect(xmls).toHaveLength(1);
    expect(parsesAsXml(files[xmls[0] as string])).toBe(true);
    expect(new XMLParser().parse(strFromU8(files[xmls[0] as string] as Uint8Array))).toBeTruthy();
    expect(csvRows(files['fatture-ricevute/elenco.csv'])).toHaveLength(2);
    const received = names.filter((n) => n.startsWith('fatture-ricevute/xml/'));
    expect(received).toHaveLength(1);
    expect(parsesAsXml(files[received[0] as string])).toBe(true);
    expect(csvRows(files['cartella-clinica/valutazioni.csv'])).toHaveLength(1 + 2);
    expect(csvRows(files['cartella-clinica/diario.csv'])).toHaveLength(1 + 1);
    const outcomes = csvRows(files['cartella-clinica/misure-esito.csv']);
    expect(outcomes).toHaveLength(1 + 1);
    expect(outcomes[1]).toMatch(/^Bianchi Anna;[A-Z0-9]{16};[^;]*Oswestry[^;]*;23-11-2026;[\d,]+;/);
    expect(names).toContain('cartella-clinica/allegati/Bianchi Anna/referto.pdf');
    expect(names).toContain('cartella-clinica/allegati/Neri Carlo/radiografia.png');
    expect(isPdf(files['cartella-clinica/allegati/Bianchi Anna/referto.pdf'])).toBe(true);
    const charts = names.filter((n) => n.startsWith('cartella-clinica/schemi-corporei/Bianchi Anna/'));
    expect(charts).toHaveLength(1);
    expect(JSON.parse(strFromU8(files[charts[0] as string] as Uint8Array)).tratti).toHaveLength(2);
    const signed = names.filter((n) => n.startsWith('firme/Bianchi Anna/'));
    expect(signed.filter((n) => n.endsWith(' - firmato.pdf'))).toHaveLength(1);
    for (const n of signed.filter((n) => n.endsWith('.pdf'))) expect(isPdf(files[n])).toBe(true);
    expect(signed.some((n) => n.endsWith('/dossier.pdf'))).toBe(true);
    expect(
      JSON.parse(strFromU8(files[signed.find((n) => n.endsWith('/dossier.json')) as string] as Uint8Array)).patientName,
    ).toContain('Bianchi');
    // the template signed and the one made by hand
    expect(names.filter((n) => n.startsWith('moduli/') && n.endsWith('.html'))).toHaveLength(2);
    expect(names).toContain('moduli/Privacy.html');
    expect(JSON.parse(strFromU8(files['moduli/moduli.json'] as Uint8Array))).toHaveLength(2);
    expect(names).not.toContain('file-mancanti.txt');

    // nothing of the other studio, in any file
    for (const n of names) expect(strFromU8(files[n] as Uint8Array, true)).not.toContain('Altrostudio');
    console.info(`studio export: ${names.length} files, ${res.rawPayload.length} bytes in ${Math.round(ms)} ms`);

    // the export is in the activity log
    const log = await apiOk<{ action: string }[]>(t.app, {
      method: 'GET',
      url: '/audit',
      token: owner.token,
    });
    expect(log.map((e) => e.action)).toContain('studio.export');
  });

  it('is the owner’s alone: a staff admin is refused', async () => {
    const owner = await createStudioOwner(t.app);
    const admin = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_ADMIN');
    const res = await download(admin, '/data-exporter/studio');
    expect(res.statusCode).toBe(403);
  });
});

describe('one patient in one ZIP (art. 15 GDPR)', () => {
  it('holds only that patient’s data', async () => {
    const { owner, patientId } = await fullStudio();
    const res = await download(owner, `/data-exporter/pazienti/${patientId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('dati-paziente-Bianchi Anna-');
    const files = unzip(res.rawPayload);
    const names = Object.keys(files).sort();
    expect(Number(res.headers['x-total-count'])).toBe(names.length);
    expect(strFromU8(files['LEGGIMI.txt'] as Uint8Array)).toContain('art. 15');
    expect(csvRows(files['paziente.csv'])).toHaveLength(2);
    expect(JSON.parse(strFromU8(files['paziente.json'] as Uint8Array)).datiGenerali.cognome).toBe('Bianchi');
    expect(csvRows(files['appuntamenti.csv'])).toHaveLength(2);
    expect(csvRows(files['fatture/elenco.csv'])).toHaveLength(2);
    expect(names.filter((n) => n.startsWith('fatture/xml/'))).toHaveLength(1);
    expect(names.some((n) => n.startsWith('proforma/'))).toBe(false);
    expect(names.some((n) => n.startsWith('fatture-ricevute/') || n.startsWith('moduli/') || n === 'studio.json')).toBe(
      false,
    );
    expect(csvRows(files['cartella-clinica/valutazioni.csv'])).toHaveLength(2);
    expect(names).toContain('cartella-clinica/allegati/Bianchi Anna/referto.pdf');
    expect(names.filter((n) => n.includes('Neri'))).toEqual([]);
    for (const n of names) expect(strFromU8(files[n] as Uint8Array, true)).not.toContain('Neri');
    expect(names.filter((n) => n.startsWith('firme/Bianchi Anna/'))).toHaveLength(3);
  });

  it('leaves the invoices out for a collaborator (no access to invoices) and says so', async () => {
    const { owner, patientId } = await fullStudio();
    const collaborator = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    const res = await download(collaborator, `/data-exporter/pazienti/${patientId}`);
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    const names = Object.keys(files);
    expect(Number(res.headers['x-total-count'])).toBe(names.length);
    expect(names.some((n) => n.startsWith('fatture/'))).toBe(false);
    expect(names).toContain('cartella-clinica/diario.csv');
    expect(strFromU8(files['LEGGIMI.txt'] as Uint8Array)).toContain('fatture e proforma: il suo ruolo non può vederle');
  });

  it('is refused to the accountant, who may not read the clinical record, and not found for another studio', async () => {
    const { owner, patientId } = await fullStudio();
    const accountant = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_CONTABILE');
    expect((await download(accountant, `/data-exporter/pazienti/${patientId}`)).statusCode).toBe(403);
    const stranger = await createStudioOwner(t.app);
    expect((await download(stranger, `/data-exporter/pazienti/${patientId}`)).statusCode).toBe(404);
  });
});

describe('a lost file, and support mode', () => {
  it('names a file lost from storage in file-mancanti.txt and keeps the ZIP whole', async () => {
    const owner = await createStudioOwner(t.app);
    const patient = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: named('Luca', 'Gialli'),
    });
    const lost = await uploadAttachment(t.app, owner, patient.id, {
      fileName: 'perso.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%perso\n'),
    });
    await uploadAttachment(t.app, owner, patient.id);
    const [row] = await rowsOf<{ storage_key: string }>(
      t.deps.db,
      `select storage_key from patient_attachments where id = '${lost.id}'`,
    );
    await t.deps.storage.delete(row?.storage_key as string);
    const res = await download(owner, `/data-exporter/pazienti/${patient.id}`);
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    expect(Object.keys(files)).toContain('cartella-clinica/allegati/Gialli Luca/radiografia.png');
    expect(Object.keys(files)).not.toContain('cartella-clinica/allegati/Gialli Luca/perso.pdf');
    expect(strFromU8(files['file-mancanti.txt'] as Uint8Array)).toContain(
      'cartella-clinica/allegati/Gialli Luca/perso.pdf',
    );
  });

  it('refuses the whole studio to an operator acting as the owner (support mode)', async () => {
    const secret = 'segreto-di-supporto-lungo-abbastanza';
    const support = await buildTestApp({ SUPPORT_SECRET: secret });
    try {
      const operator = await signUp(support.app);
      await grantPlatformRole(support.deps, operator.userId, 'ROLE_ADMIN');
      const customer = await createStudioOwner(support.app);
      const res = await support.app.inject({
        method: 'GET',
        url: '/app/api/data-exporter/studio',
        headers: { authorization: `Bearer ${operator.token}`, actas: customer.email, actassecret: secret },
      });
      expect(res.statusCode).toBe(403);
      const own = await support.app.inject({
        method: 'GET',
        url: '/app/api/data-exporter/studio',
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(own.statusCode).toBe(200);
    } finally {
      await support.close();
    }
  });
});
