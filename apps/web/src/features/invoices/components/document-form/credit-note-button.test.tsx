import type { Fattura } from '@studiolo/domain/invoices';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { reloadSession } from '../../../../lib/session.ts';
import { CreditNoteButton } from './credit-note-button.tsx';

const invoiceId = '00000000-0000-4000-8000-000000000001';
/** The fields of an invoice the question reads. */
const invoice = (over: Partial<Fattura> = {}) =>
  ({
    id: invoiceId,
    idDocumento: '1/2026',
    totaleFattura: 102,
    canaleInvio: 'SISTEMA_TS',
    isElettronica: false,
    isInviataToSDI: false,
    ...over,
  }) as Fattura;

let tsStato = 'DA_INVIARE';
const posts: string[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const path = new URL(input, 'http://localhost').pathname.replace('/app/api', '');
  const json = (response: unknown) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response }), { headers: { 'content-type': 'application/json' } });
  if (path === '/user/getUser') return json(user);
  if (path === `/sistema-ts/documento/${invoiceId}`) return json({ stato: tsStato });
  if (init?.method === 'POST') {
    posts.push(path);
    return json({ ...invoice(), id: '00000000-0000-4000-8000-000000000002', idDocumento: '2/2026' });
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

beforeEach(() => {
  signInTestUser();
  posts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const renderButton = (f: Fattura, onCreated = vi.fn()) => ({
  ...renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <CreditNoteButton fattura={f} onCreated={onCreated} />
    </QueryClientProvider>,
  ),
  onCreated,
});

describe('issuing a credit note', () => {
  it('asks first, saying that an invoice not yet at the Sistema TS and its note will not go there', async () => {
    tsStato = 'DA_INVIARE';
    const { user: u, onCreated } = renderButton(invoice());
    await u.click(screen.getByRole('button', { name: 'Emetti nota di credito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emettere la nota di credito?' });
    expect(within(dialog).getByText(/intero importo della fattura 1\/2026 \(102,00 €\)/)).toBeTruthy();
    expect(await within(dialog).findByText(/né la fattura né la nota di credito vi andranno/)).toBeTruthy();
    expect(within(dialog).getByText(/non va allo SDI/)).toBeTruthy();
    expect(posts).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Emetti la nota di credito' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000002'));
    expect(posts).toEqual([`/documento-contabile/nota-di-credito/from-fattura/${invoiceId}`]);
  });

  it('for an invoice the Sistema TS accepted: a refund goes as R, no refund cancels the expense (C)', async () => {
    tsStato = 'ACCETTATO';
    const { user: u } = renderButton(invoice());
    await u.click(screen.getByRole('button', { name: 'Emetti nota di credito' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/andrà il rimborso \(R\).*cancellazione della spesa \(C\)/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(posts).toEqual([]);
  });

  it('for an electronic invoice sent to the SDI: the note is a TD04 to send to the SDI', async () => {
    const { user: u } = renderButton(invoice({ canaleInvio: 'SDI', isElettronica: true, isInviataToSDI: true }));
    await u.click(screen.getByRole('button', { name: 'Emetti nota di credito' }));
    expect(await screen.findByText(/fattura elettronica \(TD04\)/)).toBeTruthy();
  });
});
