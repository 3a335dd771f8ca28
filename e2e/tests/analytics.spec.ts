import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPost, createOwner, type Owner, openSignedIn, shot } from '../support/studio-owner.ts';

type Doc = { id: string; idDocumento: string; totali: { totale: number; netto: number } };

const cents = (euros: number) => Math.round(euros * 100);
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const pct = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** Spaces as the page's text has them once normalised (Intl writes no-break spaces). */
const plain = (s: string) => s.replace(/\s/g, ' ').trim();
const money = (c: number) => plain(euro.format(c / 100));
const csvMoney = (c: number) => (c / 100).toFixed(2).replace('.', ',');

const line = (prezzoPerUnita: number, descrizione = 'Seduta di fisioterapia') => [
  { descrizione, quantita: 1, prezzoPerUnita, codiceIvaId: 4, sconto: 0 },
];

const receivedXml = (isoDate: string, numero: string) =>
  readFileSync(
    path.resolve(import.meta.dirname, '../../../shared/fixtures/fatturapa/examples/IT01234567890_FPR01.xml'),
    'utf8',
  )
    .replace('<Numero>123</Numero>', `<Numero>${numero}</Numero>`)
    .replace('<Data>2014-12-18</Data>', `<Data>${isoDate}</Data>`);

type Expected = {
  invoicedCents: number;
  collectedCents: number;
  costCents: number;
  issued: number;
  paid: number;
  unpaid: number;
  /** per month YYYY-MM: invoiced, collected, costs in cents */
  months: Map<string, { invoiced: number; collected: number; costs: number }>;
  /** per service (each invoice has one line): invoiced in cents and invoices */
  services: Map<string, { cents: number; documents: number }>;
  /** what Mario's invoices (tag Sportivo) invoiced, in cents */
  sportivoCents: number;
};

/**
 * A year of a studio's work (2025), made through the API in date order: each month an invoice to Mario (tagged
 * Sportivo) on the 10th paid on the 15th and one on the 20th, paid on the 25th up to October, unpaid and overdue in
 * November and December; a credit note in March refunded the same day; Anna (no tag) pays a 'Tecarterapia' on 28
 * June; two received invoices as costs. And one paid invoice this year.
 */
