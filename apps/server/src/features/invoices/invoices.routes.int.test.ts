import { execFileSync } from 'node:child_process';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import { type Fattura, type FatturaPage, invoiceMessages as m, type Proforma } from '@studiolo/domain/invoices';
import { formatEuroCents } from '@studiolo/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  randomCodiceFiscale,
  todayUi,
  validEventInput,
  validFatturaInput,
  validPatientInput,
  validProformaInput,
  validStudioInput,
} from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The text of a PDF as pdftotext (poppler) reads it. */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

const year = Number(todayUi().slice(6));
const patientOf = (owner: TestStudioUser, overrides = {}) =>
  apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput(overrides),
  }).then((p) => p.id);
const createInvoice = (owner: TestStudioUser, body: Record<string, unknown>) =>
  apiOk<Fattura>(t.app, { method: 'POST', url: '/documento-contabile', token: owner.token, body });
const getInvoice = (owner: TestStudioUser, id: string) =>
  apiOk<Fattura>(t.app, { method: 'GET', url: `/documento-contabile/${id}`, token: owner.token });
const nextNumber = (owner: TestStudioUser, sezionale?: string) =>
  apiOk<{ numeroDocumento: number }>(t.app, {
    method: 'GET',
    url: '/documento-contabile/next-documento-id',
    token: owner.token,
    query: { startDate: todayUi(), ...(sezionale ? { sezionale } : {}) },
  }).then((r) => r.numeroDocumento);
const listInvoices = (owner: TestStudioUser, query: Record<string, string> = {}) =>
  apiOk<FatturaPage>(t.app, { method: 'GET', url: '/documento-contabile', token: owner.token, query });
const appointment = async (owner: TestStudioUser, pazienteId: string, overrides: Record<string, unknown> = {}) =>
  apiOk<CalendarEvent>(t.app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: await validEventInput(t.app, owner, { pazienteId, price: 50, ...overrides }),
  });
const eventsOf = (owner: TestStudioUser, pazienteId: string) =>
  apiOk<CalendarEvent[]>(t.app, { method: 'GET', url: `/events/paziente/${pazienteId}`, token: owner.token });
const useOrdinaryRegime = (owner: TestStudioUser) =>
  apiOk(t.app, {
    method: 'PUT',
    url: '/studio',
    token: owner.token,
    body: validStudioInput({ tassazione: { regimeFiscale: 'RF_01' } }),
  });

