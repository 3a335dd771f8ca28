import type { Fattura } from '@studiolo/domain/invoices';
import type { RiepilogoTs, TsDocumentoDettaglio } from '@studiolo/domain/sistema-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { todayUi, validFatturaInput, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

/** Issue 26 item 1: what a credit note does to the Sistema TS (decision 023, 'Credit notes'). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const year = Number(todayUi().slice(6, 10));

const setUp = async () => {
  const owner = await createStudioOwner(t.app);
  await apiOk(t.app, {
    method: 'PATCH',
    url: '/settings/sistema-ts',
    token: owner.token,
    body: { cfProprietario: 'RSSMRA85T10A562S', password: 'Password-del-Sistema-TS-1', pincode: '1234567890' },
  });
  const pazienteId = (
    await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput(),
    })
  ).id;
  const invoice = await apiOk<Fattura>(t.app, {
    method: 'POST',
    url: '/documento-contabile',
    token: owner.token,
    body: validFatturaInput(pazienteId, {
      tipoDocumento: 'FATTURA_SANITARIA',
      metodoPagamento: 'Carta di credito',
      pagata: true,
      dataIncasso: todayUi(),
    }),
  });
  return { owner, pazienteId, invoice };
};

const creditNoteOf = (owner: TestStudioUser, id: string) =>
  apiOk<Fattura>(t.app, {
    method: 'POST',
    url: `/documento-contabile/nota-di-credito/from-fattura/${id}`,
    token: owner.token,
  });
const refund = (owner: TestStudioUser, id: string) =>
  apiOk<Fattura>(t.app, {
    method: 'PUT',
    url: `/documento-contabile/${id}/pagata`,
    token: owner.token,
    body: { fatturaId: id, isPagata: true, dataIncasso: todayUi(), metodoPagamento: 'Bonifico bancario' },
  });
const riepilogo = (owner: TestStudioUser) =>
  apiOk<RiepilogoTs>(t.app, {
    method: 'GET',
    url: '/sistema-ts/riepilogo',
    query: { anno: String(year) },
    token: owner.token,
  });
const stats = (owner: TestStudioUser) =>
  apiOk<Record<string, { nrFattureNonPagate: number; nrNoteDaRimborsare: number }>>(t.app, {
    method: 'GET',
    url: '/documento-contabile/fattura/stats',
    query: { year: String(year) },
    token: owner.token,
  });
const documento = (owner: TestStudioUser, id: string) =>
  apiOk<TsDocumentoDettaglio>(t.app, { method: 'GET', url: `/sistema-ts/documento/${id}`, token: owner.token });
const invia = (owner: TestStudioUser) =>
  api<{ inviati: number }>(t.app, {
    method: 'POST',
    url: '/sistema-ts/invia',
    token: owner.token,
    body: { anno: year },
  });
const until = async (owner: TestStudioUser, id: string, stato: string) => {
  for (let i = 0; i < 150; i++) {
    const d = await documento(owner, id);
    if (d.stato === stato) return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} is ${(await documento(owner, id)).stato}, not ${stato}`);
};
const lastFile = async (owner: TestStudioUser) =>
  (
    await rowsOf<{ xml: string }>(
      t.deps.db,
      `select xml from ts_lotti where studio_id = '${owner.studioId}' order by created_at desc limit 1`,
    )
  )[0]?.xml ?? '';
const stateOf = (r: RiepilogoTs, id: string) => r.documenti.find((d) => d.id === id);

describe('a credit note and the Sistema TS', () => {
  it('cancels in full an invoice not yet sent: neither goes, the invoice reads "Annullata da nota di credito N"', async () => {
    const { owner, invoice } = await setUp();
    const note = await creditNoteOf(owner, invoice.id);
    const r = await riepilogo(owner);
    expect(stateOf(r, invoice.id)).toMatchObject({ stato: 'ANNULLATA', operazione: null });
    expect(stateOf(r, invoice.id)?.nota).toContain(`Annullata da nota di credito ${note.idDocumento}`);
    expect(stateOf(r, note.id)).toMatchObject({ stato: 'ANNULLATA', operazione: null });
    expect(stateOf(r, note.id)?.nota).toContain(invoice.idDocumento);
    expect(r.conteggi).toMatchObject({ daInviare: 0, nonPagate: 0, annullate: 2 });
    // the accounting overview counts it as a note to refund, not as an unpaid invoice
    expect((await stats(owner))[String(year)]).toMatchObject({ nrFattureNonPagate: 0, nrNoteDaRimborsare: 1 });
    // refunded or not, nothing is due
    await refund(owner, note.id);
    expect((await stats(owner))[String(year)]).toMatchObject({ nrNoteDaRimborsare: 0 });
    expect((await riepilogo(owner)).conteggi).toMatchObject({ daInviare: 0, annullate: 2 });
    const sent = await invia(owner);
    expect(sent.status).toBe(400);
  });

  it('cancels in full an invoice the Sistema TS accepted, with no money given back: the expense is cancelled (C)', async () => {
    const { owner, invoice } = await setUp();
    expect((await invia(owner)).status).toBe(200);
    await until(owner, invoice.id, 'ACCETTATO');
    const note = await creditNoteOf(owner, invoice.id);
    const r = await riepilogo(owner);
    expect(stateOf(r, invoice.id)).toMatchObject({ stato: 'DA_INVIARE', operazione: 'C' });
    expect(stateOf(r, note.id)).toMatchObject({ stato: 'NON_RIMBORSATA', operazione: null });
    expect((await invia(owner)).body.response).toMatchObject({ inviati: 1 });
    expect(await lastFile(owner)).toContain('<flagOperazione>C</flagOperazione>');
    await until(owner, invoice.id, 'CANCELLATO');
    // the expense is gone: the note has nothing left to refund there
    expect(stateOf(await riepilogo(owner), note.id)).toMatchObject({ stato: 'ANNULLATA' });
  });

  it('cancels in full an accepted invoice whose payment was given back: a rimborso (R) of the invoice', async () => {
    const { owner, invoice } = await setUp();
    await invia(owner);
    await until(owner, invoice.id, 'ACCETTATO');
    const note = await creditNoteOf(owner, invoice.id);
    const refunded = await refund(owner, note.id);
    expect(refunded).toMatchObject({ pagata: true, metodoPagamento: 'Bonifico bancario' });
    const r = await riepilogo(owner);
    expect(stateOf(r, invoice.id)).toMatchObject({ stato: 'ACCETTATO' });
    expect(stateOf(r, note.id)).toMatchObject({ stato: 'DA_INVIARE', operazione: 'R' });
    expect((await invia(owner)).body.response).toMatchObject({ inviati: 1 });
    const xml = await lastFile(owner);
    expect(xml).toContain('<flagOperazione>R</flagOperazione>');
    expect(xml).toContain('<idRimborso>');
    await until(owner, note.id, 'ACCETTATO');
  });

  it('a partial credit note waits for its refund (never "unpaid"), then goes as a rimborso of that part', async () => {
    const { owner, pazienteId, invoice } = await setUp();
    await invia(owner);
    await until(owner, invoice.id, 'ACCETTATO');
    const note = await apiOk<Fattura>(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, {
        tipoDocumento: 'NOTA_DI_CREDITO',
        numeroFatturaCollegata: invoice.idDocumento,
        dataFatturaCollegata: invoice.dataFattura,
        prestazione: [{ descrizione: 'Sconto', quantita: 1, prezzoPerUnita: 20, codiceIvaId: 4, sconto: 0 }],
      }),
    });
    let r = await riepilogo(owner);
    expect(stateOf(r, invoice.id)).toMatchObject({ stato: 'ACCETTATO' });
    expect(stateOf(r, note.id)).toMatchObject({ stato: 'NON_RIMBORSATA', operazione: null });
    expect(r.conteggi).toMatchObject({ nonRimborsate: 1, nonPagate: 0 });
    await refund(owner, note.id);
    r = await riepilogo(owner);
    expect(stateOf(r, note.id)).toMatchObject({ stato: 'DA_INVIARE', operazione: 'R' });
    await invia(owner);
    expect(await lastFile(owner)).toContain('<importo>20.00</importo>');
  });
});
