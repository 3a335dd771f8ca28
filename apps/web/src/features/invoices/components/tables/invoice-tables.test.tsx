import type { FatturaPage, FatturaRow } from '@studiolo/domain/invoices';
import { formatUiDate } from '@studiolo/domain/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { InvoicePdfPage } from '../../../../app/routes/accounting-fattura-pdf.tsx';
import { LocationDisplay, renderWithProviders } from '../../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { reloadSession } from '../../../../lib/session.ts';
import { OverviewCards } from '../overview/overview-cards.tsx';
import { PatientInvoicesTable } from './patient-invoices-table.tsx';

const pazienteId = '33333333-3333-4333-8333-333333333333';

const row = (n: number, over: Partial<FatturaRow> = {}): FatturaRow => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  idDocumento: `${n}/2026`,
  tipoDocumento: 'FATTURA_SANITARIA',
  numero: n,
  anno: 2026,
  sezionale: '',
  pazienteId,
  cliente: 'Rossi Mario',
  dataFattura: '10-01-2026',
  dataScadenza: null,
  pagata: false,
  dataIncasso: null,
  metodoPagamento: 'Contanti',
  isElettronica: false,
  isInviataToSDI: false,
  sdiNotifications: [],
  scaduta: false,
  accepted: null,
  totaleFattura: 50,
  netto: 50,
  ...over,
});

let page: FatturaPage = { content: [], totalElements: 0, totalIsExact: true, page: 0, size: 25 };
const calls: { method: string; url: URL; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  const method = init?.method ?? 'GET';
  calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
  const path = url.pathname.replace('/app/api', '');
  const json = (response: unknown) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response }), { headers: { 'content-type': 'application/json' } });
  if (path === '/user/getUser') return json(user);
  if (path === `/documento-contabile/paziente/${pazienteId}`) return json(page);
  if (path.endsWith('/pagata')) {
    const body = calls.at(-1)?.body as { isPagata: boolean; dataIncasso?: string };
    return json({ ...row(1), pagata: body.isPagata, dataIncasso: body.dataIncasso ?? null });
  }
  if (path === '/documento-contabile/fattura/invoicing-years') return json({ anniConFatture: [2026, 2025, 2023] });
  if (path === '/documento-contabile/fattura/stats') {
    const year = url.searchParams.get('year');
    return json({
      [String(year)]: {
        fatturato: year === '2025' ? 1200 : 3450.5,
        incassato: 2000,
        costo: 0,
        nrFattureNonPagate: 3,
        nrFattureScadute: 1,
        nrFattureRicevute: 0,
        nrNoteDaRimborsare: 1,
      },
    });
  }
  if (path === '/documento-contabile/fattura/stats-monthly')
    return json({
      fatturato: 0,
      incassato: 420,
      costo: 0,
      nrFattureNonPagate: 0,
      nrFattureScadute: 0,
      nrFattureRicevute: 0,
      nrNoteDaRimborsare: 0,
      netCashFlow: 420,
    });
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