describe('creating an invoice', () => {
  it('numbers it 1/year, computes its totals in the domain and prints the patient and the studio as they are', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const res = await api<Fattura>(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId),
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(m.invoiceCreated);
    const f = res.body.response as Fattura;
    expect(f.numeroFattura).toBe(1);
    expect(f.idDocumento).toBe(`1/${year}`);
    expect(f.tipoDocumento).toBe('FATTURA_SANITARIA');
    expect(f.metodoPagamento).toBe('Contanti');
    // forfettario, 50 € including the INPS 4 % rivalsa: 48.08 + 1.92
    expect(f.totali.totalePrestazioni).toBe(48.08);
    expect(f.totali.cassa).toBe(1.92);
    expect(f.totaleFattura).toBe(50);
    expect(f.tassazione.regimeFiscale).toBe('RF_19');
    expect(f.paziente).toMatchObject({ nomeCompleto: 'Verdi Giulia', validForFattura: true });
    expect(f.emittente).toMatchObject({ denominazione: 'Rossi Mario', partitaIva: '01234567897' });
    expect((await createInvoice(owner, validFatturaInput(pazienteId))).idDocumento).toBe(`2/${year}`);
  });

  it('prefills the next number per register, and a sezionale has a numbering of its own', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    expect(await nextNumber(owner)).toBe(1);
    await createInvoice(owner, validFatturaInput(pazienteId));
    expect(await nextNumber(owner)).toBe(2);
    await apiOk(t.app, {
      method: 'PUT',
      url: '/settings/fatturazione/sezionali',
      token: owner.token,
      body: { name: 'B', active: true, documentTypes: [] },
    });
    expect(await nextNumber(owner, 'B')).toBe(1);
    const inB = await createInvoice(owner, validFatturaInput(pazienteId, { sezionale: 'B' }));
    expect(inB.idDocumento).toBe(`1/B/${year}`);
    expect(await nextNumber(owner)).toBe(2);
  });

  it('refuses a number already taken (409) and one that would leave a gap (400), writing nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    await createInvoice(owner, validFatturaInput(pazienteId, { numeroFattura: 1 }));
    const taken = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, { numeroFattura: 1 }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.answer).toBe(m.numberTaken(`1/${year}`, 2));
    const gap = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, { numeroFattura: 5 }),
    });
    expect(gap.status).toBe(400);
    expect(gap.body.answer).toBe(m.numberGap(2));
    expect((await listInvoices(owner)).totalElements).toBe(1);
    expect(await nextNumber(owner)).toBe(2);
  });

  it('keeps the register in date order: no invoice dated before the previous number', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    await createInvoice(owner, validFatturaInput(pazienteId, { dataFattura: `10-02-${year}` }));
    const earlier = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, { dataFattura: `09-02-${year}` }),
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.answer).toBe(m.dateBeforePrevious(`1/${year}`, `10-02-${year}`));
    expect(await nextNumber(owner)).toBe(2);
  });

  it('gives 30 invoices created at the same moment 30 consecutive numbers, none twice', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        api<Fattura>(t.app, {
          method: 'POST',
          url: '/documento-contabile',
          token: owner.token,
          body: validFatturaInput(pazienteId),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    const numbers = results.map((r) => (r.body.response as Fattura).numeroFattura).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('refuses totals that do not add up, with the right total in Italian, and keeps the number free', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const res = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, { totaleFattura: 49.99 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(m.totalMismatch(formatEuroCents(5_000)));
    expect(await nextNumber(owner)).toBe(1);
  });

  it('refuses an invoice to a patient whose data do not suffice, but takes a pro-forma for them', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner, {
      residenza: { indirizzo: null, cap: null, comune: null, provincia: null },
    });
    const res = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId),
    });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(m.patientNotValidForInvoice);
    const p = await apiOk<Proforma>(t.app, {
      method: 'POST',
      url: '/proforma',
      token: owner.token,
      body: validProformaInput(pazienteId),
    });
    expect(p.paziente.validForFattura).toBe(false);
  });

  it('refuses an invoice, also from a pro-forma, to a foreign patient without a fiscal code, saying why', async () => {
    const owner = await createStudioOwner(t.app);
    const base = validPatientInput();
    const pazienteId = await patientOf(owner, {
      datiGenerali: { ...base.datiGenerali, nome: 'Jean', cognome: 'Dupont', codiceFiscale: null, nazionalita: 'FR' },
    });
    const res = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId),
    });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(m.patientWithoutFiscalCode);
    const p = await apiOk<Proforma>(t.app, {
      method: 'POST',
      url: '/proforma',
      token: owner.token,
      body: validProformaInput(pazienteId),
    });
    expect(p.paziente.validForFattura).toBe(false);
    const converted = await api(t.app, {
      method: 'POST',
      url: `/documento-contabile/fattura/createFromProforma/${p.id}`,
      token: owner.token,
    });
    expect(converted.status).toBe(400);
    expect(converted.body.answer).toBe(m.patientWithoutFiscalCode);
    expect(await nextNumber(owner)).toBe(1);
  });

  it('refuses another studio’s patient as “Paziente non trovato”, writing nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    const foreign = await patientOf(other);
    const res = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(foreign),
    });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(m.patientNotFound);
    expect(await nextNumber(owner)).toBe(1);
  });

  it('refuses an invalid IBAN and forbidden characters with the spec messages', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const iban = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, {
        coordinateBancarie: { intestatario: 'Mario Rossi', iban: 'IT61X0542811101000000123456' },
      }),
    });
    expect(iban.status).toBe(400);
    expect(iban.body.fields).toEqual({ 'coordinateBancarie.iban': 'IBAN non valido' });
    const chars = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, {
        prestazione: [{ descrizione: 'Seduta “speciale” ✓', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
      }),
    });
    expect(chars.status).toBe(400);
    expect(chars.body.fields).toEqual({ 'prestazione.0.descrizione': m.forbiddenCharacters });
  });
});

