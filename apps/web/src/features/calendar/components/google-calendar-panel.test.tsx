import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { calendarMessages as m } from '@studiolo/domain/calendar';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testStudioId as studioId, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { GoogleCalendarPanel, googleCalendarTexts as texts } from './google-calendar-panel.tsx';

const calendarId = '55555555-5555-4555-8555-555555555555';
const notLinked = {
  configured: true,
  linked: false,
  accountEmail: null,
  linkedAt: null,
  lastSyncAt: null,
  lastSyncError: null,
  autoSyncMinutes: 0,
  calendars: [],
};
const linked = {
  ...notLinked,
  linked: true,
  accountEmail: 'studio.rossi@gmail.com',
  linkedAt: '2026-03-02T09:00:00.000Z',
  // 09:30 UTC in March is 10:30 in Rome
  lastSyncAt: '2026-03-02T09:30:00.000Z',
  autoSyncMinutes: 10,
  calendars: [
    {
      googleCalendarId: 'studio.rossi@gmail.com',
      summary: 'studio.rossi@gmail.com',
      color: '#9fe1e7',
      primary: true,
      writable: true,
      linkedCalendarId: null,
    },
    {
      googleCalendarId: 'festivita',
      summary: 'Festività',
      color: null,
      primary: false,
      writable: false,
      linkedCalendarId: null,
    },
  ],
};

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer>;
const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  signInTestUser();
  calls.length = 0;
  answers = {
    'GET /user/getUser': { body: { code: 'SUCCESS', response: user } },
    'GET /calendars': {
      body: {
        code: 'SUCCESS',
        response: {
          calendars: [
            {
              id: calendarId,
              studioId,
              summary: 'Calendario principale',
              description: null,
              googleCalendarId: null,
              googleColor: null,
            },
          ],
          googleCalendars: [],
        },
      },
    },
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

const renderPanel = (
  opts: { canEdit?: boolean; planIncluded?: boolean; at?: string; onConsentUrl?: (url: string) => void } = {},
) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <GoogleCalendarPanel
        canEdit={opts.canEdit ?? true}
        planIncluded={opts.planIncluded}
        onConsentUrl={opts.onConsentUrl ?? vi.fn()}
      />
    </QueryClientProvider>,
    { initialEntries: [opts.at ?? '/calendar/settings?tab=3'] },
  );

describe('Google Calendar panel (decision 014)', () => {
  it('says that Google Calendar is not configured, with why, and offers nothing to click', async () => {
    answers['GET /google-calendar'] = { body: { code: 'SUCCESS', response: { ...notLinked, configured: false } } };
    renderPanel();
    expect(await screen.findByText(texts.notConfiguredTitle)).toBeTruthy();
    expect(screen.getByText(texts.notConfigured)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.connect })).toBeNull();
    expect(screen.queryByRole('button', { name: texts.syncNow })).toBeNull();
  });

  it('connects: asks the server for the consent page and sends the browser there', async () => {
    answers['GET /google-calendar'] = { body: { code: 'SUCCESS', response: notLinked } };
    answers['POST /google-calendar/connect'] = {
      body: {
        code: 'SUCCESS',
        response: { configured: true, url: 'https://accounts.google.com/o/oauth2/v2/auth?state=x' },
      },
    };
    const onConsentUrl = vi.fn();
    const { user: u } = renderPanel({ onConsentUrl });
    expect(await screen.findByText(texts.intro)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: texts.connect }));
    await waitFor(() =>
      expect(onConsentUrl).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=x'),
    );
  });

  it('hides the connect button from who may not change calendars', async () => {
    answers['GET /google-calendar'] = { body: { code: 'SUCCESS', response: notLinked } };
    renderPanel({ canEdit: false });
    expect(await screen.findByText(texts.intro)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.connect })).toBeNull();
  });

  it('shows the linked account and last sync, syncs now, and picks where a calendar is copied', async () => {
    answers['GET /google-calendar'] = { body: { code: 'SUCCESS', response: linked } };
    answers['PUT /events/sync-cal'] = {
      body: { code: 'SUCCESS', answer: m.googleSynced(2), response: { configured: true, synced: 2 } },
    };
    answers[`PUT /calendars/${calendarId}/google`] = {
      body: {
        code: 'SUCCESS',
        response: {
          id: calendarId,
          studioId,
          summary: 'Calendario principale',
          description: null,
          googleCalendarId: 'studio.rossi@gmail.com',
          googleColor: '#9fe1e7',
        },
      },
    };
    const { user: u } = renderPanel();
    expect(await screen.findByText('studio.rossi@gmail.com', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(/02-03-2026 10:30/)).toBeTruthy();
    expect(screen.getByText('Sincronizzazione automatica ogni 10 minuti')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: texts.syncNow }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/events/sync-cal')).toBe(true));

    const select = screen.getByLabelText(texts.targetOf('Calendario principale'));
    // only calendars the account can write to are offered
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([texts.noTarget, 'studio.rossi@gmail.com']);
    await u.selectOptions(select, 'studio.rossi@gmail.com');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === `/calendars/${calendarId}/google`)?.body).toEqual({
        googleCalendarId: 'studio.rossi@gmail.com',
      }),
    );
  });

  it('disconnects only after confirmation', async () => {
    answers['GET /google-calendar'] = { body: { code: 'SUCCESS', response: linked } };
    answers['DELETE /google-calendar'] = { body: { code: 'SUCCESS', answer: m.googleDisconnected, response: null } };
    const { user: u } = renderPanel();
    await u.click(await screen.findByRole('button', { name: texts.disconnect }));
    expect(screen.getByText(texts.disconnectMessage)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = screen.getByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: texts.disconnect }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/google-calendar')).toBe(true));
  });

  it('keeps a linked account syncable and unlinkable on a plan without Google Calendar, its copies unchangeable', async () => {
    answers['GET /google-calendar'] = { body: { code: 'SUCCESS', response: linked } };
    renderPanel({ planIncluded: false });
    expect(await screen.findByText(texts.notInPlan)).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.syncNow })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.disconnect })).toBeTruthy();
    const target = (await screen.findByLabelText(texts.targetOf('Calendario principale'))) as HTMLSelectElement;
    expect(target.disabled).toBe(true);
  });

  it('shows the last sync failure and the outcome of the return from Google', async () => {
    answers['GET /google-calendar'] = {
      body: { code: 'SUCCESS', response: { ...linked, lastSyncError: m.googleAuthRevoked } },
    };
    renderPanel({ at: '/calendar/settings?tab=3&google=collegato' });
    expect(await screen.findByText(m.googleLinked)).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(m.googleAuthRevoked);
  });
});
