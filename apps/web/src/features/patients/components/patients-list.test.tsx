import type { Patient } from '@studiolo/domain/patients';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { LocationDisplay, renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testStudioId as studioId, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { PatientsList } from './patients-list.tsx';

const patient = (id: string, overrides: Partial<Patient['datiGenerali']>, rest: Partial<Patient> = {}): Patient => ({
  id,
  studioId,
  state: 'ACTIVE',
  tags: [],
  datiGenerali: {
    tipologiaPersona: 'FISICA',
    nome: null,
    cognome: null,
    ragioneSociale: null,
    nomeCompleto: '',
    sesso: 'U',
    codiceFiscale: null,
    partitaIva: null,
    codiceDestinatario: null,
    dataNascita: null,
    comuneNascita: null,
    provinciaNascita: null,
    nazionalita: 'IT',
    isPubblicaAmministrazione: false,
    note: null,
    ...overrides,
  },
  contatti: { cellulare: '+39 333 1234567', telefono: null, email: 'mario.rossi@example.it', pec: null },
  residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
  datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: true },
  validForFattura: true,
  source: null,
  remindersOptOut: false,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  ...rest,
});

const patients = [
  patient(
    '33333333-3333-4333-8333-333333333333',
    { nome: 'Mario', cognome: 'Rossi', nomeCompleto: 'Rossi Mario', codiceFiscale: 'RSSMRA85T10A562S' },
    {
      tags: ['Sportivi'],
      datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: false },
    },
  ),
  patient(
    '44444444-4444-4444-8444-444444444444',
    { tipologiaPersona: 'GIURIDICA', ragioneSociale: 'Comune di Prova', nomeCompleto: 'Comune di Prova' },
    { validForFattura: false, state: 'UNACTIVE' },
  ),
];

const calls: URL[] = [];
const fetchMock = vi.fn(async (input: string) => {
  const url = new URL(input, 'http://localhost');
  calls.push(url);
  const path = url.pathname.replace('/app/api', '');
  const response =
    path === '/user/getUser'
      ? user
      : path === '/v2/pazienti'
        ? { content: patients, totalElements: 2, totalPages: 1, page: 0, size: 25 }
        : path === '/pazienti/tags'
          ? [
              { tag: 'Sportivi', count: 1 },
              { tag: 'Convenzione', count: 3 },
            ]
          : null;
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
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

const renderList = (entry = '/customers') =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <PatientsList canDelete canExport />
      <LocationDisplay />
    </QueryClientProvider>,
    { initialEntries: [entry] },
  );

/** The query of the last GET /v2/pazienti. */
const lastSearch = () => {
  const url = calls.filter((u) => u.pathname.endsWith('/v2/pazienti')).at(-1);
  if (!url) throw new Error('no search yet');
  return url.searchParams;
};

describe('PatientsList', () => {
  it('lists the first page of 25 with names, fiscal codes, tags, states and the flags a studio must see', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'Elenco dei pazienti' });
    expect(lastSearch().get('page')).toBe('0');
    expect(lastSearch().get('size')).toBe('25');
    expect(lastSearch().has('searchText')).toBe(false);
    const rows = within(table).getAllByTestId('patient-row');
    expect(rows).toHaveLength(2);
    const rossi = within(rows[0] as HTMLElement);
    expect(rossi.getByRole('link', { name: 'Rossi Mario' }).getAttribute('href')).toBe(
      '/customers/add?id=33333333-3333-4333-8333-333333333333&tab=0',
    );
    expect(rossi.getByText('RSSMRA85T10A562S')).toBeTruthy();
    expect(rossi.getByText('Si oppone al TS.')).toBeTruthy();
    expect(rossi.getByText('Sportivi')).toBeTruthy();
    expect(rossi.getByText('Attivo')).toBeTruthy();
    const company = within(rows[1] as HTMLElement);
    expect(company.getByText('Dati di fatturazione incompleti')).toBeTruthy();
    expect(company.getByText('Non attivo')).toBeTruthy();
    // opposing the Sistema TS is a natural person's matter only
    expect(company.queryByText('Si oppone al TS.')).toBeNull();
    expect(screen.getByText('2 pazienti')).toBeTruthy();
  });

  it('searches the typed text after the 400 ms pause and keeps it in the address', async () => {
    const { user } = renderList();
    await screen.findByRole('table', { name: 'Elenco dei pazienti' });
    await user.type(screen.getByLabelText('Cerca pazienti'), 'ros');
    // not yet: one request per pause, not per key
    expect(lastSearch().has('searchText')).toBe(false);
    await waitFor(() => expect(lastSearch().get('searchText')).toBe('ros'), { timeout: 2000 });
    expect(screen.getByLabelText('Indirizzo').textContent).toBe('/customers?q=ros');
  });

  it('filters by state and by tags, each change a new first page', async () => {
    const { user } = renderList('/customers?pagina=3');
    await screen.findByRole('table', { name: 'Elenco dei pazienti' });
    expect(lastSearch().get('page')).toBe('2');

    await user.click(screen.getByRole('radio', { name: 'Non attivi' }));
    await waitFor(() => expect(lastSearch().get('statoPaziente')).toBe('UNACTIVE'));
    expect(lastSearch().get('page')).toBe('0');

    await user.click(screen.getByRole('combobox', { name: 'Etichette' }));
    await user.click(await screen.findByRole('option', { name: /Convenzione/ }));
    await waitFor(() => expect(lastSearch().getAll('tags')).toEqual(['Convenzione']));
    expect(lastSearch().get('statoPaziente')).toBe('UNACTIVE');

    await user.click(screen.getByRole('radio', { name: 'Tutti' }));
    await waitFor(() => expect(lastSearch().has('statoPaziente')).toBe(false));
    expect(lastSearch().getAll('tags')).toEqual(['Convenzione']);
    expect(screen.getByLabelText('Indirizzo').textContent).toBe('/customers?tag=Convenzione');
  });

  it('offers the studio’s tags with how many patients carry each', async () => {
    const { user } = renderList();
    await screen.findByRole('table', { name: 'Elenco dei pazienti' });
    await user.click(screen.getByRole('combobox', { name: 'Etichette' }));
    const option = await screen.findByRole('option', { name: /Convenzione/ });
    expect(option.textContent).toContain('3');
  });
});