const seedYear = async (request: APIRequestContext, owner: Owner) => {
  const patient = await apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
      contatti: { cellulare: '+39 333 1234567', email: 'mario@example.it' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
      tags: ['Sportivo'],
    },
    owner.token,
  );
  const anna = await apiPost<{ id: string }>(
    request,
    '/pazienti',
    {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Anna', cognome: 'Neri', codiceFiscale: 'NRENNA90A41H501V' },
      contatti: { cellulare: '+39 333 7654321', email: 'anna@example.it' },
      residenza: { indirizzo: 'Via Po 2', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    },
    owner.token,
  );
  const e: Expected = {
    invoicedCents: 0,
    collectedCents: 0,
    costCents: 0,
    issued: 0,
    paid: 0,
    unpaid: 0,
    months: new Map(),
    services: new Map(),
    sportivoCents: 0,
  };
  const service = (name: string, cents: number, documents: number) => {
    const found = e.services.get(name) ?? { cents: 0, documents: 0 };
    found.cents += cents;
    found.documents += documents;
    e.services.set(name, found);
  };
  const month = (m: string) => {
    const found = e.months.get(m) ?? { invoiced: 0, collected: 0, costs: 0 };
    e.months.set(m, found);
    return found;
  };
  const invoice = async (body: Record<string, unknown>) =>
    apiPost<Doc>(request, '/documento-contabile', { pazienteId: patient.id, ...body }, owner.token);
  for (let m = 1; m <= 12; m++) {
    const mm = String(m).padStart(2, '0');
    const first = await invoice({
      dataFattura: `10-${mm}-2025`,
      prestazione: line(60 + m),
      pagata: true,
      dataIncasso: `15-${mm}-2025`,
    });
    const lateOnes = m >= 11;
    const second = await invoice({
      dataFattura: `20-${mm}-2025`,
      prestazione: line(40, 'Valutazione posturale'),
      ...(lateOnes ? { dataScadenza: `28-${mm}-2025` } : { pagata: true, dataIncasso: `25-${mm}-2025` }),
    });
    const key = `2025-${mm}`;
    for (const d of [first, second]) {
      e.invoicedCents += cents(d.totali.totale);
      e.sportivoCents += cents(d.totali.totale);
      month(key).invoiced += cents(d.totali.totale);
      e.issued += 1;
    }
    service('Seduta di fisioterapia', cents(first.totali.totale), 1);
    service('Valutazione posturale', cents(second.totali.totale), 1);
    e.paid += lateOnes ? 1 : 2;
    e.unpaid += lateOnes ? 1 : 0;
    const collected = cents(first.totali.netto) + (lateOnes ? 0 : cents(second.totali.netto));
    e.collectedCents += collected;
    month(key).collected += collected;
    // in date order (numbering follows dates): after June's second invoice
    if (m === 6) {
      const annas = await apiPost<Doc>(
        request,
        '/documento-contabile',
        {
          pazienteId: anna.id,
          dataFattura: '28-06-2025',
          prestazione: line(90, 'Tecarterapia'),
          pagata: true,
          dataIncasso: '28-06-2025',
        },
        owner.token,
      );
      e.invoicedCents += cents(annas.totali.totale);
      month('2025-06').invoiced += cents(annas.totali.totale);
      e.collectedCents += cents(annas.totali.netto);
      month('2025-06').collected += cents(annas.totali.netto);
      e.issued += 1;
      e.paid += 1;
      service('Tecarterapia', cents(annas.totali.totale), 1);
    }
    if (m === 3) {
      const nc = await invoice({
        tipoDocumento: 'NOTA_DI_CREDITO',
        dataFattura: '22-03-2025',
        numeroFatturaCollegata: first.idDocumento,
        dataFatturaCollegata: '10-03-2025',
        prestazione: line(60 + m),
        pagata: true,
        dataIncasso: '22-03-2025',
      });
      e.invoicedCents -= cents(nc.totali.totale);
      e.sportivoCents -= cents(nc.totali.totale);
      service('Seduta di fisioterapia', -cents(nc.totali.totale), 0);
      month(key).invoiced -= cents(nc.totali.totale);
      e.collectedCents -= cents(nc.totali.netto);
      month(key).collected -= cents(nc.totali.netto);
    }
  }
  await apiPost(request, '/settings/documento-contabile-passivo/enable', {}, owner.token);
  for (const [date, numero] of [
    ['2025-02-14', 'A-1'],
    ['2025-06-30', 'A-2'],
  ] as const) {
    const res = await request.post('/app/api/documento-contabile-passivo/upload', {
      headers: { Authorization: `Bearer ${owner.token}` },
      multipart: {
        files: {
          name: 'IT01234567890_FPR01.xml',
          mimeType: 'application/xml',
          buffer: Buffer.from(receivedXml(date, numero)),
        },
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    e.costCents += 610;
    month(date.slice(0, 7)).costs += 610;
  }
  const thisYear = await invoice({
    dataFattura: '15-01-2026',
    prestazione: line(100),
    pagata: true,
    dataIncasso: '15-01-2026',
  });
  return { expected: e, thisYear };
};

const cardValue = async (page: Page, testId: string) =>
  plain((await page.getByTestId(`${testId}-value`).textContent()) ?? '');

test.describe('financial analytics (Statistiche)', () => {
  test('shows a year of figures, changes period and downloads a chart’s CSV', async ({ page, request }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const owner = await createOwner(request);
    const { expected: e, thisYear } = await seedYear(request, owner);

    // from the overview's 'Statistiche'
    await openSignedIn(page, owner, '/accounting');
    await page.getByRole('main').getByRole('link', { name: 'Statistiche' }).click();
    await expect(page).toHaveURL(/\/financial-analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Statistiche' })).toBeVisible();

    // this year by default: the one invoice of January
    await expect.poll(() => cardValue(page, 'card-invoiced')).toBe(money(cents(thisYear.totali.totale)));
    expect(await cardValue(page, 'card-paid-percentage')).toBe(plain(`${pct.format(100)} %`));

    // last year
    await page.getByText('Anno scorso').click();
    await expect.poll(() => cardValue(page, 'card-invoiced')).toBe(money(e.invoicedCents));
    expect(await cardValue(page, 'card-collected')).toBe(money(e.collectedCents));
    expect(await cardValue(page, 'card-costs')).toBe(money(e.costCents));
    expect(await cardValue(page, 'card-net')).toBe(money(e.collectedCents - e.costCents));
    expect(await cardValue(page, 'card-unpaid')).toBe(String(e.unpaid));
    // 23 of 25 paid: 92,0 %
    expect(await cardValue(page, 'card-paid-percentage')).toBe(
      plain(`${pct.format(Math.round((e.paid * 1000) / e.issued) / 10)} %`),
    );
    await expect(page.getByRole('region', { name: 'Fatturato, incassato e costi per mese' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Flusso di cassa cumulato' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Fatture non pagate e scadute per mese di emissione' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Percentuale di fatture pagate per mese di emissione' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fatturato per prestazione' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fatturato per etichetta del paziente' })).toBeVisible();
    await page.waitForTimeout(600); // the charts' entry animation
    await shot(page, info, 'analytics-last-year');

    // the CSV of the revenue by service: every service, the largest first, adding up to the invoiced
    const serviceDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica CSV: Fatturato per prestazione' }).click();
    const serviceFile = await serviceDownload;
    expect(serviceFile.suggestedFilename()).toBe('fatturato-per-prestazione_2025-01-01_2025-12-31.csv');
    const serviceLines = readFileSync(await serviceFile.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const byAmount = [...e.services].sort((a, b) => b[1].cents - a[1].cents);
    expect(serviceLines).toEqual([
      'Prestazione;Fatturato;N. fatture',
      ...byAmount.map(([name, v]) => `${name};${csvMoney(v.cents)};${v.documents}`),
    ]);
    expect(byAmount.reduce((acc, [, v]) => acc + v.cents, 0)).toBe(e.invoicedCents);
    // by tag: Mario's invoices under Sportivo, Anna's without a tag
    const byTag = page.getByRole('region', { name: 'Fatturato per etichetta del paziente' });
    await byTag.getByText('Mostra i dati in tabella').click();
    await expect(byTag.getByRole('row').filter({ hasText: 'Sportivo' }).getByRole('cell').first()).toHaveText(
      money(e.sportivoCents).replace(' ', '\u00a0'),
    );
    await expect(byTag.getByRole('row').filter({ hasText: 'Senza etichetta' }).getByRole('cell').first()).toHaveText(
      money(e.invoicedCents - e.sportivoCents).replace(' ', '\u00a0'),
    );

    // the CSV of the monthly chart: every month of 2025 with the figures seeded
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica CSV: Fatturato, incassato e costi per mese' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('fatturato-incassato-costi_2025-01-01_2025-12-31.csv');
    const csv = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Mese;Fatturato;Incassato;Costi;Netto');
    expect(lines).toHaveLength(13);
    for (const [m, v] of e.months)
      expect(lines).toContain(
        `${m};${csvMoney(v.invoiced)};${csvMoney(v.collected)};${csvMoney(v.costs)};${csvMoney(v.collected - v.costs)}`,
      );

    // the table alternative of the cumulative chart ends at the year's net cash flow
    const cumulative = page.getByRole('region', { name: 'Flusso di cassa cumulato' });
    await cumulative.getByText('Mostra i dati in tabella').click();
    const lastRow = cumulative.getByRole('row').last();
    await expect(lastRow.getByRole('cell').last()).toHaveText(
      money(e.collectedCents - e.costCents).replace(' ', '\u00a0'),
    );

    // with a year's figures and every table open: no serious or critical axe violation
    for (const name of [
      'Fatturato, incassato e costi per mese',
      'Fatture non pagate e scadute per mese di emissione',
      'Percentuale di fatture pagate per mese di emissione',
      'Fatturato per prestazione',
    ])
      await page.getByRole('region', { name }).getByText('Mostra i dati in tabella').click();
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);

    // the tag filter: Mario's invoices only, and no costs under a tag
    await page.getByRole('combobox', { name: 'Etichette' }).click();
    await page.getByRole('option', { name: 'Sportivo' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => cardValue(page, 'card-invoiced')).toBe(money(e.sportivoCents));
    expect(await cardValue(page, 'card-costs')).toBe(money(0));
    await expect(page.getByText(/i costi non sono conteggiati/)).toBeVisible();
    await page.waitForTimeout(600);
    await shot(page, info, 'analytics-tag-filter');
    await page.getByRole('combobox', { name: 'Etichette' }).click();
    await page.getByRole('option', { name: 'Sportivo' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => cardValue(page, 'card-invoiced')).toBe(money(e.invoicedCents));

    // a custom range: the first quarter of 2025
    await page.getByText('Personalizzato').click();
    const from = page.getByRole('textbox', { name: 'Dal', exact: true });
    const to = page.getByRole('textbox', { name: 'Al', exact: true });
    await from.fill('01-01-2025');
    await from.blur();
    await to.fill('31-03-2025');
    await to.blur();
    const q1 = ['2025-01', '2025-02', '2025-03'].reduce((acc, m) => acc + (e.months.get(m)?.invoiced ?? 0), 0);
    await expect.poll(() => cardValue(page, 'card-invoiced')).toBe(money(q1));
    await page.waitForTimeout(600);
    await shot(page, info, 'analytics-custom-range');
  });
});