beforeEach(() => {
  signInTestUser();
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderTable = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <PatientInvoicesTable pazienteId={pazienteId} />
      <LocationDisplay />
    </QueryClientProvider>,
    { initialEntries: [`/customers/add?id=${pazienteId}&tab=1`] },
  );
const desktopTable = () => screen.findByRole('table', { name: 'Documenti' });
const lastListQuery = () =>
  calls.filter((c) => c.url.pathname.endsWith(`/paziente/${pazienteId}`)).at(-1)?.url.searchParams;

describe('customer invoice table', () => {
  it('shows the empty state with "Crea la prima fattura" for the patient', async () => {
    page = { content: [], totalElements: 0, totalIsExact: true, page: 0, size: 25 };
    renderTable();
    expect(await screen.findByText('Il cliente non ha ancora nessuna fattura registrata')).toBeTruthy();
    const create = screen.getByRole('link', { name: 'Crea la prima fattura' });
    expect(create.getAttribute('href')).toContain(`/accounting/fattura?pazienteId=${pazienteId}`);
  });

  it('shows the SDI column as the spec says, the overdue warning and the due date', async () => {
    page = {
      content: [
        row(4, { isElettronica: true, isInviataToSDI: true }),
        row(3, { isElettronica: true, isInviataToSDI: false }),
        row(2, { dataScadenza: '20-01-2026', scaduta: true }),
        row(1),
      ],
      totalElements: 4,
      totalIsExact: true,
      page: 0,
      size: 25,
    };
    renderTable();
    const table = await desktopTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Elaborazione')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Da Inviare')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Non Elettr.')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: /Scaduta/ })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Scadenza 20-01-2026')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).queryByRole('img', { name: /Scaduta/ })).toBeNull();
    expect(
      within(rows[3] as HTMLElement)
        .getByRole('link', { name: 'Apri il documento 1/2026' })
        .getAttribute('href'),
    ).toContain('/accounting/fattura?id=00000000-0000-4000-8000-000000000001');
  });

  it('marks an invoice paid with method and today’s collection date, and unpaid after "Procedi"', async () => {
    page = { content: [row(1)], totalElements: 1, totalIsExact: true, page: 0, size: 25 };
    const { user: u } = renderTable();
    const table = await desktopTable();
    await u.click(within(table).getByRole('combobox', { name: 'Pagata 1/2026' }));
    await u.click(await screen.findByRole('option', { name: 'SI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fattura pagata' });
    expect((within(dialog).getByRole('textbox', { name: /Data incasso/ }) as HTMLInputElement).value).toBe(
      formatUiDate(new Date()),
    );
    // what the server will list once the invoice is paid
    page = { content: [row(1, { pagata: true })], totalElements: 1, totalIsExact: true, page: 0, size: 25 };
    await u.click(within(dialog).getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      fatturaId: row(1).id,
      isPagata: true,
      dataIncasso: formatUiDate(new Date()),
      metodoPagamento: 'Contanti',
    });

    await waitFor(() =>
      expect(within(table).getByRole('combobox', { name: 'Pagata 1/2026' })).toHaveProperty('value', 'SI'),
    );
    await u.click(within(table).getByRole('combobox', { name: 'Pagata 1/2026' }));
    await u.click(await screen.findByRole('option', { name: 'NO' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Fattura NON pagata - Vuoi segnare la fattura come non pagata?')).toBeTruthy();
    await u.click(within(confirm).getByRole('button', { name: 'Procedi' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({ fatturaId: row(1).id, isPagata: false });
  });

  it('leaves the select as it was when the paid dialog is cancelled', async () => {
    page = { content: [row(1)], totalElements: 1, totalIsExact: true, page: 0, size: 25 };
    const { user: u } = renderTable();
    const table = await desktopTable();
    await u.click(within(table).getByRole('combobox', { name: 'Pagata 1/2026' }));
    await u.click(await screen.findByRole('option', { name: 'SI' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Fattura pagata' })).getByRole('button', { name: 'Annulla' }),
    );
    expect(within(table).getByRole('combobox', { name: 'Pagata 1/2026' })).toHaveProperty('value', 'NO');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a credit note as refunded or to refund, never paid, and records the refund with its date and method', async () => {
    const nota = (over: Partial<FatturaRow> = {}) =>
      row(2, { tipoDocumento: 'NOTA_DI_CREDITO', metodoPagamento: 'Bonifico bancario', ...over });
    page = { content: [nota()], totalElements: 1, totalIsExact: true, page: 0, size: 25 };
    const { user: u } = renderTable();
    const table = await desktopTable();
    expect(within(table).queryByRole('combobox', { name: 'Pagata 2/2026' })).toBeNull();
    const select = within(table).getByRole('combobox', { name: 'Rimborsata 2/2026' });
    expect(select).toHaveProperty('value', 'Da rimborsare');
    await u.click(select);
    await u.click(await screen.findByRole('option', { name: 'Rimborsata' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nota di credito rimborsata' });
    expect(within(dialog).getByRole('textbox', { name: /Data del rimborso/ })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /Metodo di rimborso/ })).toBeTruthy();
    page = {
      content: [nota({ pagata: true, dataIncasso: '12-01-2026' })],
      totalElements: 1,
      totalIsExact: true,
      page: 0,
      size: 25,
    };
    await u.click(within(dialog).getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await within(table).findByText('Rimborsata il 12-01-2026 (Bonifico bancario)')).toBeTruthy();
  });

  it('pages 25 at a time by default, offers 10/25/50/100 and goes on with "Avanti"', async () => {
    page = { content: [row(1)], totalElements: 60, totalIsExact: true, page: 0, size: 25 };
    const { user: u } = renderTable();
    await desktopTable();
    expect(lastListQuery()?.get('size')).toBe('25');
    await u.click(screen.getByRole('combobox', { name: 'Documenti per pagina' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    await u.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastListQuery()?.get('size')).toBe('50'));
    await u.click(screen.getByRole('button', { name: 'Avanti' }));
    await waitFor(() => expect(lastListQuery()?.get('page')).toBe('1'));
    expect(screen.getByRole('button', { name: 'Indietro' })).toHaveProperty('disabled', false);
  });
});

describe('overview cards', () => {
  it('offers the current year and the years with invoices, descending, and shows the chosen year', async () => {
    const { user: u } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <OverviewCards />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('3450,50 €')).toBeTruthy();
    expect(screen.getByText('420,00 €')).toBeTruthy();
    expect(screen.getByText('1 nota di credito da rimborsare')).toBeTruthy();
    await u.click(screen.getByRole('combobox', { name: 'Anno' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['2026', '2025', '2023']);
    await u.click(screen.getByRole('option', { name: '2025' }));
    expect(await screen.findByText('1200,00 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Statistiche' }).getAttribute('href')).toBe('/financial-analytics');
  });
});

describe('PDF page', () => {
  it('goes back to /accounting without an id', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <Routes>
          <Route path="/accounting/fattura/pdf" element={<InvoicePdfPage />} />
          <Route path="*" element={<LocationDisplay />} />
        </Routes>
      </QueryClientProvider>,
      { initialEntries: ['/accounting/fattura/pdf'] },
    );
    expect((await screen.findByRole('status', { name: 'Indirizzo' })).textContent).toBe('/accounting');
  });
});
