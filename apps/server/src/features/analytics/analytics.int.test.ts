import { analyticsMessages as am, type Cashflow, type CashflowSummary, type Revenue } from '@studiolo/domain/analytics';
import type { Fattura } from '@studiolo/domain/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { receivedInvoiceXml, validFatturaInput, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { multipartFile } from '../../../test/helpers/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const cents = (euros: number) => Math.round(euros * 100);
const euros = (c: number) => c / 100;

const patientOf = (owner: TestStudioUser, tags: string[] = []) =>
  apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput({ tags }),
  }).then((p) => p.id);
const invoice = (owner: TestStudioUser, pazienteId: string, overrides: Record<string, unknown>) =>
  apiOk<Fattura>(t.app, {
    method: 'POST',
    url: '/documento-contabile',
    token: owner.token,
    body: validFatturaInput(pazienteId, overrides),
  });
const line = (quantita: number, prezzoPerUnita: number, descrizione = 'Seduta di fisioterapia') => [
  { descrizione, quantita, prezzoPerUnita, codiceIvaId: 4, sconto: 0 },
];
/** One received invoice (the official FPR01, 6,10 €) dated as asked: a cost of that day. */
const receive = async (owner: TestStudioUser, isoDate: string) => {
  const xml = receivedInvoiceXml().replace('<Data>2014-12-18</Data>', `<Data>${isoDate}</Data>`);
  const file = multipartFile('files', 'IT01234567890_FPR01.xml', 'application/xml', Buffer.from(xml));
  const res = await t.app.inject({
    method: 'POST',
    url: '/app/api/documento-contabile-passivo/upload',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': file.contentType },
    payload: file.payload,
  });
  expect(res.statusCode).toBe(200);
};
const summaryOf = (owner: TestStudioUser, startDate: string, endDate: string) =>
  apiOk<CashflowSummary>(t.app, {
    method: 'GET',
    url: '/analytics/cashflow/summary',
    token: owner.token,
    query: { startDate, endDate },
  });
const cashflowOf = (owner: TestStudioUser, query: Record<string, string>) =>
  apiOk<Cashflow>(t.app, { method: 'GET', url: '/analytics/cashflow', token: owner.token, query });

/**
 * A studio's 2025, in date order (numbering follows dates):
 * A 15 Jan 2 × 50 paid 20 Jan · B 10 Feb 80 unpaid due 10 Mar (overdue) · C 5 Mar 60 paid 2 Apr ·
 * credit note of A 20 Mar 50 refunded the same day · D 12 Jun 45 unpaid, no due date (not overdue) ·
 * received invoices 14 Feb and 1 Apr (6,10 € each).
 */
const seedYear = async () => {
  const owner = await createStudioOwner(t.app);
  await apiOk(t.app, { method: 'POST', url: '/settings/documento-contabile-passivo/enable', token: owner.token });
  const p = await patientOf(owner);
  const a = await invoice(owner, p, {
    dataFattura: '15-01-2025',
    prestazione: line(2, 50),
    pagata: true,
    dataIncasso: '20-01-2025',
  });
  const b = await invoice(owner, p, {
    dataFattura: '10-02-2025',
    prestazione: line(1, 80, 'Valutazione posturale'),
    dataScadenza: '10-03-2025',
  });
  const c = await invoice(owner, p, {
    dataFattura: '05-03-2025',
    prestazione: line(1, 60),
    pagata: true,
    dataIncasso: '02-04-2025',
  });
  const nc = await invoice(owner, p, {
    tipoDocumento: 'NOTA_DI_CREDITO',
    dataFattura: '20-03-2025',
    numeroFatturaCollegata: a.idDocumento,
    dataFatturaCollegata: '15-01-2025',
    prestazione: line(1, 50),
    pagata: true,
    dataIncasso: '20-03-2025',
  });
  const dDoc = await invoice(owner, p, { dataFattura: '12-06-2025', prestazione: line(1, 45) });
  await receive(owner, '2025-02-14');
  await receive(owner, '2025-04-01');
  return { owner, a, b, c, nc, d: dDoc, cost: cents(6.1) };
};

