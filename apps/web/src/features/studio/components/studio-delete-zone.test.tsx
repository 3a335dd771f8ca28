import { studioDeleteMessages } from '@studiolo/domain/studio';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { StudioDeleteZone } from './studio-delete-zone.tsx';

const sent: unknown[] = [];
let wrongPassword = false;
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const path = new URL(input, 'http://localhost').pathname.replace('/app/api', '');
  if (path === '/user/getUser')
    return new Response(JSON.stringify({ code: 'SUCCESS', response: testUser }), {
      headers: { 'content-type': 'application/json' },
    });
  if (path === '/studio' && init?.method === 'DELETE') {
    sent.push(JSON.parse(String(init.body)));
    if (wrongPassword)
      return new Response(
        JSON.stringify({
          code: 'ERROR',
          answer: studioDeleteMessages.wrongPassword,
          fields: { password: studioDeleteMessages.wrongPassword },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    return new Response(
      JSON.stringify({
        code: 'SUCCESS',
        answer: studioDeleteMessages.deleted,
        response: { pazienti: 3, documenti: 1, membri: 1 },
      }),
      { headers: { 'content-type': 'application/json' } },
    );
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

beforeEach(() => {
  signInTestUser();
  sent.length = 0;
  wrongPassword = false;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderZone = () => {
  const onDeleted = vi.fn();
  const r = renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <StudioDeleteZone studioName="Rossi Mario" onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { ...r, onDeleted };
};

describe('deleting the whole studio', () => {
  it('says what goes and what the law asks to keep, and deletes only with the name typed and the password', async () => {
    const { user, onDeleted } = renderZone();
    expect(screen.getByRole('heading', { name: 'Elimina lo studio' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Elimina lo studio…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare lo studio?' });
    expect(within(dialog).getByText(/pazienti, cartelle cliniche/)).toBeTruthy();
    expect(within(dialog).getByText(/anche quelli inviati allo SDI/)).toBeTruthy();
    expect(within(dialog).getByText(/le fatture 10 anni, art\. 2220 c\.c\./)).toBeTruthy();
    expect(within(dialog).getByText(/Il tuo account resta attivo/)).toBeTruthy();

    const confirm = within(dialog).getByRole('button', { name: 'Elimina lo studio' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/scrivi il nome dello studio: Rossi Mario/), 'Rossi');
    await user.type(within(dialog).getByLabelText('La tua password'), 'una-password-sicura');
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/scrivi il nome dello studio/), ' mario');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(sent).toEqual([{ password: 'una-password-sicura', nomeStudio: 'Rossi mario' }]);
  });

  it('shows the server’s refusal of a wrong password beside the field and stays open', async () => {
    wrongPassword = true;
    const { user, onDeleted } = renderZone();
    await user.click(screen.getByRole('button', { name: 'Elimina lo studio…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/scrivi il nome dello studio/), 'Rossi Mario');
    await user.type(within(dialog).getByLabelText('La tua password'), 'sbagliata');
    await user.click(within(dialog).getByRole('button', { name: 'Elimina lo studio' }));
    expect(await within(dialog).findByText(studioDeleteMessages.wrongPassword)).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes with Annulla and sends nothing', async () => {
    const { user } = renderZone();
    await user.click(screen.getByRole('button', { name: 'Elimina lo studio…' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
  });
});
