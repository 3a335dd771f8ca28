import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { GlobalBanner } from './global-banner.tsx';

const notification = {
  title: 'Novità: promemoria SMS automatici',
  descriptionTitle: 'Cosa cambia',
  descriptionBody: '<p>I promemoria partono <strong>da soli</strong>.</p>',
  showBanner: true,
  showBtnShareInvito: true,
  whatsappShareMsg: 'Prova Studiolo con me',
  updatedAt: '2026-11-27T10:00:00.000Z',
};
let current: Record<string, unknown> = notification;

const fetchMock = vi.fn(async (url: string) => {
  const path = url.replace('/app/api', '').split('?')[0];
  const response = path === '/global-notifications' ? current : null;
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});
const bannerCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/global-notifications')).length;

beforeEach(() => {
  signInTestUser();
  current = notification;
  sessionStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderBanner = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <GlobalBanner inviterUserId={user.id} />
    </QueryClientProvider>,
  );

describe('GlobalBanner', () => {
  it('shows the title, opens and closes the details, shares the invite link, and closes', async () => {
    renderBanner();
    expect(await screen.findByText(notification.title)).toBeTruthy();
    const details = screen.getByRole('button', { name: 'Dettagli' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(details);
    expect(screen.getByRole('button', { name: 'Nascondi dettagli' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Cosa cambia')).toBeTruthy();
    expect(screen.getByText('da soli').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: 'Nascondi dettagli' }));
    expect(screen.getByRole('button', { name: 'Dettagli' })).toBeTruthy();
    const share = screen.getByRole('link', { name: 'Invita un amico' }) as HTMLAnchorElement;
    expect(decodeURIComponent(share.href)).toContain(
      `Prova Studiolo con me ${window.location.origin}/signUp?customerInvitedByUserId=${user.id}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi avviso' }));
    expect(screen.queryByTestId('global-banner')).toBeNull();
    expect(sessionStorage.getItem('studiolo.banner.dismissed')).toBe(notification.updatedAt);
  });

  it('shows nothing when showBanner is off, and no share button when showBtnShareInvito is off', async () => {
    current = { ...notification, showBanner: false };
    const { unmount } = renderBanner();
    await waitFor(() => expect(bannerCalls()).toBe(1));
    expect(screen.queryByTestId('global-banner')).toBeNull();
    unmount();
    current = { ...notification, showBtnShareInvito: false };
    renderBanner();
    expect(await screen.findByText(notification.title)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invita un amico' })).toBeNull();
  });

  it('asks again every 2 s, 10 times after the first answer, then stops (spec part 2 §4, §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBanner();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(bannerCalls()).toBe(1);
    for (let i = 0; i < 14; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
    }
    expect(bannerCalls()).toBe(11);
  });
});