describe('taxes by regime', () => {
  it('applies VAT, rivalsa, stamp duty and withholding for an ordinary-regime invoice to a company', async () => {
    const owner = await createStudioOwner(t.app);
    await useOrdinaryRegime(owner);
    const pazienteId = await patientOf(owner);
    const f = await createInvoice(
      owner,
      validFatturaInput(pazienteId, {
        prestazione: [{ descrizione: 'Valutazione', quantita: 1, prezzoPerUnita: 200, codiceIvaId: 12, sconto: 0 }],
        tassazione: {
          ivaAndRivalsaInclusa: false,
          ritenutaAcconto: {
            isActive: true,
            baseImponibile: 208,
            aliquotaRitenuta: 20,
            tipoRitenuta: 'RT_01',
            causalePagamento: 'A',
          },
        },
      }),
    );
    // 200.00 exempt + rivalsa 8.00 + stamp duty 2.00 = 210.00; withholding 20 % of 208.00 = 41.60; net 168.40
    expect(f.totali).toMatchObject({ cassa: 8, marcaDaBolloDovuta: true, totale: 210, ritenuta: 41.6, netto: 168.4 });
    expect(f.tassazione.marcaDaBollo).toEqual({ active: true, value: 2, typeValue: 'ABS_VALUE' });
    expect(f.tassazione.ritenutaAcconto.importoRitenuta).toBe(41.6);
  });
});

