import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { einvoicingMessages } from '@studiolo/domain/einvoicing';
import { canaleMessages, type Fattura, type FatturaPage, invoiceMessages } from '@studiolo/domain/invoices';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { todayUi, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

const schema = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/fixtures/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.offline.xsd',
);
const xsdErrors = (xml: string) => {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], { input: xml, encoding: 'utf8' });
  return r.status === 0 ? null : r.stderr;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Company = { codiceDestinatario?: string; pa?: boolean };
const companyOf = async (owner: TestStudioUser, c: Company = {}) =>
  (
    await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput({
        datiGenerali: {
          tipologiaPersona: 'GIURIDICA',
          ragioneSociale: c.pa ? 'Azienda USL di Bologna' : 'Centro Medico Emilia S.r.l.',
          codiceFiscale: c.pa ? '02406911202' : '02345670372',
          partitaIva: c.pa ? '02406911202' : '02345670372',
          codiceDestinatario: c.codiceDestinatario ?? (c.pa ? 'UFQ3SF' : 'M5UXCR1'),
          isPubblicaAmministrazione: Boolean(c.pa),
          nazionalita: 'IT',
        },
      }),
    })
  ).id;
const personOf = async (owner: TestStudioUser) =>
  (
    await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput(),
    })
  ).id;

const line = { descrizione: 'Consulenza fisioterapica', quantita: 2, prezzoPerUnita: 80, codiceIvaId: 4, sconto: 0 };
const electronicInput = (pazienteId: string, over: Record<string, unknown> = {}) => ({
  pazienteId,
  tipoDocumento: 'FATTURA_ELETTRONICA',
  dataFattura: todayUi(),
  metodoPagamento: 'Bonifico bancario',
  prestazione: [line],
  ...over,
});
const create = (owner: TestStudioUser, body: Record<string, unknown>) =>
  apiOk<Fattura>(t.app, { method: 'POST', url: '/documento-contabile', token: owner.token, body });
const get = (owner: TestStudioUser, id: string) =>
  apiOk<Fattura>(t.app, { method: 'GET', url: `/documento-contabile/${id}`, token: owner.token });
const send = (owner: TestStudioUser, id: string) =>
  api<Fattura>(t.app, { method: 'POST', url: `/documento-contabile/send-sdi/${id}`, token: owner.token });
