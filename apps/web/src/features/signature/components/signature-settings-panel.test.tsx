import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { SignatureSettingsPanel } from './signature-settings-panel.tsx';

const studioId = '11111111-1111-4111-8111-111111111111';
const user = {
  id: '22222222-2222-4222-8222-222222222222',
  username: 'giulia@studio.it',
  nome: 'Giulia',
  cognome: 'Bianchi',
  idsStudio: [studioId],
  role: 'ROLE_USER',
  studioRole: 'ROLE_USER',
  totpEnabled: false,
  subscription: { plan: 'TRIAL' },
  supportMode: null,
};
let general: Record<string, unknown> = {};
const patches: unknown[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const path = new URL(input, 'http://localhost').pathname.replace('/app/api', '');
  const json = (response: unknown) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response }), { headers: { 'content-type': 'application/json' } });
  if (path === '/user/getUser') return json(user);
  if (path === '/settings' && (init?.method ?? 'GET') === 'GET') return json({ general });
  if (path === '/settings/general' && init?.method === 'PATCH') {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    patches.push(body);
    general = { ...general, ...body };
    return json({ general });
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

beforeEach(() => {
  localStorage.setItem('studiolo.user', JSON.stringify({ token: 't', username: user.username }));
  reloadSession();
  patches.length = 0;
  general = { firmaScadenzaGiorni: 7 };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const setup = (canEdit = true) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <SignatureSettingsPanel canEdit={canEdit} />
    </QueryClientProvider>,
  );

describe('SignatureSettingsPanel', () => {
  it('shows the studio’s period and saves a new one in the settings section general', async () => {
    const { user: u } = setup();
    const input = (await screen.findByRole('textbox', {
      name: 'Validità del link di firma (giorni)',
    })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('7'));
    await u.clear(input);
    await u.type(input, '30');
    await u.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(patches).toEqual([{ firmaScadenzaGiorni: 30 }]));
  });

  it('refuses a period outside 1–90 days', async () => {
    const { user: u } = setup();
    const input = (await screen.findByRole('textbox', {
      name: 'Validità del link di firma (giorni)',
    })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('7'));
    await u.clear(input);
    await u.type(input, '120');
    expect(screen.getByText('Da 1 a 90 giorni')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salva' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is read-only without settings:write', async () => {
    setup(false);
    const input = (await screen.findByRole('textbox', {
      name: 'Validità del link di firma (giorni)',
    })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('7'));
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
  });
});
