import type { Product } from '@studiolo/domain/calendar';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testStudioId as studioId, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { ProductsPanel } from './products-panel.tsx';

const tutore: Product = {
  id: '33333333-3333-4333-8333-333333333333',
  studioId,
  name: 'Tutore per ginocchio',
  price: 80,
  grossPrice: 80,
  duration: 15,
  codiceIvaId: null,
  status: 'ACTIVE',
  tipoSpesa: 'AD',
};

const sent: { method: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
  const path = new URL(input, 'http://localhost').pathname.replace('/app/api', '');
  const method = init.method ?? 'GET';
  if (method !== 'GET') sent.push({ method, body: JSON.parse(String(init.body)) });
  const response =
    path === '/user/getUser' ? user : path === '/products' ? (method === 'GET' ? [tutore] : tutore) : null;
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  signInTestUser();
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderPanel = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <ProductsPanel canEdit />
    </QueryClientProvider>,
  );

describe('ProductsPanel', () => {
  it("opens a service's dialog, fetched on first use, with its expense type; Escape gives the focus back", async () => {
    const { user: person } = renderPanel();
    const edit = await screen.findByRole('button', { name: 'Modifica Tutore per ginocchio' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await person.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Modifica prestazione' });
    expect(within(dialog).getByLabelText('Nome')).toHaveProperty('value', 'Tutore per ginocchio');
    const tipoSpesa = within(dialog)
      .getAllByLabelText('Tipo di spesa (Sistema TS)')
      .find((el) => el instanceof HTMLInputElement);
    expect(tipoSpesa).toHaveProperty('value', 'AD - Acquisto o affitto di dispositivo medico CE');
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('creates a service as a health service (SP) unless another expense type is chosen', async () => {
    const { user: person } = renderPanel();
    await person.click(await screen.findByRole('button', { name: 'Nuova prestazione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuova prestazione' });
    await person.type(within(dialog).getByLabelText('Nome'), 'Seduta di fisioterapia');
    await person.type(within(dialog).getByLabelText('Prezzo netto'), '50');
    await person.type(within(dialog).getByLabelText('Prezzo lordo'), '50');
    await person.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      body: expect.objectContaining({ name: 'Seduta di fisioterapia', price: 50, tipoSpesa: 'SP' }),
    });
  });
});
