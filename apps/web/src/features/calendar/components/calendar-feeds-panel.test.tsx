import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { CalendarFeedsPanel, calendarFeedsTexts as texts } from './calendar-feeds-panel.tsx';

const mainId = '55555555-5555-4555-8555-555555555555';
const homeId = '66666666-6666-4666-8666-666666666666';
const row = (calendarId: string, calendarSummary: string, name: string, email: string) => ({
  calendarId,
  calendarSummary,
  // 09:30 UTC in November is 10:30 in Rome
  createdAt: '2026-11-20T09:30:00.000Z',
  author: { memberId: '77777777-7777-4777-8777-777777777777', name, lastname: 'Neri', email },
});

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer>;
const calls: { method: string; path: string; body: unknown }[] = [];
const ok = (response: unknown) => ({ body: { code: 'SUCCESS', response } });

beforeEach(() => {
  signInTestUser();
  calls.length = 0;
  const feeds = [
    row(mainId, 'Calendario principale', 'Paolo', 'paolo@example.it'),
    row(homeId, 'Domicili', 'Anna', 'anna@example.it'),
  ];
  answers = {
    'GET /user/getUser': ok(user),
    'GET /calendar-feeds': ok({ content: 'ORARIO', feeds }),
    'PUT /calendar-feeds/settings': ok({ content: 'INIZIALI', feeds }),
    [`DELETE /calendars/${mainId}/feed`]: ok({ active: false, createdAt: null, url: null }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace('/app/api', '');
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${path}`] ?? {
        status: 404,
        body: { code: 'ERROR', answer: 'Risorsa non trovata' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
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

const renderPanel = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <CalendarFeedsPanel />
    </QueryClientProvider>,
    { initialEntries: ['/impostazioni?tab=9'] },
  );

describe('Impostazioni › Calendari pubblicati', () => {
  it('lists every live feed with its author and when it was made, and the studio’s choice checked', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: texts.feedsTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Calendario principale'),
      expect.stringContaining('Domicili'),
    ]);
    expect(items[0]?.textContent).toContain('Creato da Paolo Neri (paolo@example.it) il 20-11-2026 10:30');
    expect((screen.getByRole('radio', { name: /^Solo l’orario/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('saves another choice and revokes a feed after confirming', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('radio', { name: /le iniziali del paziente/ }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', path: '/calendar-feeds/settings', body: { content: 'INIZIALI' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: texts.revokeOf('Calendario principale') }));
    const dialog = await screen.findByRole('dialog', { name: texts.revokeTitle('Calendario principale') });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: texts.revoke }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', path: `/calendars/${mainId}/feed`, body: undefined }),
    );
  });

  it('says how to publish one when there is none', async () => {
    answers['GET /calendar-feeds'] = ok({ content: 'ORARIO', feeds: [] });
    renderPanel();
    expect(await screen.findByText(texts.none)).toBeTruthy();
  });
});
