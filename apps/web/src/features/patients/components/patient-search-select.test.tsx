import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { searchPatientsForDialog } from './patient-options.ts';
import { PatientSearchSelect } from './patient-search-select.tsx';

const studioId = '11111111-1111-4111-8111-111111111111';
const rossiId = '33333333-3333-4333-8333-333333333333';
const user = {
  id: '22222222-2222-4222-8222-222222222222',
  username: 'giulia@studio.it',
  idsStudio: [studioId],
  role: 'ROLE_USER',
  studioRole: 'ROLE_USER',
};
const rossi = {
  id: rossiId,
  studioId,
  state: 'ACTIVE',
  tags: [],
  datiGenerali: {
    tipologiaPersona: 'FISICA',
    nome: 'Mario',
    cognome: 'Rossi',
    ragioneSociale: null,
    nomeCompleto: 'Rossi Mario',
    codiceFiscale: 'RSSMRA85T10A562S',
    partitaIva: null,
  },
};

const calls: URL[] = [];
const fetchMock = vi.fn(async (input: string) => {
  const url = new URL(input, 'http://localhost');
  calls.push(url);
  const path = url.pathname.replace('/app/api', '');
  const response =
    path === '/user/getUser'
      ? user
      : path === '/v2/pazienti'
        ? { content: [rossi], totalElements: 1, totalPages: 1, page: 0, size: 20 }
        : path === `/pazienti/${rossiId}`
          ? rossi
          : null;
  return new Response(JSON.stringify({ code: 'SUCCESS', response }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  localStorage.setItem('studiolo.user', JSON.stringify({ token: 't', username: user.username }));
  reloadSession();
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const searches = () => calls.filter((u) => u.pathname.endsWith('/v2/pazienti')).map((u) => u.searchParams);

describe('searchPatientsForDialog', () => {
  it('asks for one page of 20 and gives the dialog id and name with the fiscal code', async () => {
    expect(await searchPatientsForDialog('ros')).toEqual([{ id: rossiId, label: 'Rossi Mario (RSSMRA85T10A562S)' }]);
    const [params] = searches();
    expect(params?.get('searchText')).toBe('ros');
    expect(params?.get('size')).toBe('20');
    expect(params?.get('page')).toBe('0');
  });
});

describe('PatientSearchSelect', () => {
  const Picker = ({ initial = null }: { initial?: string | null }) => {
    const [value, setValue] = useState<string | null>(initial);
    return (
      <>
        <PatientSearchSelect value={value} onChange={(id) => setValue(id)} statoPaziente="ACTIVE" />
        <output aria-label="Scelto">{value ?? ''}</output>
      </>
    );
  };
  const renderPicker = (initial?: string | null) =>
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <Picker initial={initial} />
      </QueryClientProvider>,
    );

  it('searches the typed text (20 per page, active only) and takes the chosen patient', async () => {
    const { user: person } = renderPicker();
    const field = screen.getByRole('combobox', { name: 'Paziente' });
    await person.type(field, 'ros');
    await waitFor(() => expect(searches().at(-1)?.get('searchText')).toBe('ros'), { timeout: 2000 });
    expect(searches().at(-1)?.get('size')).toBe('20');
    expect(searches().at(-1)?.get('statoPaziente')).toBe('ACTIVE');
    await person.click(await screen.findByRole('option', { name: 'Rossi Mario (RSSMRA85T10A562S)' }));
    expect(screen.getByLabelText('Scelto').textContent).toBe(rossiId);
    expect((field as HTMLInputElement).value).toBe('Rossi Mario (RSSMRA85T10A562S)');
  });

  it('shows a preselected patient by name', async () => {
    renderPicker(rossiId);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Paziente' }) as HTMLInputElement).value).toBe(
        'Rossi Mario (RSSMRA85T10A562S)',
      ),
    );
  });
});
