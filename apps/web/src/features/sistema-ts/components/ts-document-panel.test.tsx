import type { TsDocumentoDettaglio } from '@studiolo/domain/sistema-ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { TsDocumentPanel } from './ts-document-panel.tsx';

const documentId = '33333333-3333-4333-8333-333333333333';
const documento = (over: Partial<TsDocumentoDettaglio>): TsDocumentoDettaglio => ({
  id: documentId,
  idDocumento: '2/2026',
  tipoDocumento: 'FATTURA_SANITARIA',
  dataFattura: '10-11-2026',
  dataPagamento: '10-11-2026',
  cliente: 'Xerri Anna',
  opposizione: false,
  importo: 60,
  anno: 2026,
  stato: 'DA_INVIARE',
  operazione: 'I',
  nota: null,
  errori: [],
  protocollo: null,
  inviatoAt: null,
  invii: [],
  ...over,
});
const refused = documento({
  stato: 'SCARTATO',
  errori: [
    {
      codice: '40',
      descrizione: 'Codice fiscale del cittadino non presente in Anagrafe Tributaria',
      suggerimento: 'Controlla il codice fiscale del paziente.',
    },
  ],
  invii: [
    {
      id: 'i1',
      operazione: 'I',
      stato: 'SCARTATO',
      errori: [],
      protocollo: '26123456789012345678',
      createdAt: '2026-11-20T09:30:00.000Z',
    },
  ],
});

let answer: TsDocumentoDettaglio = refused;
const posts: { path: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  const path = url.pathname.replace('/app/api', '');
  const json = (response: unknown) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response }), { headers: { 'content-type': 'application/json' } });
  if (path === '/user/getUser') return json(user);
  if (path === `/sistema-ts/documento/${documentId}`) return json(answer);
  if (init?.method === 'POST') {
    posts.push({ path, body: init.body ? JSON.parse(String(init.body)) : null });
    return json(path.endsWith('/cancella') ? answer : { lottoId: 'l', inviati: 1, esclusi: [] });
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

const renderPanel = (dirty = false) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <TsDocumentPanel documentId={documentId} version="v1" dirty={dirty} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  signInTestUser();
  posts.length = 0;
  answer = refused;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('the invoice page’s Sistema TS panel', () => {
  it('a refused expense: the reason with the fix, its records, and sending it again', async () => {
    const { user: u } = renderPanel();
    const panel = await screen.findByRole('region', { name: 'Sistema Tessera Sanitaria' });
    expect(within(panel).getAllByText('Scartato').length).toBeGreaterThan(0);
    expect(
      within(panel).getByText(
        '40 - Codice fiscale del cittadino non presente in Anagrafe Tributaria Come correggere: Controlla il codice fiscale del paziente.',
      ),
    ).toBeTruthy();
    expect(
      within(panel).getByText(/Inserimento del 20-11-2026 .*: Scartato \(protocollo 26123456789012345678\)/),
    ).toBeTruthy();
    await u.click(within(panel).getByRole('button', { name: 'Invia di nuovo al Sistema TS' }));
    await vi.waitFor(() =>
      expect(posts).toEqual([{ path: '/sistema-ts/invia', body: { documentoIds: [documentId] } }]),
    );
  });

  it('an invoice cancelled by its credit note says so and offers nothing to send; a note waits for its refund', async () => {
    answer = documento({
      stato: 'ANNULLATA',
      operazione: null,
      nota: 'Annullata da nota di credito 2/2026: la spesa non va al Sistema TS.',
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Sistema Tessera Sanitaria' });
    expect(within(panel).getByText('Non va inviata')).toBeTruthy();
    expect(within(panel).getByText(/Annullata da nota di credito 2\/2026/)).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('a credit note not refunded waits for the refund, never for a payment', async () => {
    answer = documento({
      tipoDocumento: 'NOTA_DI_CREDITO',
      stato: 'NON_RIMBORSATA',
      operazione: null,
      nota: 'Al Sistema TS va il rimborso quando lo segni, con la data e il metodo.',
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Sistema Tessera Sanitaria' });
    expect(within(panel).getByText('In attesa di rimborso')).toBeTruthy();
    expect(within(panel).getByText(/va il rimborso quando lo segni/)).toBeTruthy();
    expect(within(panel).queryByText(/pagamento/)).toBeNull();
  });

  it('nothing leaves while the invoice has changes not saved', async () => {
    answer = documento({});
    renderPanel(true);
    const send = await screen.findByRole('button', { name: 'Invia al Sistema TS' });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Salva le modifiche prima di inviare.')).toBeTruthy();
    expect(screen.getByText('Da inviare entro il 31-01-2027.')).toBeTruthy();
  });

  it('an accepted expense is withdrawn only after confirming', async () => {
    answer = documento({ stato: 'ACCETTATO', opposizione: true });
    const { user: u } = renderPanel();
    expect(await screen.findByText('Il paziente si oppone: la spesa va senza il suo codice fiscale.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Cancella dal Sistema TS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancellare la spesa dal Sistema TS?' });
    await u.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(posts).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Cancella dal Sistema TS' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Cancellare la spesa dal Sistema TS?' })).getByRole('button', {
        name: 'Cancella dal Sistema TS',
      }),
    );
    await vi.waitFor(() =>
      expect(posts).toEqual([{ path: `/sistema-ts/documento/${documentId}/cancella`, body: null }]),
    );
  });
});
