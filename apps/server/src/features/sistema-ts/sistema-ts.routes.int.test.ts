import { codiceFiscaleCheckChar } from '@studiolo/domain/anagrafica';
import type { Fattura } from '@studiolo/domain/invoices';
import { uiDateToIso } from '@studiolo/domain/shared';
import type { RiepilogoTs, SistemaTsSettings, TsDocumentoDettaglio, TsTrasmissioni } from '@studiolo/domain/sistema-ts';
import { sistemaTsMessages } from '@studiolo/domain/sistema-ts';
import { xsdErrors } from '@studiolo/sistema-ts/testing';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { todayUi, validFatturaInput, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const year = Number(todayUi().slice(6, 10));
const password = 'Password-del-Sistema-TS-1';
const pincode = '1234567890';

const configure = (owner: TestStudioUser, body: Record<string, unknown> = {}) =>
  apiOk<{ 'sistema-ts': SistemaTsSettings }>(t.app, {
    method: 'PATCH',
    url: '/settings/sistema-ts',
    token: owner.token,
    body: { cfProprietario: 'RSSMRA85T10A562S', password, pincode, ...body },
  });

/** A natural person's fiscal code whose first six letters are chosen (the rest valid). */
const codiceFiscaleStarting = (six: string) => {
  const first15 = `${six}85T10A562`;
  return first15 + codiceFiscaleCheckChar(first15);
};

const patientOf = async (owner: TestStudioUser, opts: { oppone?: boolean; codiceFiscale?: string } = {}) => {
  const base = validPatientInput();
  return (
    await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: {
        ...base,
        datiGenerali: { ...base.datiGenerali, ...(opts.codiceFiscale ? { codiceFiscale: opts.codiceFiscale } : {}) },
        datiSanitari: { ...base.datiSanitari, trasmissioneSistemaSanitario: !opts.oppone },
      },
    })
  ).id;
};

const healthInvoice = async (owner: TestStudioUser, pazienteId: string, over: Record<string, unknown> = {}) =>
  apiOk<Fattura>(t.app, {
    method: 'POST',
    url: '/documento-contabile',
    token: owner.token,
    body: validFatturaInput(pazienteId, {
      tipoDocumento: 'FATTURA_SANITARIA',
      metodoPagamento: 'Carta di credito',
      pagata: true,
      dataIncasso: todayUi(),
      ...over,
    }),
  });

const riepilogo = (owner: TestStudioUser, anno = year) =>
  apiOk<RiepilogoTs>(t.app, {
    method: 'GET',
    url: '/sistema-ts/riepilogo',
    query: { anno: String(anno) },
    token: owner.token,
  });
const documento = (owner: TestStudioUser, id: string) =>
  apiOk<TsDocumentoDettaglio>(t.app, { method: 'GET', url: `/sistema-ts/documento/${id}`, token: owner.token });
const invia = (owner: TestStudioUser, body: Record<string, unknown>) =>
  api<{ inviati: number; esclusi: unknown[] }>(t.app, {
    method: 'POST',
    url: '/sistema-ts/invia',
    token: owner.token,
    body,
  });