describe('GET /analytics/cashflow/summary', () => {
  it('gives the period’s figures of spec part 2 §3, the same as the overview’s stats', async () => {
    const s = await seedYear();
    const { a, b, c, nc, d } = s;
    const sum = await summaryOf(s.owner, '2025-01-01', '2025-12-31');
    const invoicedCents =
      cents(a.totali.totale) +
      cents(b.totali.totale) +
      cents(c.totali.totale) +
      cents(d.totali.totale) -
      cents(nc.totali.totale);
    const collectedCents = cents(a.totali.netto) + cents(c.totali.netto) - cents(nc.totali.netto);
    expect(sum).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      netCashFlow: euros(collectedCents - 2 * s.cost),
      revenueStatistics: {
        // four invoices (the credit note is not a document counted), two paid of four: 50.0 %
        invoiceStats: {
          documentCount: 4,
          totalAmount: euros(invoicedCents),
          unpaidDocumentCount: 2,
          paymentPercentage: 50,
        },
        paymentStats: { paidDocumentCount: 2, paidDocumentAmount: euros(collectedCents) },
      },
      costStatistics: {
        documentCount: 2,
        totalAmount: euros(2 * s.cost),
        passiveDocumentCount: 2,
        manualExpenseCount: 0,
      },
    });
    // the overview's stats of the same period agree
    const stats = await apiOk<{ fatturato: number; incassato: number; costo: number; netCashFlow: number }>(t.app, {
      method: 'GET',
      url: '/documento-contabile/fattura/stats-monthly',
      token: s.owner.token,
      query: { startDate: '01-01-2025', endDate: '31-12-2025' },
    });
    expect(stats.fatturato).toBe(sum.revenueStatistics.invoiceStats.totalAmount);
    expect(stats.incassato).toBe(sum.revenueStatistics.paymentStats.paidDocumentAmount);
    expect(stats.costo).toBe(sum.costStatistics.totalAmount);
    expect(stats.netCashFlow).toBe(sum.netCashFlow);
  });

  it('gives the payment percentage with one decimal and counts only the range', async () => {
    const s = await seedYear();
    // January–March: A, B, C issued (the credit note is not counted), A and C paid (C in April): 2 of 3 = 66.7 %
    const sum = await summaryOf(s.owner, '2025-01-01', '2025-03-31');
    expect(sum.revenueStatistics.invoiceStats).toMatchObject({ documentCount: 3, unpaidDocumentCount: 1 });
    expect(sum.revenueStatistics.invoiceStats.paymentPercentage).toBe(66.7);
    // collected in the range: A in January; C's collection is April's; the credit note's refund March's
    expect(sum.revenueStatistics.paymentStats.paidDocumentCount).toBe(1);
    expect(sum.revenueStatistics.paymentStats.paidDocumentAmount).toBe(
      euros(cents(s.a.totali.netto) - cents(s.nc.totali.netto)),
    );
    expect(sum.costStatistics.documentCount).toBe(1);
    // an empty range: zeros, no division by zero
    const empty = await summaryOf(s.owner, '2024-01-01', '2024-12-31');
    expect(empty.revenueStatistics.invoiceStats).toEqual({
      documentCount: 0,
      totalAmount: 0,
      unpaidDocumentCount: 0,
      paymentPercentage: 0,
    });
    expect(empty.netCashFlow).toBe(0);
  });
});

