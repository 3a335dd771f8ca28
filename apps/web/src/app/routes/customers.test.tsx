import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../components/testing/render-with-providers.tsx';
import { desktopWidth, phoneWidth, stubScreenWidth } from '../../components/testing/screen-width.ts';
import { signInTestUser, testUser } from '../../components/testing/signed-in.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { reloadSession } from '../../lib/session.ts';
import { CustomersPage } from './customers.tsx';

const fetchMock = vi.fn(async (input: string) => {
  const path = new URL(input, 'http://localhost').pathname.replace('/app/api', '');
  const response =
    path === '/user/getUser'
      ? testUser
      : path === '/v2/pazienti'
        ? { content: [], totalElements: 0, totalPages: 0, page: 0, size: 25 }
        : path === '/pazienti/tags'
          ? []
          : null;
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  signInTestUser();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('CustomersPage', () => {
  it('keeps the import dialog open when the window turns from desktop to phone width and back', async () => {
    const width = stubScreenWidth(desktopWidth);
    const { user } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <CustomersPage />
      </QueryClientProvider>,
      { initialEntries: ['/customers'] },
    );
    await user.click(await screen.findByRole('button', { name: 'Importa pazienti' }));
    expect(await screen.findByRole('dialog', { name: 'Importa pazienti' })).toBeTruthy();

    // the list draws its buttons elsewhere on a phone: the dialog stays
    act(() => width.resize(phoneWidth));
    expect(await screen.findByText('Ancora nessun paziente')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Importa pazienti' })).toBeTruthy();
    act(() => width.resize(desktopWidth));
    expect(screen.getByRole('dialog', { name: 'Importa pazienti' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scegli il file' })).toBeTruthy();
  });
});