/** Waits for the simulator's outcome to come back through the job queue. */
const until = async (owner: TestStudioUser, id: string, stato: string) => {
  for (let i = 0; i < 150; i++) {
    const d = await documento(owner, id);
    if (d.stato === stato) return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  const last = await documento(owner, id);
  throw new Error(`document ${id} is ${last.stato}, not ${stato}: ${JSON.stringify(last.invii)}`);
};

/** The file last sent by the studio, as stored. */
const lastFile = async (owner: TestStudioUser) =>
  (
    await rowsOf<{ xml: string }>(
      t.deps.db,
      `select xml from ts_lotti where studio_id = '${owner.studioId}' order by created_at desc limit 1`,
    )
  )[0]?.xml ?? '';

describe('settings sistema-ts', () => {
  it('keeps password and pincode encrypted, answers only that they are set, and tries them', async () => {
    const owner = await createStudioOwner(t.app);
    const settings = await configure(owner);
    expect(settings['sistema-ts']).toMatchObject({
      cfProprietario: 'RSSMRA85T10A562S',
      username: '',
      passwordSet: true,
      pincodeSet: true,
      certificato: null,
    });
    expect(JSON.stringify(settings)).not.toContain(password);
    const stored = await rowsOf<{ data: string }>(
      t.deps.db,
      `select data::text as data from settings_sections where studio_id = '${owner.studioId}' and section = 'sistema-ts'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored.some((r) => r.data.includes(password) || r.data.includes(pincode))).toBe(false);

    const ok = await api<{ message: string }>(t.app, {
      method: 'POST',
      url: '/settings/sistema-ts/verifica',
      token: owner.token,
    });
    expect(ok.body.answer).toBe(sistemaTsMessages.credentialsOk);

    // a later change without the secrets keeps them
    const changed = await configure(owner, { password: undefined, pincode: undefined, username: 'RSSMRA85T10A562S' });
    expect(changed['sistema-ts']).toMatchObject({ passwordSet: true, pincodeSet: true, username: 'RSSMRA85T10A562S' });

    await configure(owner, { pincode: '0000000000' });
    const wrong = await api(t.app, { method: 'POST', url: '/settings/sistema-ts/verifica', token: owner.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.answer).toContain(sistemaTsMessages.wrongCredentials);
  });

  it('refuses a wrong fiscal code, pincode or certificate, and a structure without its codes', async () => {
    const owner = await createStudioOwner(t.app);
    for (const [body, field] of [
      [{ cfProprietario: 'RSSMRA85T10A562X' }, 'cfProprietario'],
      [{ pincode: '12345' }, 'pincode'],
      [{ certificato: 'non un certificato' }, 'certificato'],
      [{ categoria: 'STRUTTURA', codiceRegione: '080' }, 'codiceSSA'],
    ] as const) {
      const res = await api(t.app, { method: 'PATCH', url: '/settings/sistema-ts', token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
  });

  it('sending before the credentials are set says what to configure', async () => {
    const owner = await createStudioOwner(t.app);
    await healthInvoice(owner, await patientOf(owner));
    const res = await invia(owner, { anno: year });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(sistemaTsMessages.notConfigured);
  });
});

describe('health expenses to the Sistema TS', () => {
  it('lists a year with its deadline: paid health invoices due, unpaid waiting, SDI invoices absent', async () => {
    const owner = await createStudioOwner(t.app);
    const paid = await healthInvoice(owner, await patientOf(owner));
    const unpaid = await healthInvoice(owner, await patientOf(owner), { pagata: false, dataIncasso: null });
    await apiOk(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(await patientOf(owner), { tipoDocumento: 'FATTURA_ELETTRONICA' }),
    });
    const r = await riepilogo(owner);
    expect(r.scadenza).toBe(`31-01-${year + 1}`);
    expect(r.simulatore).toBe(true);
    expect(r.documenti.map((d) => [d.id, d.stato])).toEqual(
      expect.arrayContaining([
        [paid.id, 'DA_INVIARE'],
        [unpaid.id, 'NON_PAGATA'],
      ]),
    );
    expect(r.documenti).toHaveLength(2);
    expect(r.conteggi).toMatchObject({ daInviare: 1, nonPagate: 1 });
  });

  it('sends what is due once, with the citizen code encrypted, and the Sistema TS accepts it', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner);
    const f = await healthInvoice(owner, await patientOf(owner));
    const sent = await invia(owner, { anno: year });
    expect(sent.status).toBe(200);
    expect(sent.body.response).toMatchObject({ inviati: 1, esclusi: [] });
    const xml = await lastFile(owner);
    expect(xml).toContain('<flagOperazione>I</flagOperazione>');
    expect(xml).not.toContain(f.paziente.codiceFiscale as string);
    // the file is the asynchronous service's own, as its official schema says
    expect(xsdErrors(xml)).toBeNull();
    // a second request while it travels or after it is accepted sends nothing
    const again = await invia(owner, { documentoIds: [f.id] });
    expect(again.status).toBe(400);
    expect(again.body.answer).toBe(sistemaTsMessages.nothingToSend);
    const done = await until(owner, f.id, 'ACCETTATO');
    expect(done.invii).toHaveLength(1);
    expect(done.protocollo).toMatch(/^\d{17,}$/);
  });

  it('a patient who opposes: the expense goes without the citizen code, flagged', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner);
    const f = await healthInvoice(owner, await patientOf(owner, { oppone: true }));
    expect((await documento(owner, f.id)).opposizione).toBe(true);
    expect((await invia(owner, { documentoIds: [f.id] })).status).toBe(200);
    const xml = await lastFile(owner);
    expect(xml).toContain('<flagOpposizione>1</flagOpposizione>');
    expect(xml).not.toContain('<cfCittadino>');
    expect(xsdErrors(xml)).toBeNull();
    await until(owner, f.id, 'ACCETTATO');
  });

  it('each line goes with the expense type chosen on it: a medical device as AD beside the session', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner);
    const f = await healthInvoice(owner, await patientOf(owner), {
      prestazione: [
        { descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 },
        {
          descrizione: 'Tutore di polso',
          quantita: 1,
          prezzoPerUnita: 30,
          codiceIvaId: 4,
          sconto: 0,
          tipoSpesa: 'AD',
        },
      ],
    });
    expect(f.prestazione.map((l) => l.tipoSpesa)).toEqual([null, 'AD']);
    expect((await invia(owner, { documentoIds: [f.id] })).status).toBe(200);
    const xml = await lastFile(owner);
    // the forfettario studio's stamp duty is part of the fee: AA beside them, the three make the invoice's total
    const voci = [...xml.matchAll(/<voceSpesa><tipoSpesa>(\w+)<\/tipoSpesa><importo>([\d.]+)<\/importo>/g)];
    expect(voci.map((v) => v[1])).toEqual(['SP', 'AD', 'AA']);
    expect(voci.reduce((cents, v) => cents + Math.round(Number(v[2]) * 100), 0)).toBe(
      Math.round(f.totaleFattura * 100),
    );
    expect(xsdErrors(xml)).toBeNull();
    // a type the Sistema TS does not know is refused with the field
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(f.pazienteId as string, {
        tipoDocumento: 'FATTURA_SANITARIA',
        prestazione: [
          { descrizione: 'Seduta', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0, tipoSpesa: 'XX' },
        ],
      }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.answer).toBe('Valore non valido');
  });

  it('a refused expense shows the reason and the fix; corrected, it is sent again and accepted', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner);
    const pazienteId = await patientOf(owner, { codiceFiscale: codiceFiscaleStarting('XXXXXX') });
    const f = await healthInvoice(owner, pazienteId);
    await invia(owner, { documentoIds: [f.id] });
    const refused = await until(owner, f.id, 'SCARTATO');
    expect(refused.errori[0]).toMatchObject({ codice: '40' });
    expect(refused.errori[0]?.suggerimento).toContain('codice fiscale');

    const base = validPatientInput();
    await apiOk(t.app, { method: 'PUT', url: '/pazienti', token: owner.token, body: { ...base, id: pazienteId } });
    await apiOk(t.app, { method: 'PUT', url: `/documento-contabile/${f.id}/customer`, token: owner.token });
    expect((await invia(owner, { documentoIds: [f.id] })).status).toBe(200);
    const accepted = await until(owner, f.id, 'ACCETTATO');
    expect(accepted.invii.map((i) => i.stato)).toEqual(['SCARTATO', 'ACCETTATO']);
  });

  it('a change after acceptance is due again as a variazione; a credit note goes as a rimborso', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner);
    const f = await healthInvoice(owner, await patientOf(owner));
    await invia(owner, { documentoIds: [f.id] });
    await until(owner, f.id, 'ACCETTATO');

    const invoice = await apiOk<Fattura>(t.app, {
      method: 'GET',
      url: `/documento-contabile/${f.id}`,
      token: owner.token,
    });
    await apiOk(t.app, {
      method: 'PUT',
      url: '/documento-contabile',
      token: owner.token,
      body: {
        ...validFatturaInput(invoice.pazienteId as string, {
          tipoDocumento: 'FATTURA_SANITARIA',
          metodoPagamento: 'Carta di credito',
          pagata: true,
          dataIncasso: invoice.dataIncasso,
          dataFattura: invoice.dataFattura,
          numeroFattura: invoice.numeroFattura,
        }),
        id: f.id,
        prestazione: [
          { descrizione: 'Seduta di fisioterapia', quantita: 2, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 },
        ],
      },
    });
    const changed = await documento(owner, f.id);
    expect(changed).toMatchObject({ stato: 'DA_INVIARE', operazione: 'V' });
    await invia(owner, { documentoIds: [f.id] });
    expect(await lastFile(owner)).toContain('<flagOperazione>V</flagOperazione>');
    await until(owner, f.id, 'ACCETTATO');

    const nota = await apiOk<Fattura>(t.app, {
      method: 'POST',
      url: `/documento-contabile/nota-di-credito/from-fattura/${f.id}`,
      token: owner.token,
    });
    await apiOk(t.app, {
      method: 'PUT',
      url: `/documento-contabile/${nota.id}/pagata`,
      token: owner.token,
      body: { fatturaId: nota.id, isPagata: true, dataIncasso: todayUi(), metodoPagamento: 'Carta di credito' },
    });
    expect(await documento(owner, nota.id)).toMatchObject({ stato: 'DA_INVIARE', operazione: 'R' });
    await invia(owner, { documentoIds: [nota.id] });
    const rimborso = await lastFile(owner);
    expect(rimborso).toContain('<flagOperazione>R</flagOperazione>');
    // the refund names the invoice it corrects, as the Sistema TS has it
    expect(rimborso).toMatch(/<idRimborso><pIva>\d{11}<\/pIva><dataEmissione>[\d-]{10}<\/dataEmissione>/);
    expect(xsdErrors(rimborso)).toBeNull();
    await until(owner, nota.id, 'ACCETTATO');
  });

  it('an accepted expense blocks deleting its invoice until it is cancelled from the Sistema TS', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner);
    const f = await healthInvoice(owner, await patientOf(owner));
    await invia(owner, { documentoIds: [f.id] });
    await until(owner, f.id, 'ACCETTATO');
    const blocked = await api(t.app, { method: 'DELETE', url: `/documento-contabile/${f.id}`, token: owner.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.answer).toBe(sistemaTsMessages.acceptedLocked);

    const cancelled = await api(t.app, {
      method: 'POST',
      url: `/sistema-ts/documento/${f.id}/cancella`,
      token: owner.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await lastFile(owner)).toContain('<flagOperazione>C</flagOperazione>');
    await until(owner, f.id, 'CANCELLATO');
    const deleted = await api(t.app, { method: 'DELETE', url: `/documento-contabile/${f.id}`, token: owner.token });
    expect(deleted.status).toBe(200);
  });

  it('with invio automatico, a paid health invoice leaves by itself; an unpaid one waits for its payment', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner, { invioAutomatico: true });
    const paid = await healthInvoice(owner, await patientOf(owner));
    await until(owner, paid.id, 'ACCETTATO');
    const unpaid = await healthInvoice(owner, await patientOf(owner), { pagata: false, dataIncasso: null });
    expect((await documento(owner, unpaid.id)).stato).toBe('NON_PAGATA');
    await apiOk(t.app, {
      method: 'PUT',
      url: `/documento-contabile/${unpaid.id}/pagata`,
      token: owner.token,
      body: { fatturaId: unpaid.id, isPagata: true, dataIncasso: todayUi(), metodoPagamento: 'Contanti' },
    });
    await until(owner, unpaid.id, 'ACCETTATO');
    expect(await lastFile(owner)).toContain('<pagamentoTracciato>NO</pagamentoTracciato>');
  });

  it('another studio’s documents cannot be sent or read', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    await configure(other);
    const f = await healthInvoice(owner, await patientOf(owner));
    expect((await invia(other, { documentoIds: [f.id] })).status).toBe(404);
    expect((await api(t.app, { method: 'GET', url: `/sistema-ts/documento/${f.id}`, token: other.token })).status).toBe(
      404,
    );
    expect((await riepilogo(other)).documenti).toHaveLength(0);
  });
});

describe('the files as sent, for the accountant (issue 30 item 3)', () => {
  it('lists the year’s files and downloads each as it left, and the whole year in one ZIP with its records', async () => {
    const owner = await createStudioOwner(t.app);
    await configure(owner);
    const first = await healthInvoice(owner, await patientOf(owner));
    const second = await healthInvoice(owner, await patientOf(owner));
    expect((await invia(owner, { anno: year })).body.response).toMatchObject({ inviati: 2 });
    await until(owner, first.id, 'ACCETTATO');
    await until(owner, second.id, 'ACCETTATO');
    const sentXml = await lastFile(owner);

    const list = await apiOk<TsTrasmissioni>(t.app, {
      method: 'GET',
      url: '/sistema-ts/trasmissioni',
      query: { anno: String(year) },
      token: owner.token,
    });
    expect(list.trasmissioni).toHaveLength(1);
    const [lotto] = list.trasmissioni;
    expect(lotto).toMatchObject({ stato: 'ELABORATO', documenti: 2 });
    expect(lotto?.protocollo).toMatch(/^\d{17,}$/);
    expect(lotto?.fileName).toBe(`sistema-ts_${uiDateToIso(todayUi())}_${lotto?.protocollo}.xml`);

    const file = await t.app.inject({
      method: 'GET',
      url: `/app/api/sistema-ts/trasmissioni/${lotto?.id}/file`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.headers['content-disposition']).toContain(`filename="${lotto?.fileName}"`);
    // byte for byte the file sent, the citizens' codes encrypted as they left
    expect(file.body).toBe(sentXml);
    expect(file.body).not.toContain(first.paziente.codiceFiscale as string);

    const zip = await t.app.inject({
      method: 'GET',
      url: '/app/api/sistema-ts/trasmissioni/archivio',
      query: { anno: String(year) },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['LEGGIMI.txt', `invii_${year}.csv`, lotto?.fileName].sort());
    expect(strFromU8(entries[lotto?.fileName ?? ''] as Uint8Array)).toBe(sentXml);
    const csvBytes = entries[`invii_${year}.csv`] as Uint8Array;
    // UTF-8 with BOM, for the spreadsheet
    expect([...csvBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = strFromU8(csvBytes);
    expect(csv.startsWith('Numero documento;Data emissione;Operazione;Esito;Errori;Inviato il;Protocollo\r\n')).toBe(
      true,
    );
    const lines = csv.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatch(
        new RegExp(`^\\d+/${year};${todayUi()};Inserimento;Accettato;;${todayUi()};${lotto?.protocollo}$`),
      );

    // another year has none; another studio finds nothing of this one
    const other = await createStudioOwner(t.app);
    const none = await apiOk<TsTrasmissioni>(t.app, {
      method: 'GET',
      url: '/sistema-ts/trasmissioni',
      query: { anno: String(year - 1) },
      token: owner.token,
    });
    expect(none.trasmissioni).toEqual([]);
    expect(
      (await api(t.app, { method: 'GET', url: `/sistema-ts/trasmissioni/${lotto?.id}/file`, token: other.token }))
        .status,
    ).toBe(404);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/app/api/sistema-ts/trasmissioni/archivio',
      query: { anno: String(year) },
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(Object.keys(unzipSync(new Uint8Array(theirs.rawPayload))).sort()).toEqual([
      'LEGGIMI.txt',
      `invii_${year}.csv`,
    ]);
  });
});