describe('GET /analytics/cashflow', () => {
  it('gives a monthly series with every month of the range, the running cash flow, unpaid and overdue', async () => {
    const s = await seedYear();
    const { a, b, c, nc, d } = s;
    const res = await cashflowOf(s.owner, { startDate: '2025-01-01', endDate: '2025-06-30' });
    expect(res.granularity).toBe('MONTHLY');
    expect(res.daily).toBeNull();
    const monthly = res.monthly ?? [];
    expect(monthly.map((p) => p.period)).toEqual(['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06']);
    const byPeriod = Object.fromEntries(monthly.map((p) => [p.period, p]));
    expect(byPeriod['2025-01']).toMatchObject({ invoiced: a.totali.totale, collected: a.totali.netto, costs: 0 });
    expect(byPeriod['2025-02']).toMatchObject({
      invoiced: b.totali.totale,
      collected: 0,
      costs: 6.1,
      net: -6.1,
      unpaidCount: 1,
      unpaidAmount: b.totali.totale,
      // due 10 March 2025, still unpaid: overdue today
      overdueCount: 1,
      overdueAmount: b.totali.totale,
    });
    expect(byPeriod['2025-03']).toMatchObject({
      invoiced: euros(cents(c.totali.totale) - cents(nc.totali.totale)),
      collected: -nc.totali.netto,
      unpaidCount: 0,
    });
    expect(byPeriod['2025-04']).toMatchObject({ invoiced: 0, collected: c.totali.netto, costs: 6.1 });
    // the payment percentage of each month's invoices, one decimal: February's one invoice is unpaid, March's paid
    expect(byPeriod['2025-02']).toMatchObject({ documentCount: 1, paymentPercentage: 0 });
    expect(byPeriod['2025-03']).toMatchObject({ documentCount: 1, paymentPercentage: 100 });
    expect(byPeriod['2025-05']).toMatchObject({ documentCount: 0, paymentPercentage: 0 });
    expect(byPeriod['2025-05']).toMatchObject({ invoiced: 0, collected: 0, costs: 0, net: 0 });
    // no due date: unpaid, not overdue
    expect(byPeriod['2025-06']).toMatchObject({ invoiced: d.totali.totale, unpaidCount: 1, overdueCount: 0 });
    // the running sum of net ends at the period's net cash flow
    const sum = await summaryOf(s.owner, '2025-01-01', '2025-06-30');
    expect(monthly.at(-1)?.cumulative).toBe(sum.netCashFlow);
    let running = 0;
    for (const p of monthly) {
      expect(cents(p.net)).toBe(cents(p.collected) - cents(p.costs));
      running += cents(p.net);
      expect(cents(p.cumulative)).toBe(running);
    }
    // the months add up to the summary
    expect(euros(monthly.reduce((acc, p) => acc + cents(p.invoiced), 0))).toBe(
      sum.revenueStatistics.invoiceStats.totalAmount,
    );
  });

  it('gives a daily series, and both with BOTH', async () => {
    const s = await seedYear();
    const daily = await cashflowOf(s.owner, { startDate: '2025-01-14', endDate: '2025-01-21', granularity: 'DAILY' });
    expect(daily.monthly).toBeNull();
    expect(daily.daily?.length).toBe(8);
    expect(daily.daily?.find((p) => p.period === '2025-01-15')?.invoiced).toBe(s.a.totali.totale);
    expect(daily.daily?.find((p) => p.period === '2025-01-20')?.collected).toBe(s.a.totali.netto);
    expect(daily.daily?.at(-1)?.cumulative).toBe(s.a.totali.netto);
    const both = await cashflowOf(s.owner, { startDate: '2025-02-01', endDate: '2025-02-28', granularity: 'BOTH' });
    expect(both.monthly?.map((p) => p.period)).toEqual(['2025-02']);
    expect(both.daily?.length).toBe(28);
    expect(both.daily?.find((p) => p.period === '2025-02-14')?.costs).toBe(6.1);
  });
});

/**
 * Three patients: Sara 'Sportivo', Paolo 'Sportivo' and 'Lombalgia', Anna without tags. 2025: Sara 100 € paid (March) · Paolo 2 × 30 € 'Seduta' + 40 € 'Valutazione' unpaid (April) · Anna
 * 55 € paid (May) · a received invoice (a cost) in May.
 */
