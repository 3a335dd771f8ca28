import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testStudioId as studioId, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { AuditLogPanel, auditLogIntro } from './audit-log-panel.tsx';

const events = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    // 14:05 UTC in July is 16:05 in Rome (summer time)
    occurredAt: '2025-07-03T14:05:00.000Z',
    action: 'studio.update',
    entityType: 'studio',
    entityId: studioId,
    outcome: 'success',
    actorEmail: 'operatore@studiolo.it',
    actingAsEmail: 'giulia@studio.it',
    ip: '127.0.0.1',
    changedFields: ['professione', 'contatti'],
  },
  {
    id: '44444444-4444-4444-8444-444444444444',
    // 23:30 UTC on 31 January is 00:30 on 1 February in Rome (winter time)
    occurredAt: '2025-01-31T23:30:00.000Z',
    action: 'staff.something-new',
    entityType: 'staff',
    entityId: null,
    outcome: 'failure',
    actorEmail: 'giulia@studio.it',
    actingAsEmail: null,
    ip: null,
    changedFields: null,
  },
];

const fetchMock = vi.fn(async (url: string) => {
  const path = url.replace('/app/api', '').split('?')[0];
  const response = path === '/user/getUser' ? user : path === '/audit' ? events : null;
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  signInTestUser();
  fetchMock.mockClear();
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
      <AuditLogPanel />
    </QueryClientProvider>,
  );

describe('AuditLogPanel', () => {
  it('shows each event with its Italian label, Rome date and time, changed fields and who acted', async () => {
    renderPanel();
    expect(screen.getByText(auditLogIntro)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Attività dello studio' });
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByText('Dati dello studio modificati')).toBeTruthy();
    expect(within(first).getByText('03-07-2025 16:05')).toBeTruthy();
    expect(within(first).getByText('professione, contatti')).toBeTruthy();
    expect(within(first).getByText('in modalità support, per conto di giulia@studio.it')).toBeTruthy();
    // unknown actions show their code; a refused one has the red badge
    expect(within(second).getByText('staff.something-new')).toBeTruthy();
    expect(within(second).getByText('01-02-2025 00:30')).toBeTruthy();
    expect(within(second).getByText('Rifiutata')).toBeTruthy();
    expect(within(second).queryByText(/modalità support/)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/app/api/audit?limit=100')).toBe(true);
  });

  it('has the same events as cards for phones', async () => {
    renderPanel();
    // happy-dom's window is desktop-wide, so Mantine's media query hides the cards (and their accessible name):
    // look at them anyway, once the answer is shown
    await screen.findByRole('table', { name: 'Attività dello studio' });
    const list = screen
      .getAllByRole('list', { hidden: true })
      .find((l) => l.getAttribute('aria-label') === 'Attività dello studio');
    if (!list) throw new Error('the list of cards is missing');
    const cards = within(list).getAllByRole('listitem', { hidden: true });
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Dati dello studio modificati')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Campi: professione, contatti')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Rifiutata')).toBeTruthy();
  });
});
