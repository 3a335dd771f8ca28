import type { RiepilogoTs, TsDocumento } from '@studiolo/domain/sistema-ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 15_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { SistemaTsOverview } from './sistema-ts-overview.tsx';

const documento = (over: Partial<TsDocumento>): TsDocumento => ({
  id: '33333333-3333-4333-8333-333333333333',
  idDocumento: '1/2026',
  tipoDocumento: 'FATTURA_SANITARIA',
  dataFattura: '10-11-2026',
  dataPagamento: '10-11-2026',
  cliente: 'Bianchi Anna',
  opposizione: false,
  importo: 60,
  anno: 2026,
  stato: 'DA_INVIARE',
  operazione: 'I',
  nota: null,
  errori: [],
  protocollo: null,
  inviatoAt: null,
  ...over,
});
const riepilogo: RiepilogoTs = {
  anno: 2026,
  anni: [2026],
  scadenza: '31-01-2027',
  canale: 'Simulatore Sistema TS (nessun invio reale)',
  simulatore: true,
  conteggi: {
    nonPagate: 0,
    nonRimborsate: 1,
    annullate: 1,
    daInviare: 1,
    inviati: 0,
    accettati: 0,
    scartati: 1,
    cancellati: 0,
  },
  documenti: [
    documento({ opposizione: true }),
    documento({
      id: '44444444-4444-4444-8444-444444444444',
      idDocumento: '2/2026',
      cliente: 'Xerri Anna',
      stato: 'SCARTATO',
      errori: [
        {
          codice: '40',
          descrizione: 'Codice fiscale del cittadino non presente in Anagrafe Tributaria',
          suggerimento: 'Controlla il codice fiscale del paziente.',
        },
      ],
    }),
    documento({
      id: '55555555-5555-4555-8555-555555555555',
      idDocumento: '3/2026',
      cliente: 'Bianchi Anna',
      stato: 'ANNULLATA',
      operazione: null,
      nota: 'Annullata da nota di credito 4/2026: la spesa non va al Sistema TS.',
    }),
    documento({
      id: '66666666-6666-4666-8666-666666666666',
      idDocumento: '5/2026',
      tipoDocumento: 'NOTA_DI_CREDITO',
      dataPagamento: '12-11-2026',
      stato: 'NON_RIMBORSATA',
      operazione: null,
      nota: 'Al Sistema TS va il rimborso quando lo segni, con la data e il metodo.',
    }),
  ],
};

const trasmissioni = {
  anno: 2026,
  trasmissioni: [
    {
      id: '77777777-7777-4777-8777-777777777777',
      // 09:15 UTC in November is 10:15 in Rome
      createdAt: '2026-11-20T09:15:00.000Z',
      stato: 'ELABORATO',
      protocollo: '26112009150012345678',
      documenti: 2,
      fileName: 'sistema-ts_2026-11-20_26112009150012345678.xml',
    },
  ],
};

const posts: unknown[] = [];
const downloads: string[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  const path = url.pathname.replace('/app/api', '');
  const json = (response: unknown, answer?: string) =>
    new Response(JSON.stringify({ code: 'SUCCESS', response, ...(answer ? { answer } : {}) }), {
      headers: { 'content-type': 'application/json' },
    });
  if (path === '/user/getUser') return json(user);
  if (path === '/sistema-ts/riepilogo') return json(riepilogo);
  if (path === '/sistema-ts/trasmissioni') return json(trasmissioni);
  if (path.startsWith('/sistema-ts/trasmissioni/')) {
    downloads.push(`${path}${url.search}`);
    return new Response('PK', {
      headers: { 'content-disposition': 'attachment; filename="sistema-ts_2026.zip"' },
    });
  }
  if (path === '/sistema-ts/invia') {
    posts.push(JSON.parse(String(init?.body)));
    return json({ lottoId: 'l', inviati: 2, esclusi: [] }, '2 spese inviate al Sistema TS.');
  }
  return new Response(JSON.stringify({ code: 'ERROR', answer: 'No' }), { status: 404 });
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
  signInTestUser();
  posts.length = 0;
  downloads.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  // the download's object URL (jsdom has none)
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('Sistema TS tab', () => {
  it('shows the deadline with the days left, the counts, who opposes, and a refusal with its fix', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <SistemaTsOverview />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Scadenza invio: 31-01-2027')).toBeTruthy();
    expect(screen.getByText('mancano 67 giorni')).toBeTruthy();
    expect(screen.getByText('Simulatore Sistema TS: nessuna spesa lascia davvero lo studio.')).toBeTruthy();
    expect(screen.getByText('Da inviare: 1')).toBeTruthy();
    const first = screen.getByRole('row', { name: /1\/2026/ });
    expect(within(first).getByText('Si oppone al TS.')).toBeTruthy();
    const refused = screen.getByRole('row', { name: /2\/2026/ });
    expect(within(refused).getByText('Scartato')).toBeTruthy();
    expect(
      within(refused).getByText(
        '40 - Codice fiscale del cittadino non presente in Anagrafe Tributaria Come correggere: Controlla il codice fiscale del paziente.',
      ),
    ).toBeTruthy();
  });

  it('says which invoice a credit note cancelled and that a credit note waits for its refund, not a payment', async () => {
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <SistemaTsOverview />
      </QueryClientProvider>,
    );
    const cancelled = await screen.findByRole('row', { name: /3\/2026/ });
    expect(within(cancelled).getByText('Non va inviata')).toBeTruthy();
    expect(within(cancelled).getByText(/Annullata da nota di credito 4\/2026/)).toBeTruthy();
    const note = screen.getByRole('row', { name: /5\/2026/ });
    expect(within(note).getByText('Nota di credito')).toBeTruthy();
    expect(within(note).getByText('In attesa di rimborso')).toBeTruthy();
    expect(within(note).getByText('Rimborsata il 12-11-2026')).toBeTruthy();
    expect(within(note).queryByText(/pagamento/)).toBeNull();
    expect(screen.getByText('In attesa di rimborso: 1')).toBeTruthy();
  });

  it('sends the due and the refused expenses of the year in one click', async () => {
    const { user: u } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <SistemaTsOverview />
      </QueryClientProvider>,
    );
    await u.click(await screen.findByRole('button', { name: 'Invia le spese da inviare (2)' }));
    await vi.waitFor(() => expect(posts).toEqual([{ anno: 2026 }]));
  });

  it('lists the files sent in the year and downloads one as it left, and the whole year as a ZIP', async () => {
    const { user: u } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <SistemaTsOverview />
      </QueryClientProvider>,
    );
    const files = await screen.findByRole('region', { name: 'File inviati' });
    const row = await within(files).findByRole('row', { name: /26112009150012345678/ });
    expect(within(row).getByText('20-11-2026 10:15')).toBeTruthy();
    expect(within(row).getByText('Esito ricevuto')).toBeTruthy();
    await u.click(within(row).getByRole('button', { name: 'Scarica sistema-ts_2026-11-20_26112009150012345678.xml' }));
    await u.click(within(files).getByRole('button', { name: 'Scarica l’anno 2026 (ZIP)' }));
    expect(downloads).toEqual([
      '/sistema-ts/trasmissioni/77777777-7777-4777-8777-777777777777/file',
      '/sistema-ts/trasmissioni/archivio?anno=2026',
    ]);
  });
});