const seedTagged = async () => {
  const owner = await createStudioOwner(t.app);
  await apiOk(t.app, { method: 'POST', url: '/settings/documento-contabile-passivo/enable', token: owner.token });
  const sara = await patientOf(owner, ['Sportivo']);
  const paolo = await patientOf(owner, ['Sportivo', 'Lombalgia']);
  const anna = await patientOf(owner);
  const s = await invoice(owner, sara, {
    dataFattura: '10-03-2025',
    prestazione: line(1, 100, 'Seduta'),
    pagata: true,
    dataIncasso: '12-03-2025',
  });
  const p = await invoice(owner, paolo, {
    dataFattura: '10-04-2025',
    prestazione: [...line(1, 30, 'Seduta'), ...line(1, 30, 'seduta '), ...line(1, 40, 'Valutazione')],
  });
  const a = await invoice(owner, anna, {
    dataFattura: '10-05-2025',
    prestazione: line(1, 55, 'Valutazione'),
    pagata: true,
    dataIncasso: '10-05-2025',
  });
  await receive(owner, '2025-05-20');
  return { owner, s, p, a };
};
const revenueOf = (owner: TestStudioUser, query: Record<string, string | string[]>) =>
  apiOk<Revenue>(t.app, { method: 'GET', url: '/analytics/revenue', token: owner.token, query });

describe('tag filter (spec part 2 §7 tags)', () => {
  it('narrows the summary and the series to the patients carrying any of the tags, without costs', async () => {
    const { owner, s, p, a } = await seedTagged();
    const year = { startDate: '2025-01-01', endDate: '2025-12-31' };
    const all = await summaryOf(owner, year.startDate, year.endDate);
    expect(all.revenueStatistics.invoiceStats.documentCount).toBe(3);
    expect(all.costStatistics.documentCount).toBe(1);
    const sport = await apiOk<CashflowSummary>(t.app, {
      method: 'GET',
      url: '/analytics/cashflow/summary',
      token: owner.token,
      query: { ...year, tags: 'Sportivo' },
    });
    expect(sport.revenueStatistics.invoiceStats).toEqual({
      documentCount: 2,
      totalAmount: euros(cents(s.totali.totale) + cents(p.totali.totale)),
      unpaidDocumentCount: 1,
      paymentPercentage: 50,
    });
    expect(sport.revenueStatistics.paymentStats).toEqual({ paidDocumentCount: 1, paidDocumentAmount: s.totali.netto });
    // received invoices concern no patient: none is counted under a tag
    expect(sport.costStatistics).toEqual({
      documentCount: 0,
      totalAmount: 0,
      passiveDocumentCount: 0,
      manualExpenseCount: 0,
    });
    expect(sport.netCashFlow).toBe(s.totali.netto);
    // any of the tags, repeated or comma-separated
    const either = await cashflowOf(owner, { ...year, tags: 'Lombalgia,Nessuno' });
    const months = Object.fromEntries((either.monthly ?? []).map((m) => [m.period, m]));
    expect(months['2025-03']?.invoiced).toBe(0);
    expect(months['2025-04']).toMatchObject({ invoiced: p.totali.totale, unpaidCount: 1 });
    expect(months['2025-05']).toMatchObject({ invoiced: 0, collected: 0, costs: 0 });
    const none = await summaryOf(owner, year.startDate, year.endDate);
    expect(none.revenueStatistics.invoiceStats.totalAmount).toBe(
      euros(cents(s.totali.totale) + cents(p.totali.totale) + cents(a.totali.totale)),
    );
    // a tag nobody carries: nothing
    const nobody = await apiOk<CashflowSummary>(t.app, {
      method: 'GET',
      url: '/analytics/cashflow/summary',
      token: owner.token,
      query: { ...year, tags: ['Nessuno'] },
    });
    expect(nobody.revenueStatistics.invoiceStats.documentCount).toBe(0);
  });

  it('never reaches another studio’s patients with the same tag', async () => {
    const { owner } = await seedTagged();
    const other = await createStudioOwner(t.app);
    const otherPatient = await patientOf(other, ['Sportivo']);
    await invoice(other, otherPatient, { dataFattura: '10-03-2025', prestazione: line(1, 999) });
    const sum = await apiOk<CashflowSummary>(t.app, {
      method: 'GET',
      url: '/analytics/cashflow/summary',
      token: owner.token,
      query: { startDate: '2025-01-01', endDate: '2025-12-31', tags: 'Sportivo' },
    });
    expect(sum.revenueStatistics.invoiceStats.documentCount).toBe(2);
  });

  it.each([
    ['more than 50 tags', Array.from({ length: 51 }, (_, i) => `t${i}`).join(',')],
    ['a tag longer than 100 characters', 'x'.repeat(101)],
  ])('answers 400 in Italian to %s', async (_name, tags) => {
    const owner = await createStudioOwner(t.app);
    for (const url of ['/analytics/cashflow', '/analytics/cashflow/summary', '/analytics/revenue']) {
      const res = await api(t.app, {
        method: 'GET',
        url,
        token: owner.token,
        query: { startDate: '2025-01-01', endDate: '2025-12-31', tags },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'ERROR' });
      expect(JSON.stringify(res.body)).toContain(am.invalidTags);
    }
  });
});

