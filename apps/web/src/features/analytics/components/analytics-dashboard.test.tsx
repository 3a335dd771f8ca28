import type { CashflowPoint } from '@studiolo/domain/analytics';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { AnalyticsDashboard, drawnServiceRows } from './analytics-dashboard.tsx';

const point = (period: string, over: Partial<CashflowPoint> = {}): CashflowPoint => ({
  period,
  invoiced: 0,
  collected: 0,
  costs: 0,
  net: 0,
  cumulative: 0,
  documentCount: 0,
  paymentPercentage: 0,
  unpaidCount: 0,
  unpaidAmount: 0,
  overdueCount: 0,
  overdueAmount: 0,
  ...over,
});

const calls: URL[] = [];
const fetchMock = vi.fn(async (input: string) => {
  const url = new URL(input, 'http://localhost');
  calls.push(url);
  const path = url.pathname.replace('/app/api', '');
  const json = (response: unknown) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response }), { headers: { 'content-type': 'application/json' } });
  const start = url.searchParams.get('startDate') ?? '';
  const lastYear = start.startsWith('2025');
  if (path === '/user/getUser') return json(user);
  if (path === '/analytics/cashflow/summary')
    return json({
      startDate: start,
      endDate: url.searchParams.get('endDate'),
      netCashFlow: lastYear ? 500 : 1987.8,
      revenueStatistics: {
        invoiceStats: {
          documentCount: 3,
          totalAmount: lastYear ? 700 : 2400.5,
          unpaidDocumentCount: 1,
          paymentPercentage: 66.7,
        },
        paymentStats: { paidDocumentCount: 2, paidDocumentAmount: 2000 },
      },
      costStatistics: { documentCount: 2, totalAmount: 12.2, passiveDocumentCount: 2, manualExpenseCount: 0 },
    });
  if (path === '/analytics/cashflow')
    return json({
      startDate: start,
      endDate: url.searchParams.get('endDate'),
      granularity: 'MONTHLY',
      daily: null,
      monthly: [
        point(`${start.slice(0, 4)}-01`, { invoiced: 1200.5, collected: 1000, net: 1000, cumulative: 1000 }),
        point(`${start.slice(0, 4)}-02`, {
          invoiced: 80,
          costs: 6.1,
          net: -6.1,
          cumulative: 993.9,
          documentCount: 3,
          unpaidCount: 1,
          paymentPercentage: 66.7,
        }),
      ],
    });
  if (path === '/analytics/revenue') {
    const tags = url.searchParams.getAll('tags');
    return json({
      startDate: start,
      endDate: url.searchParams.get('endDate'),
      byService: Array.from({ length: tags.length ? 1 : 12 }, (_, i) => ({
        service: i === 0 ? 'Seduta di fisioterapia' : `Servizio ${i}`,
        amount: i === 0 ? 12345.6 : 100 - i,
        documentCount: i + 1,
      })),
      otherServices: tags.length ? null : { serviceCount: 3, amount: 20 },
      byTag: tags.length
        ? [{ tag: 'Sportivo', amount: 300, documentCount: 2 }]
        : [
            { tag: 'Sportivo', amount: 300, documentCount: 2 },
            { tag: null, amount: 99.5, documentCount: 1 },
          ],
    });
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
  signInTestUser();
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const render = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <AnalyticsDashboard />
    </QueryClientProvider>,
  );