describe('changing an invoice', () => {
  it('updates lines and totals but not its number, sezionale or patient', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const f = await createInvoice(owner, validFatturaInput(pazienteId));
    const updated = await apiOk<Fattura>(t.app, {
      method: 'PUT',
      url: '/documento-contabile',
      token: owner.token,
      body: {
        ...validFatturaInput(pazienteId),
        id: f.id,
        prestazione: [{ descrizione: 'Due sedute', quantita: 2, prezzoPerUnita: 30, codiceIvaId: 4, sconto: 0 }],
      },
    });
    expect(updated.totaleFattura).toBe(60);
    expect(updated.idDocumento).toBe(f.idDocumento);
    const renumbered = await api(t.app, {
      method: 'PUT',
      url: '/documento-contabile',
      token: owner.token,
      body: { ...validFatturaInput(pazienteId), id: f.id, numeroFattura: 7 },
    });
    expect(renumbered.status).toBe(400);
    expect(renumbered.body.answer).toBe(m.numberFixed);
    const otherPatient = await patientOf(owner);
    const moved = await api(t.app, {
      method: 'PUT',
      url: '/documento-contabile',
      token: owner.token,
      body: { ...validFatturaInput(otherPatient), id: f.id },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.answer).toBe(m.patientFixed);
    expect((await getInvoice(owner, f.id)).totaleFattura).toBe(60);
  });

  it('reads the customer again from the patient record on PUT /customer', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const f = await createInvoice(owner, validFatturaInput(pazienteId));
    const patient = await apiOk<Record<string, unknown>>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}`,
      token: owner.token,
    });
    await apiOk(t.app, {
      method: 'PUT',
      url: '/pazienti',
      token: owner.token,
      body: {
        ...validPatientInput({ datiGenerali: patient.datiGenerali as never }),
        residenza: { indirizzo: 'Via Nuova 3', cap: '40122', comune: 'Bologna', provincia: 'BO' },
        id: pazienteId,
      },
    });
    expect(f.paziente.residenza.indirizzo).toBe('Via Garibaldi 7');
    const refreshed = await apiOk<Fattura>(t.app, {
      method: 'PUT',
      url: `/documento-contabile/${f.id}/customer`,
      token: owner.token,
    });
    expect(refreshed.paziente.residenza.indirizzo).toBe('Via Nuova 3');
  });
});

describe('paid and linked appointments', () => {
  it('links two appointments, one an occurrence of a weekly series, and marks them paid with the invoice', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const single = await appointment(owner, pazienteId);
    await appointment(owner, pazienteId, {
      start: '2026-11-24T09:00:00.000Z',
      end: '2026-11-24T10:00:00.000Z',
      rrule: 'FREQ=WEEKLY;COUNT=4',
    });
    const occurrence = (await eventsOf(owner, pazienteId)).find((e) => e.id.includes('_20261201'));
    expect(occurrence).toBeDefined();
    const f = await createInvoice(
      owner,
      validFatturaInput(pazienteId, {
        prestazione: [{ descrizione: 'Due sedute', quantita: 2, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 }],
        linkedCalendarEventsIds: [single.id, occurrence?.id],
      }),
    );
    expect(f.linkedCalendarEventsIds).toHaveLength(2);
    let events = await eventsOf(owner, pazienteId);
    const linked = events.filter((e) => e.linkedDocumentoContabileId === f.id);
    expect(linked.map((e) => e.start)).toEqual(['2026-11-23T09:00:00.000Z', '2026-12-01T09:00:00.000Z']);
    expect(linked.every((e) => e.linkedDocumentoContabileIdDocumento === f.idDocumento && !e.isPagato)).toBe(true);
    // the series keeps its other three occurrences
    expect(events.filter((e) => e.start.startsWith('2026-1') && !e.linkedDocumentoContabileId)).toHaveLength(3);

    const paid = await api<Fattura>(t.app, {
      method: 'PUT',
      url: `/documento-contabile/${f.id}/pagata`,
      token: owner.token,
      body: { fatturaId: f.id, isPagata: true, dataIncasso: todayUi(), metodoPagamento: 'Bonifico bancario' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.response).toMatchObject({
      pagata: true,
      dataIncasso: todayUi(),
      metodoPagamento: 'Bonifico bancario',
    });
    events = await eventsOf(owner, pazienteId);
    expect(events.filter((e) => e.linkedDocumentoContabileId === f.id).every((e) => e.isPagato)).toBe(true);

    const unpaid = await apiOk<Fattura>(t.app, {
      method: 'PUT',
      url: `/documento-contabile/${f.id}/pagata`,
      token: owner.token,
      body: { fatturaId: f.id, isPagata: false },
    });
    expect(unpaid).toMatchObject({ pagata: false, dataIncasso: null });
  });

  it('refuses appointments of another patient or already linked to another document', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const otherPatient = await patientOf(owner);
    const foreign = await appointment(owner, otherPatient);
    const res = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, { linkedCalendarEventsIds: [foreign.id] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(m.eventsNotFound);
    expect(await nextNumber(owner)).toBe(1);

    const own = await appointment(owner, pazienteId);
    const first = await createInvoice(owner, validFatturaInput(pazienteId, { linkedCalendarEventsIds: [own.id] }));
    const second = await api(t.app, {
      method: 'POST',
      url: '/documento-contabile',
      token: owner.token,
      body: validFatturaInput(pazienteId, { linkedCalendarEventsIds: [own.id] }),
    });
    expect(second.status).toBe(400);
    expect(second.body.answer).toBe(m.eventLinkedElsewhere(first.idDocumento));
  });

  it('replaces the links with PUT /linked-calendar-events', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const a = await appointment(owner, pazienteId);
    const b = await appointment(owner, pazienteId, {
      start: '2026-11-25T09:00:00.000Z',
      end: '2026-11-25T10:00:00.000Z',
    });
    const f = await createInvoice(owner, validFatturaInput(pazienteId, { linkedCalendarEventsIds: [a.id] }));
    const relinked = await apiOk<Fattura>(t.app, {
      method: 'PUT',
      url: '/documento-contabile/linked-calendar-events',
      token: owner.token,
      body: { id: f.id, eventIds: [b.id] },
    });
    expect(relinked.linkedCalendarEventsIds).toEqual([b.id]);
    const events = await eventsOf(owner, pazienteId);
    expect(events.find((e) => e.id === a.id)?.linkedDocumentoContabileId).toBe(null);
  });
});

describe('deleting', () => {
  it('deletes only the last number of the register, giving it back, and can set its appointments unpaid', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const a = await appointment(owner, pazienteId);
    const first = await createInvoice(owner, validFatturaInput(pazienteId));
    const second = await createInvoice(
      owner,
      validFatturaInput(pazienteId, { pagata: true, linkedCalendarEventsIds: [a.id] }),
    );
    const notLast = await api(t.app, { method: 'DELETE', url: `/documento-contabile/${first.id}`, token: owner.token });
    expect(notLast.status).toBe(409);
    expect(notLast.body.answer).toBe(m.deleteOnlyLast(second.idDocumento));
    expect((await eventsOf(owner, pazienteId))[0]?.isPagato).toBe(true);

    const res = await api(t.app, {
      method: 'DELETE',
      url: `/documento-contabile/${second.id}`,
      token: owner.token,
      query: { setLinkedEventsAsNotPaid: 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(m.invoiceDeleted);
    expect(await nextNumber(owner)).toBe(2);
    expect((await eventsOf(owner, pazienteId))[0]).toMatchObject({ isPagato: false, linkedDocumentoContabileId: null });
  });
});

describe('credit notes and pro-forma', () => {
  it('issues a credit note for an invoice with the next number, its reference and the same figures', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const f = await createInvoice(owner, validFatturaInput(pazienteId));
    const nc = await apiOk<Fattura>(t.app, {
      method: 'POST',
      url: `/documento-contabile/nota-di-credito/from-fattura/${f.id}`,
      token: owner.token,
    });
    expect(nc).toMatchObject({
      tipoDocumento: 'NOTA_DI_CREDITO',
      numeroFattura: 2,
      numeroFatturaCollegata: f.idDocumento,
      dataFatturaCollegata: f.dataFattura,
      totaleFattura: f.totaleFattura,
      // the credit note of a health invoice to a person follows it to the Sistema TS, never to the SDI
      canaleInvio: 'SISTEMA_TS',
      isElettronica: false,
    });
    expect((await getInvoice(owner, f.id)).noteDiCreditoIds).toEqual([nc.id]);
    const ofNote = await api(t.app, {
      method: 'POST',
      url: `/documento-contabile/nota-di-credito/from-fattura/${nc.id}`,
      token: owner.token,
    });
    expect(ofNote.status).toBe(400);
    expect(ofNote.body.answer).toBe(m.creditNoteOfCreditNote);
    // invoiced this year: 50 − 50
    const stats = await apiOk<Record<string, { fatturato: number }>>(t.app, {
      method: 'GET',
      url: '/documento-contabile/fattura/stats',
      token: owner.token,
      query: { year: String(year) },
    });
    expect(stats[String(year)]?.fatturato).toBe(0);
  });

  it('converts a pro-forma into an invoice once, moving its appointments and marking it accepted', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const a = await appointment(owner, pazienteId);
    const p = await apiOk<Proforma>(t.app, {
      method: 'POST',
      url: '/proforma',
      token: owner.token,
      body: validProformaInput(pazienteId, { linkedCalendarEventsIds: [a.id] }),
    });
    expect(p.idDocumento).toBe(`1/${year}`);
    // 2 × 50 € including rivalsa: above 77.47 € the 2 € stamp duty joins the lines (forfettario)
    expect(p.totaleFattura).toBe(102);
    const f = await apiOk<Fattura>(t.app, {
      method: 'POST',
      url: `/documento-contabile/fattura/createFromProforma/${p.id}`,
      token: owner.token,
    });
    expect(f).toMatchObject({
      numeroFattura: 1,
      proformaId: p.id,
      totaleFattura: 102,
      linkedCalendarEventsIds: [a.id],
    });
    const after = await apiOk<Proforma>(t.app, { method: 'GET', url: `/proforma/${p.id}`, token: owner.token });
    expect(after).toMatchObject({ accepted: true, fatturaId: f.id, fatturaIdDocumento: f.idDocumento });
    const again = await api(t.app, {
      method: 'POST',
      url: `/documento-contabile/fattura/createFromProforma/${p.id}`,
      token: owner.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.answer).toBe(m.proformaAlreadyConverted(f.idDocumento));
    const open = await apiOk<FatturaPage>(t.app, { method: 'GET', url: '/proforma/fattura', token: owner.token });
    expect(open.totalElements).toBe(0);
  });
});

describe('lists and stats', () => {
  it('filters by text, paid state, type and dates, pages, and flags overdue unpaid invoices', async () => {
    const owner = await createStudioOwner(t.app);
    const giulia = await patientOf(owner);
    const luca = await patientOf(owner, {
      datiGenerali: {
        ...validPatientInput().datiGenerali,
        nome: 'Luca',
        cognome: 'Neri',
        sesso: 'U',
        codiceFiscale: randomCodiceFiscale('U'),
      },
    });
    await createInvoice(
      owner,
      validFatturaInput(giulia, { dataFattura: `10-01-${year}`, dataScadenza: `20-01-${year}` }),
    );
    await createInvoice(owner, validFatturaInput(giulia, { dataFattura: `15-03-${year}`, pagata: true }));
    await createInvoice(owner, validFatturaInput(luca, { dataFattura: `20-05-${year}` }));

    const all = await listInvoices(owner);
    expect(all.totalElements).toBe(3);
    expect(all.content.map((r) => r.numero)).toEqual([3, 2, 1]);
    expect(all.content.find((r) => r.numero === 1)?.scaduta).toBe(true);
    expect(all.content.find((r) => r.numero === 3)?.scaduta).toBe(false);
    expect((await listInvoices(owner, { isPagata: 'true' })).content.map((r) => r.numero)).toEqual([2]);
    expect((await listInvoices(owner, { searchText: 'verdi' })).totalElements).toBe(2);
    expect((await listInvoices(owner, { searchText: `2/${year}` })).content.map((r) => r.numero)).toEqual([2]);
    expect((await listInvoices(owner, { searchText: '%' })).totalElements).toBe(0);
    expect((await listInvoices(owner)).totalIsExact).toBe(true);
    expect(
      (
        await listInvoices(owner, { startDate: `01-03-${year}`, endDate: `31-05-${year}`, direction: 'ASC' })
      ).content.map((r) => r.numero),
    ).toEqual([2, 3]);
    const page = await listInvoices(owner, { page: '1', size: '2' });
    expect(page).toMatchObject({ totalElements: 3, page: 1, size: 2 });
    expect(page.content.map((r) => r.numero)).toEqual([1]);
    const ofGiulia = await apiOk<FatturaPage>(t.app, {
      method: 'GET',
      url: `/documento-contabile/paziente/${giulia}`,
      token: owner.token,
    });
    expect(ofGiulia.totalElements).toBe(2);

    const stats = await apiOk<Record<string, Record<string, number>>>(t.app, {
      method: 'GET',
      url: '/documento-contabile/fattura/stats',
      token: owner.token,
      query: { year: String(year) },
    });
    expect(stats[String(year)]).toEqual({
      fatturato: 150,
      incassato: 50,
      costo: 0,
      nrFattureNonPagate: 2,
      nrFattureScadute: 1,
      nrFattureRicevute: 0,
      nrNoteDaRimborsare: 0,
    });
    const years = await apiOk<{ anniConFatture: number[] }>(t.app, {
      method: 'GET',
      url: '/documento-contabile/fattura/invoicing-years',
      token: owner.token,
    });
    expect(years.anniConFatture).toEqual([year]);
  });

  it('lists the social-security funds a health professional meets', async () => {
    const owner = await createStudioOwner(t.app);
    const funds = await apiOk<{ code: string; tipoContributo: string; contributoPercentuale: number }[]>(t.app, {
      method: 'GET',
      url: '/casse-previdenziali',
      token: owner.token,
    });
    expect(funds.find((c) => c.code === 'GESTIONE_SEPARATA_INPS')).toMatchObject({
      tipoContributo: 'RIVALSA',
      contributoPercentuale: 4,
    });
    expect(funds.find((c) => c.code === 'ENPAP')?.tipoContributo).toBe('CONTRIBUTO_INTEGRATIVO');
  });
});

describe('PDF', () => {
  it('answers an A4 PDF of the invoice, built on a worker, with its number and total in the text', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const f = await createInvoice(owner, validFatturaInput(pazienteId));
    const res = await t.app.inject({
      method: 'GET',
      url: `/app/api/documento-contabile/${f.id}/pdf`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="fattura-1-${year}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`1/${year}`);
    expect(text).toContain('Rivalsa INPS 4%');
    expect(text).toMatch(/Totale documento\s+50,00\s€/);
  });
});
