import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { PendingBookings, pendingBookingsTexts as x } from './pending-bookings.tsx';

const row = (id: string, pazienteName: string, newPatient: boolean) => ({
  id,
  eventId: '99999999-9999-4999-8999-999999999999',
  status: 'STUDIO_PENDING_CONFIRMATION',
  start: '2026-12-01T08:00:00.000Z',
  end: '2026-12-01T08:45:00.000Z',
  serviceName: 'Prima visita',
  staffMemberId: '55555555-5555-4555-8555-555555555555',
  staffName: 'Anna Verdi',
  pazienteId: '66666666-6666-4666-8666-666666666666',
  pazienteName,
  newPatient,
  note: newPatient ? 'Dolore al ginocchio' : null,
  createdAt: '2026-11-27T10:00:00.000Z',
  cancelReason: null,
  identityCheck: null as null | { reason: string; codiceFiscale: string; holderName: string | null },
});
const mario = '11111111-aaaa-4aaa-8aaa-111111111111';
const lucia = '22222222-bbbb-4bbb-8bbb-222222222222';

let pending: unknown[];
const calls: { method: string; path: string; search: string; body: unknown }[] = [];

beforeEach(() => {
  signInTestUser();
  calls.length = 0;
  pending = [row(mario, 'Mario Bianchi', true), row(lucia, 'Lucia Gialli', false)];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace('/app/api', '');
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, search: url.search, body });
      let response: unknown = null;
      if (path === '/user/getUser') response = user;
      else if (path === '/bookings') response = pending;
      else if (method === 'POST' && path.startsWith('/bookings/')) {
        const id = path.split('/')[2];
        pending = pending.filter((r) => (r as { id: string }).id !== id);
      }
      return new Response(JSON.stringify({ code: 'SUCCESS', response }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderList = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <PendingBookings />
    </QueryClientProvider>,
  );

describe('Prenotazioni da confermare (calendar)', () => {
  it('shows the count, lists each booking and confirms one', async () => {
    const { user: u } = renderList();
    await u.click(await screen.findByRole('button', { name: x.buttonLabel(2) }));
    expect(calls.find((c) => c.path === '/bookings')?.search).toBe('?status=STUDIO_PENDING_CONFIRMATION');
    const list = await screen.findByRole('list', { name: x.title });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain(x.newPatient);
    expect(items[0]?.textContent).toContain('martedì 1 dicembre 2026, ore 09:00');
    expect(items[0]?.textContent).toContain('Dolore al ginocchio');
    await u.click(screen.getByRole('button', { name: x.confirmOf('Mario Bianchi') }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'POST' && c.path === `/bookings/${mario}/confirm`)).toBe(true);
  });

  it('says which bookings carry a fiscal code to verify, and why', async () => {
    pending = [
      {
        ...row(mario, 'Bianchi Marco', true),
        identityCheck: {
          reason: 'CODICE_FISCALE_IN_ALTRA_SCHEDA',
          codiceFiscale: 'VRDGLI84C52H501X',
          holderName: 'Verdi Giulia',
        },
      },
      {
        ...row(lucia, 'Gialli Lucia', true),
        identityCheck: {
          reason: 'CODICE_FISCALE_NON_CORRISPONDE',
          codiceFiscale: 'RVINNA80A41H501Y',
          holderName: null,
        },
      },
    ];
    const { user: u } = renderList();
    await u.click(await screen.findByRole('button', { name: x.buttonLabel(2) }));
    const items = within(await screen.findByRole('list', { name: x.title })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain(x.toVerify);
    expect(items[0]?.textContent).toContain(x.codeOfAnother('VRDGLI84C52H501X', 'Verdi Giulia'));
    expect(items[1]?.textContent).toContain(x.codeNotTheName('RVINNA80A41H501Y'));
  });

  it('cancels with the reason the patient will read', async () => {
    const { user: u } = renderList();
    await u.click(await screen.findByRole('button', { name: x.buttonLabel(2) }));
    await u.click(await screen.findByRole('button', { name: x.cancelOf('Lucia Gialli') }));
    await u.type(await screen.findByLabelText(x.reason), 'Studio chiuso per formazione');
    await u.click(screen.getByRole('button', { name: x.cancelConfirm }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/bookings/${lucia}/cancel`)?.body).toEqual({
        reason: 'Studio chiuso per formazione',
      }),
    );
  });
});
