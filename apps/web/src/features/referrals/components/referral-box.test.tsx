import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { ReferralBox } from './referral-box.tsx';

const pendingId = '11111111-1111-4111-8111-111111111111';
let referrals: unknown[] = [];
const sent: unknown[] = [];
const deleted: string[] = [];

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const path = url.replace('/app/api', '').split('?')[0] ?? '';
  const method = init?.method ?? 'GET';
  let response: unknown = null;
  if (path === '/user/getUser') response = user;
  else if (path === '/user-referrals' && method === 'GET')
    response = { referrals, inviterUserId: user.id, creditCents: 5000 };
  else if (path === '/user-referrals' && method === 'POST') {
    sent.push(JSON.parse(String(init?.body)));
    response = { id: '22222222-2222-4222-8222-222222222222' };
  } else if (path.startsWith('/user-referrals/') && method === 'DELETE') {
    deleted.push(path.split('/')[2] ?? '');
    response = null;
    return new Response(JSON.stringify({ code: 'SUCCESS', answer: 'Invito annullato', response: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  signInTestUser();
  referrals = [
    {
      id: pendingId,
      userInviteeEmail: 'bianca@studio.it',
      userInviteeRegistered: false,
      inviteeSignedUp: false,
      invitationReason: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      userInviteeEmail: 'anna@studio.it',
      userInviteeRegistered: true,
      inviteeSignedUp: true,
      invitationReason: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ];
  sent.length = 0;
  deleted.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderBox = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <ReferralBox />
    </QueryClientProvider>,
  );

describe('ReferralBox', () => {
  it('lists the completed invitee first with its 50 € line and Completato, the pending one with Annulla, and the counter', async () => {
    renderBox();
    expect(await screen.findByText('Completati: 1/2')).toBeTruthy();
    const rows = screen.getAllByTestId('referral-row');
    expect(rows[0]?.textContent).toContain('anna@studio.it');
    expect(rows[0]?.textContent).toContain('Cliente attivo • 50€ guadagnati ciascuno');
    expect(rows[0]?.textContent).toContain('Completato');
    expect(rows[1]?.textContent).toContain('In attesa di registrazione');
    expect(screen.getByRole('button', { name: 'Annulla – bianca@studio.it' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annulla – anna@studio.it' })).toBeNull();
  });

  it('keeps Invia invito disabled while the e-mail is invalid, sends it and resets the form', async () => {
    renderBox();
    const send = await screen.findByRole('button', { name: 'Invia invito' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByLabelText(/E-mail del collega/);
    await userEvent.type(input, 'marco@');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(input, 'studio.it');
    await userEvent.type(screen.getByLabelText('Messaggio (facoltativo)'), 'Ti piacerà');
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(send);
    await waitFor(() =>
      expect(sent).toEqual([{ userInviteeEmail: 'marco@studio.it', invitationReason: 'Ti piacerà' }]),
    );
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Messaggio (facoltativo)') as HTMLTextAreaElement).value).toBe('');
    expect((send as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancels a pending invitation and offers the WhatsApp share of the invite link', async () => {
    renderBox();
    await userEvent.click(await screen.findByRole('button', { name: 'Annulla – bianca@studio.it' }));
    await waitFor(() => expect(deleted).toEqual([pendingId]));
    const share = screen.getByRole('link', { name: 'Condividi su WhatsApp' }) as HTMLAnchorElement;
    expect(share.href).toContain('https://wa.me/?text=');
    expect(decodeURIComponent(share.href)).toContain(`/signUp?customerInvitedByUserId=${user.id}`);
  });
});
