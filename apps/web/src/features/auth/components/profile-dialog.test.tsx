import type { CurrentUser } from '@studiolo/domain/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { testUser } from '../../../components/testing/signed-in.ts';
import { ProfileDialog } from './profile-dialog.tsx';

const calls = vi.hoisted(() => ({ logoutAll: vi.fn(), resend: vi.fn(), signOut: vi.fn() }));
vi.mock('../api/logout-all.ts', () => ({
  useLogoutAll: () => ({
    isPending: false,
    mutate: (_: unknown, opts?: { onSuccess?: () => void }) => {
      calls.logoutAll();
      opts?.onSuccess?.();
    },
  }),
}));
vi.mock('../api/verify-email.ts', () => ({
  useResendEmailVerification: () => ({ isPending: false, isSuccess: false, mutate: calls.resend }),
}));
vi.mock('../../../lib/session.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/session.ts')>()),
  signOut: calls.signOut,
}));

const user = testUser as CurrentUser;
const open = (u: CurrentUser, onClose = vi.fn()) =>
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileDialog opened onClose={onClose} user={u} onPasswordChanged={vi.fn()} />
    </QueryClientProvider>,
  );

describe('ProfileDialog (issue 25 items 8, 10)', () => {
  afterEach(() => vi.clearAllMocks());

  it('"Esci da tutti i dispositivi" ends every session on the server, then signs this browser out', async () => {
    const onClose = vi.fn();
    open(user, onClose);
    fireEvent.click(await screen.findByRole('button', { name: 'Esci da tutti i dispositivi' }));
    await waitFor(() => expect(calls.signOut).toHaveBeenCalled());
    expect(calls.logoutAll).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('asks an unconfirmed address to be confirmed, and sends a new link on request', async () => {
    open({ ...user, emailVerified: false });
    expect(await screen.findByText('Indirizzo email da confermare')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invia di nuovo il link' }));
    expect(calls.resend).toHaveBeenCalledTimes(1);
  });

  it('says nothing about the address once confirmed', async () => {
    open(user);
    await screen.findByRole('button', { name: 'Esci da tutti i dispositivi' });
    expect(screen.queryByText('Indirizzo email da confermare')).toBeNull();
  });
});