describe('analytics page', () => {
  it('shows this year’s figures in Italian format, the payment percentage with one decimal', async () => {
    render();
    expect(await screen.findByText('2400,50 €')).toBeTruthy();
    expect(screen.getByText('1987,80 €')).toBeTruthy();
    expect(screen.getByTestId('card-paid-percentage-value').textContent).toBe('66,7 %');
    const summaryCall = calls.find((c) => c.pathname.endsWith('/analytics/cashflow/summary'));
    expect(summaryCall?.searchParams.get('startDate')).toBe('2026-01-01');
    expect(summaryCall?.searchParams.get('endDate')).toBe('2026-12-31');
  });

  it('gives every chart a title and the same figures as a table', async () => {
    render();
    const section = await screen.findByRole('region', { name: 'Fatturato, incassato e costi per mese' });
    const table = within(section).getByRole('table', { hidden: true });
    const cells = within(table)
      .getAllByRole('row', { hidden: true })
      .map((r) => r.textContent?.replace(/\s/g, ' '));
    expect(cells[1]).toBe('gen 20261200,50 €1000,00 €0,00 €1000,00 €');
    expect(screen.getByRole('region', { name: 'Flusso di cassa cumulato' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fatture non pagate e scadute per mese di emissione' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Percentuale di fatture pagate per mese di emissione' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Fatturato per prestazione' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fatturato per etichetta del paziente' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Scarica CSV: / })).toHaveLength(6);
  });

  it('asks last year’s figures when the period changes', async () => {
    const u = userEvent.setup();
    render();
    await screen.findByText('2400,50 €');
    await u.click(screen.getByText('Anno scorso'));
    expect(await screen.findByText('700,00 €')).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.pathname.endsWith('/analytics/cashflow') && c.searchParams.get('startDate') === '2025-01-01',
        ),
      ).toBe(true),
    );
  });

  it('shows each month’s payment percentage with one decimal', async () => {
    render();
    const section = await screen.findByRole('region', { name: 'Percentuale di fatture pagate per mese di emissione' });
    const rows = within(section)
      .getAllByRole('row', { hidden: true })
      .map((r) => r.textContent?.replace(/\s/g, ' '));
    expect(rows[2]).toBe('feb 20263166,7 %');
  });

  it('stops the share paid at this month: the months to come are not plotted as 0 % (issue 26 item 7)', async () => {
    // on 20 January, February has not begun
    vi.setSystemTime(new Date('2026-01-20T10:00:00Z'));
    render();
    const section = await screen.findByRole('region', { name: 'Percentuale di fatture pagate per mese di emissione' });
    const rows = within(section)
      .getAllByRole('row', { hidden: true })
      .map((r) => r.textContent?.replace(/\s/g, ' '));
    expect(rows.some((r) => r?.startsWith('gen 2026'))).toBe(true);
    expect(rows.some((r) => r?.startsWith('feb 2026'))).toBe(false);
  });

  it('lists every service in the table, the ones beyond the answer summed, with Italian thousands', async () => {
    render();
    const section = await screen.findByRole('region', { name: 'Fatturato per prestazione' });
    const rows = within(section)
      .getAllByRole('row', { hidden: true })
      .map((r) => r.textContent?.replace(/\s/g, ' '));
    // header, 12 services, the 3 beyond the answer's list
    expect(rows).toHaveLength(14);
    expect(rows[1]).toBe('Seduta di fisioterapia12.345,60 €1');
    expect(rows.at(-1)).toBe('Altre prestazioni (3)20,00 €');
    const tags = screen.getByRole('region', { name: 'Fatturato per etichetta del paziente' });
    expect(within(tags).getAllByRole('row', { hidden: true }).at(-1)?.textContent?.replace(/\s/g, ' ')).toBe(
      'Senza etichetta99,50 €1',
    );
  });

  it('filters by the chosen tags and says costs are not counted then', async () => {
    const u = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <AnalyticsDashboard tagOptions={['Lombalgia', 'Sportivo']} />
      </QueryClientProvider>,
    );
    await screen.findByText('2400,50 €');
    expect(screen.queryByText(/i costi non sono conteggiati/)).toBeNull();
    await u.click(screen.getByRole('combobox', { name: 'Etichette' }));
    await u.click(await screen.findByRole('option', { name: 'Sportivo' }));
    expect(await screen.findByText(/i costi non sono conteggiati/)).toBeTruthy();
    for (const endpoint of ['/analytics/cashflow', '/analytics/cashflow/summary', '/analytics/revenue'])
      await waitFor(() =>
        expect(
          calls.some((c) => c.pathname.endsWith(endpoint) && c.searchParams.getAll('tags').join() === 'Sportivo'),
        ).toBe(true),
      );
    const section = screen.getByRole('region', { name: 'Fatturato per prestazione' });
    await waitFor(() => expect(within(section).getAllByRole('row', { hidden: true })).toHaveLength(2));
  });
});

describe('drawnServiceRows', () => {
  it('draws the ten largest services and sums the rest in cents as one bar', () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({ label: `S${i}`, amount: 0.1, documentCount: 1 }));
    const drawn = drawnServiceRows(rows);
    expect(drawn).toHaveLength(11);
    expect(drawn.at(-1)).toEqual({ label: 'Altre prestazioni', amount: 0.3, documentCount: null });
    expect(drawnServiceRows(rows.slice(0, 11))).toHaveLength(11);
  });
});