const xmlOf = (owner: TestStudioUser, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/app/api/documento-contabile/fattura/${id}/download-xml`,
    headers: { authorization: `Bearer ${owner.token}` },
  });

/** Waits for the simulator's answers to arrive through the job queue, as the invoice page does by refetching. */
const until = async (owner: TestStudioUser, id: string, types: string[]) => {
  for (let i = 0; i < 150; i++) {
    const f = await get(owner, id);
    const got = f.sdiNotifications.map((n) => n.type);
    if (types.every((ty, k) => got[k] === ty) && got.length === types.length) return f;
    await new Promise((r) => setTimeout(r, 100));
  }
  const f = await get(owner, id);
  throw new Error(`notifications ${f.sdiNotifications.map((n) => n.type).join(',')} instead of ${types.join(',')}`);
};

describe('which channel a document takes', () => {
  it('a health invoice to a natural person goes to the Sistema TS: not electronic, and the SDI refuses it', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(owner, { ...electronicInput(await personOf(owner)), tipoDocumento: 'FATTURA_SANITARIA' });
    expect(f).toMatchObject({
      canaleInvio: 'SISTEMA_TS',
      canaleMotivo: canaleMessages.sistemaTs,
      isElettronica: false,
    });
    const res = await send(owner, f.id);
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(`${einvoicingMessages.notForSdi} ${canaleMessages.sistemaTs}`);
    expect((await get(owner, f.id)).isInviataToSDI).toBe(false);
  });

  it('the same health invoice to a company is electronic and goes to the SDI', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(owner, { ...electronicInput(await companyOf(owner)), tipoDocumento: 'FATTURA_SANITARIA' });
    expect(f).toMatchObject({ canaleInvio: 'SDI', canaleMotivo: canaleMessages.azienda, isElettronica: true });
  });
});

describe('sending to the SDI through the simulator', () => {
  it('queues the file once (two clicks, one transmission), then shows the delivery receipt', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(owner, electronicInput(await companyOf(owner)));
    const [a, b] = await Promise.all([send(owner, f.id), send(owner, f.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.response?.isInviataToSDI).toBe(true);
    const delivered = await until(owner, f.id, ['RC']);
    expect(delivered.sdiInvii).toHaveLength(1);
    expect(delivered.sdiInvii[0]).toMatchObject({ fileName: 'IT' + 'RSSMRA85T10A562S_00001.xml', stato: 'CONSEGNATO' });
    expect(delivered.sdiNotifications[0]?.message).toMatchObject({ nome_file: 'ITRSSMRA85T10A562S_00001.xml' });
    // sending again changes nothing
    expect((await send(owner, f.id)).status).toBe(200);
    expect((await get(owner, f.id)).sdiInvii).toHaveLength(1);
  });

  it('the XML downloaded is the one sent, valid against the official schema', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(owner, electronicInput(await companyOf(owner)));
    await send(owner, f.id);
    await until(owner, f.id, ['RC']);
    const res = await xmlOf(owner, f.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ITRSSMRA85T10A562S_00001.xml"');
    expect(xsdErrors(res.body)).toBeNull();
    expect(res.body).toContain(`<Numero>${f.idDocumento}</Numero>`);
    // 2 × 80 € (rivalsa inside the prices, forfettario) and the 2 € stamp duty charged to the customer
    expect(res.body).toContain('<ImportoTotaleDocumento>162.00</ImportoTotaleDocumento>');
  });

  it('refuses before sending what the SDI would reject, with the code and the fix, and sends nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(
      owner,
      electronicInput(await companyOf(owner), { prestazione: [{ ...line, codiceIvaId: 18 }] }),
    );
    const res = await send(owner, f.id);
    expect(res.status).toBe(400);
    const answer = res.body.answer as string[];
    expect(answer[0]).toBe(einvoicingMessages.errorsFound);
    expect(answer.some((a) => a.startsWith('00445 - ') && a.includes('Suggerimento: '))).toBe(true);
    const after = await get(owner, f.id);
    expect(after).toMatchObject({ isInviataToSDI: false, sdiInvii: [] });
  });

  it('a rejection keeps the number and the history; corrected, the same document is sent again and delivered', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await companyOf(owner, { codiceDestinatario: 'ZZ12345' });
    const f = await create(owner, electronicInput(pazienteId));
    await send(owner, f.id);
    const rejected = await until(owner, f.id, ['NS']);
    type Scarto = { lista_errori: { errore: { codice: string; suggerimento: string }[] } };
    const errore = (rejected.sdiNotifications[0]?.message as Scarto | undefined)?.lista_errori.errore[0];
    expect(errore?.codice).toBe('00311');
    expect(errore?.suggerimento).toContain('0000000');
    // the rejected invoice can be corrected (here: the recipient code) and keeps its number
    const corrected = await apiOk<Fattura>(t.app, {
      method: 'PUT',
      url: '/documento-contabile',
      token: owner.token,
      body: { ...electronicInput(pazienteId), id: f.id, numeroFattura: f.numeroFattura, codiceDestinatario: 'M5UXCR1' },
    });
    expect(corrected.idDocumento).toBe(f.idDocumento);
    expect((await send(owner, f.id)).status).toBe(200);
    const delivered = await until(owner, f.id, ['NS', 'RC']);
    expect(delivered.sdiInvii.map((i) => [i.fileName, i.stato])).toEqual([
      ['ITRSSMRA85T10A562S_00001.xml', 'SCARTATO'],
      ['ITRSSMRA85T10A562S_00002.xml', 'CONSEGNATO'],
    ]);
    // each attempt's file stays downloadable
    const first = await t.app.inject({
      method: 'GET',
      url: `/app/api/documento-contabile/fattura/${f.id}/sdi-invii/${delivered.sdiInvii[0]?.id}/xml`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(first.body).toContain('<CodiceDestinatario>ZZ12345</CodiceDestinatario>');
    // delivered now: read-only
    const locked = await api(t.app, {
      method: 'PUT',
      url: '/documento-contabile',
      token: owner.token,
      body: { ...electronicInput(pazienteId), id: f.id, numeroFattura: f.numeroFattura, note: 'altro' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.answer).toBe(invoiceMessages.sentToSdiLocked);
  });

  it('a private person without code or PEC: not delivered, left in their reserved area (MC)', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(owner, electronicInput(await personOf(owner)));
    expect(f.canaleMotivo).toBe(canaleMessages.personaFisica);
    await send(owner, f.id);
    const done = await until(owner, f.id, ['MC']);
    expect(done.sdiInvii[0]?.stato).toBe('NON_CONSEGNATO');
  });

  it('a public administration: FPA12 with CIG and order, delivered then accepted (RC, NE EC01)', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(
      owner,
      electronicInput(await companyOf(owner, { pa: true }), {
        formatoTrasmissione: 'FPA_12',
        codiceDestinatario: 'UFQ3SF',
        codiceCIG: 'Z1A2B3C4D5',
        idDocumentoOrdineAcquisto: 'ODA-118',
      }),
    );
    expect(f.canaleMotivo).toBe(canaleMessages.pubblicaAmministrazione);
    await send(owner, f.id);
    const done = await until(owner, f.id, ['RC', 'NE']);
    expect(done.sdiNotifications[1]?.message).toMatchObject({ esito_committente: { esito: 'EC01' } });
    expect(done.sdiInvii[0]?.stato).toBe('ACCETTATO');
    expect((await xmlOf(owner, f.id)).body).toContain('versione="FPA12"');
  });

  it.each([
    ['RF0001', ['RC', 'NE'], 'RIFIUTATO'],
    ['DT0001', ['RC', 'DT'], 'DECORRENZA_TERMINI'],
    ['AT0001', ['MC', 'AT'], 'NON_CONSEGNATO'],
  ])('a public administration with office %s answers %j and the attempt ends %s', async (codice, types, stato) => {
    const owner = await createStudioOwner(t.app);
    const f = await create(
      owner,
      electronicInput(await companyOf(owner, { pa: true, codiceDestinatario: codice }), {
        formatoTrasmissione: 'FPA_12',
        codiceDestinatario: codice,
        codiceCIG: 'Z1A2B3C4D5',
        idDocumentoOrdineAcquisto: 'ODA-119',
      }),
    );
    const sent = await send(owner, f.id);
    expect(sent.status, JSON.stringify(sent.body.answer)).toBe(200);
    const done = await until(owner, f.id, types);
    expect(done.sdiInvii[0]?.stato).toBe(stato);
    // an answer of the office is final: sending again changes nothing (a refusal is settled with a credit note)
    expect((await send(owner, f.id)).status).toBe(200);
    expect((await get(owner, f.id)).sdiInvii).toHaveLength(1);
  });

  it('the table shows the notifications of each sent row', async () => {
    const owner = await createStudioOwner(t.app);
    const f = await create(owner, electronicInput(await companyOf(owner)));
    await send(owner, f.id);
    await until(owner, f.id, ['RC']);
    const page = await apiOk<FatturaPage>(t.app, { method: 'GET', url: '/documento-contabile', token: owner.token });
    expect(page.content[0]).toMatchObject({ isElettronica: true, isInviataToSDI: true });
    expect(page.content[0]?.sdiNotifications.map((n) => n.type)).toEqual(['RC']);
  });
});

describe('XML preview and downloads', () => {
  it('previews the XML of an unsaved invoice with what the SDI would refuse, writing nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await companyOf(owner);
    const preview = await apiOk<{ canaleInvio: string; xml: string; errori: { codice: string }[] }>(t.app, {
      method: 'POST',
      url: '/documento-contabile/sdi-preview',
      token: owner.token,
      body: electronicInput(pazienteId),
    });
    expect(preview.canaleInvio).toBe('SDI');
    expect(preview.errori).toEqual([]);
    expect(xsdErrors(preview.xml)).toBeNull();
    const wrong = await apiOk<{ errori: { codice: string }[] }>(t.app, {
      method: 'POST',
      url: '/documento-contabile/sdi-preview',
      token: owner.token,
      body: electronicInput(pazienteId, { prestazione: [{ ...line, codiceIvaId: 19 }] }),
    });
    expect(wrong.errori.map((e) => e.codice)).toContain('00445');
    // nothing was written: the first invoice still takes number 1
    expect((await create(owner, electronicInput(pazienteId))).numeroFattura).toBe(1);
  });

  it('previews a health invoice to a person as going to the Sistema TS, without XML', async () => {
    const owner = await createStudioOwner(t.app);
    const preview = await apiOk<{ canaleInvio: string; xml: string | null }>(t.app, {
      method: 'POST',
      url: '/documento-contabile/sdi-preview',
      token: owner.token,
      body: { ...electronicInput(await personOf(owner)), tipoDocumento: 'FATTURA_SANITARIA' },
    });
    expect(preview).toMatchObject({ canaleInvio: 'SISTEMA_TS', xml: null });
  });

  it('zips the files sent in a period', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await companyOf(owner);
    for (let i = 0; i < 3; i++) {
      const f = await create(owner, electronicInput(pazienteId));
      await send(owner, f.id);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/documento-contabile/fattura/download-xmls',
      query: { startDate: `01-01-${todayUi().slice(6)}`, endDate: todayUi() },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'ITRSSMRA85T10A562S_00001.xml',
      'ITRSSMRA85T10A562S_00002.xml',
      'ITRSSMRA85T10A562S_00003.xml',
    ]);
    for (const bytes of Object.values(files)) expect(xsdErrors(new TextDecoder().decode(bytes))).toBeNull();
  });

  it('refuses a period without dates or longer than a year', async () => {
    const owner = await createStudioOwner(t.app);
    const missing = await api(t.app, {
      method: 'GET',
      url: '/documento-contabile/fattura/download-xmls',
      token: owner.token,
    });
    expect(missing.status).toBe(400);
    const long = await api(t.app, {
      method: 'GET',
      url: '/documento-contabile/fattura/download-xmls',
      token: owner.token,
      query: { startDate: '01-01-2024', endDate: '31-12-2026' },
    });
    expect(long.status).toBe(400);
    expect(long.body.answer).toBe(einvoicingMessages.periodTooLong);
  });
});