describe('GET /analytics/revenue', () => {
  it('splits the invoiced by service: each invoice’s total shared among its lines, adding up to the cent', async () => {
    const { owner, s, p, a } = await seedTagged();
    const r = await revenueOf(owner, { startDate: '2025-01-01', endDate: '2025-12-31' });
    const invoicedCents = cents(s.totali.totale) + cents(p.totali.totale) + cents(a.totali.totale);
    // 'Seduta' and 'seduta ' are one service, named as the studio writes it most often
    expect(r.byService.map((x) => x.service)).toEqual(['Seduta', 'Valutazione']);
    const [seduta, valutazione] = r.byService;
    // Paolo's invoice: 30 of 100 to each Seduta line (truncated), the rest to Valutazione, the last line
    const paoloSeduta = 2 * Math.trunc((cents(p.totali.totale) * 3000) / 10000);
    expect(cents(seduta?.amount ?? 0)).toBe(cents(s.totali.totale) + paoloSeduta);
    expect(cents(valutazione?.amount ?? 0)).toBe(cents(a.totali.totale) + cents(p.totali.totale) - paoloSeduta);
    expect(seduta?.documentCount).toBe(2);
    expect(valutazione?.documentCount).toBe(2);
    expect(r.byService.reduce((acc, x) => acc + cents(x.amount), 0)).toBe(invoicedCents);
    expect(r.otherServices).toBeNull();
    // by tag: a document under each tag of its patient; Anna's under null
    expect(r.byTag).toEqual(
      [
        { tag: 'Sportivo', amount: euros(cents(s.totali.totale) + cents(p.totali.totale)), documentCount: 2 },
        { tag: 'Lombalgia', amount: p.totali.totale, documentCount: 1 },
        { tag: null, amount: a.totali.totale, documentCount: 1 },
      ].sort((x, y) => y.amount - x.amount),
    );
    // with a tag filter: that tag's documents, that tag's row
    const lomb = await revenueOf(owner, { startDate: '2025-01-01', endDate: '2025-12-31', tags: 'Lombalgia' });
    expect(lomb.byTag).toEqual([{ tag: 'Lombalgia', amount: p.totali.totale, documentCount: 1 }]);
    expect(lomb.byService.reduce((acc, x) => acc + cents(x.amount), 0)).toBe(cents(p.totali.totale));
  });

  it('subtracts credit notes and counts the range only', async () => {
    const s = await seedYear();
    const r = await revenueOf(s.owner, { startDate: '2025-01-01', endDate: '2025-03-31' });
    // January–March: A (100), B (80, Valutazione posturale), C (60), credit note of A (−50)
    const fisio = r.byService.find((x) => x.service === 'Seduta di fisioterapia');
    expect(cents(fisio?.amount ?? 0)).toBe(
      cents(s.a.totali.totale) + cents(s.c.totali.totale) - cents(s.nc.totali.totale),
    );
    expect(fisio?.documentCount).toBe(2);
    expect(r.byService.find((x) => x.service === 'Valutazione posturale')?.amount).toBe(s.b.totali.totale);
    const sum = await summaryOf(s.owner, '2025-01-01', '2025-03-31');
    expect(euros(r.byService.reduce((acc, x) => acc + cents(x.amount), 0))).toBe(
      sum.revenueStatistics.invoiceStats.totalAmount,
    );
    expect(r.byTag).toEqual([{ tag: null, amount: sum.revenueStatistics.invoiceStats.totalAmount, documentCount: 3 }]);
    const other = await createStudioOwner(t.app);
    expect(await revenueOf(other, { startDate: '2025-01-01', endDate: '2025-12-31' })).toMatchObject({
      byService: [],
      byTag: [],
      otherServices: null,
    });
  });

  it('names the 100 largest services and sums the rest', async () => {
    const owner = await createStudioOwner(t.app);
    const pz = await patientOf(owner);
    // one invoice with 103 lines: service i costs i €
    const prestazione = Array.from({ length: 103 }, (_, i) => line(1, i + 1, `Servizio ${i + 1}`)[0]);
    const doc = await invoice(owner, pz, { dataFattura: '10-03-2025', prestazione });
    const r = await revenueOf(owner, { startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(r.byService).toHaveLength(100);
    expect(r.byService[0]?.service).toBe('Servizio 103');
    expect(r.otherServices?.serviceCount).toBe(3);
    expect(r.byService.reduce((acc, x) => acc + cents(x.amount), 0) + cents(r.otherServices?.amount ?? 0)).toBe(
      cents(doc.totali.totale),
    );
  });
});

describe('access and bad input', () => {
  it('shows a studio only its own figures', async () => {
    const s = await seedYear();
    const other = await createStudioOwner(t.app);
    const sum = await summaryOf(other, '2025-01-01', '2025-12-31');
    expect(sum.revenueStatistics.invoiceStats.documentCount).toBe(0);
    expect(sum.costStatistics.documentCount).toBe(0);
    // another studio's id in the query is a request the membership check refuses
    const res = await api(t.app, {
      method: 'GET',
      url: '/analytics/cashflow/summary',
      token: other.token,
      query: { studioId: s.owner.studioId, startDate: '2025-01-01', endDate: '2025-12-31' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body)).not.toContain(String(s.a.totali.totale * 2));
  });

  it('refuses a collaborator, whose role does not see the figures', async () => {
    const owner = await createStudioOwner(t.app);
    const staff = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    const res = await api(t.app, {
      method: 'GET',
      url: '/analytics/cashflow/summary',
      token: staff.token,
      query: { startDate: '2025-01-01', endDate: '2025-12-31' },
    });
    expect(res.status).toBe(403);
    const accountant = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_CONTABILE');
    const allowed = await api(t.app, {
      method: 'GET',
      url: '/analytics/cashflow/summary',
      token: accountant.token,
      query: { startDate: '2025-01-01', endDate: '2025-12-31' },
    });
    expect(allowed.status).toBe(200);
  });

  it.each([
    ['a date in the UI format', { startDate: '01-01-2025', endDate: '2025-12-31' }, am.invalidDate],
    ['a day that does not exist', { startDate: '2025-02-30', endDate: '2025-12-31' }, am.invalidDate],
    ['a missing end', { startDate: '2025-01-01' }, am.invalidDate],
    ['an end before the start', { startDate: '2025-06-01', endDate: '2025-01-01' }, am.endBeforeStart],
    ['more than ten years', { startDate: '2000-01-01', endDate: '2025-01-01' }, am.rangeTooLong],
    [
      'an unknown granularity',
      { startDate: '2025-01-01', endDate: '2025-01-31', granularity: 'WEEKLY' },
      am.invalidGranularity,
    ],
  ])('answers 400 in Italian to %s', async (_name, query, message) => {
    const owner = await createStudioOwner(t.app);
    const res = await api(t.app, { method: 'GET', url: '/analytics/cashflow', token: owner.token, query });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });
});
