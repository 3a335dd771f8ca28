import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser, testUser as user } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { DiaryEntryDialog } from './diary-entry-dialog.tsx';
import { DiaryPanel } from './diary-panel.tsx';
import { EvaluationsPanel } from './evaluations-panel.tsx';
import { OutcomeFormDialog } from './outcome-form-dialog.tsx';

const pazienteId = '55555555-5555-4555-8555-555555555555';
const entry = (id: string, data: string, soggettivo: string, appuntamentoInizio: string | null = null) => ({
  id,
  pazienteId,
  data,
  eventId: appuntamentoInizio ? '66666666-6666-4666-8666-666666666666' : null,
  appuntamentoInizio,
  soggettivo,
  oggettivo: null,
  valutazione: null,
  piano: 'Esercizi a casa',
  trattamenti: null,
  autore: { userId: user.id, name: 'Giulia Bianchi' },
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
});

let answers: Record<string, unknown> = {};
const posted: { path: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const path = url.replace('/app/api', '').split('?')[0] as string;
  if (init?.method === 'POST') {
    const body = JSON.parse(String(init.body));
    posted.push({ path, body });
    return new Response(JSON.stringify({ code: 'SUCCESS', answer: 'Salvato', response: { ...body, id: 'x' } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }
  if (path.endsWith('/pdf'))
    return new Response(new Blob(['%PDF-1.7']), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition':
          'attachment; filename="x.pdf"; filename*=UTF-8\'\'Valutazione%20iniziale%20Mario%20Rossi.pdf',
      },
    });
  const response = path === '/user/getUser' ? user : answers[path];
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

beforeAll(() => {
  // happy-dom has no document.fonts, which the autosizing Textarea listens to
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
});

beforeEach(() => {
  signInTestUser();
  fetchMock.mockClear();
  posted.length = 0;
  answers = {};
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

const render = (ui: React.ReactElement) =>
  renderWithProviders(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

describe('DiaryPanel', () => {
  it('lists the entries as the server orders them (newest first), with their appointment and the parts written', async () => {
    answers[`/pazienti/${pazienteId}/diari`] = [
      entry('a', '2026-11-30', 'Meglio', '2026-11-30T09:00:00.000Z'),
      entry('b', '2026-11-23', 'Dolore forte'),
    ];
    render(<DiaryPanel pazienteId={pazienteId} canWrite />);
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Seduta del 30-11-2026',
      'Seduta del 23-11-2026',
    ]);
    expect(within(articles[0] as HTMLElement).getByText('Appuntamento del 30-11-2026 10:00')).toBeTruthy();
    expect(within(articles[1] as HTMLElement).getByText('Dolore forte')).toBeTruthy();
    expect(within(articles[1] as HTMLElement).queryByText(/Appuntamento/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Nuova voce di diario' })).toBeTruthy();
  });

  it('hides writing for a role that may only read', async () => {
    answers[`/pazienti/${pazienteId}/diari`] = [entry('b', '2026-11-23', 'Dolore forte')];
    render(<DiaryPanel pazienteId={pazienteId} canWrite={false} />);
    await screen.findByText('Dolore forte');
    expect(screen.queryByRole('button', { name: 'Nuova voce di diario' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifica' })).toBeNull();
  });
});

describe('DiaryEntryDialog', () => {
  it('starts from its appointment (the day in Rome) and sends the appointment with the entry', async () => {
    const { user: u } = render(
      <DiaryEntryDialog
        // 23:30 UTC on 30 November is already 1 December in Rome
        prefill={{ pazienteId, eventId: '66666666-6666-4666-8666-666666666666', start: '2026-11-30T23:30:00.000Z' }}
        entry={null}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Appuntamento del 01-12-2026 00:30')).toBeTruthy();
    expect((screen.getByLabelText('Data') as HTMLInputElement).value).toBe('01-12-2026');
    await u.type(screen.getByLabelText('Soggettivo'), 'Sta meglio');
    await u.type(screen.getByLabelText('Trattamenti eseguiti'), 'Tecar');
    await u.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: '/diari',
      body: {
        pazienteId,
        eventId: '66666666-6666-4666-8666-666666666666',
        data: '2026-12-01',
        soggettivo: 'Sta meglio',
        trattamenti: 'Tecar',
      },
    });
  });
});

describe('EvaluationsPanel', () => {
  it('opens the form with only the sections the studio uses', async () => {
    answers[`/pazienti/${pazienteId}/valutazioni`] = [];
    const { user: u } = render(
      <EvaluationsPanel pazienteId={pazienteId} canWrite sections={['anamnesi', 'diagnosi']} />,
    );
    await screen.findByText('Nessuna valutazione per questo paziente.');
    await u.click(screen.getByRole('button', { name: 'Nuova valutazione' }));
    expect(screen.getByLabelText('Anamnesi')).toBeTruthy();
    expect(screen.getByLabelText('Diagnosi funzionale')).toBeTruthy();
    expect(screen.queryByLabelText('Esame obiettivo')).toBeNull();
    expect(screen.queryByText(/Dolore NRS/)).toBeNull();
    await u.type(screen.getByLabelText('Anamnesi'), 'Nessun trauma');
    await u.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: '/valutazioni',
      body: { pazienteId, tipo: 'INIZIALE', anamnesi: 'Nessun trauma' },
    });
  });
});

describe('EvaluationsPanel, reading', () => {
  it('downloads an evaluation as PDF under the server’s name, also for a role that may only read', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    answers[`/pazienti/${pazienteId}/valutazioni`] = [
      {
        id: '77777777-7777-4777-8777-777777777777',
        pazienteId,
        tipo: 'INIZIALE',
        data: '2026-11-23',
        motivoInvio: 'Lombalgia',
        anamnesi: null,
        doloreNrs: null,
        doloreSede: null,
        doloreCaratteristiche: null,
        esameObiettivo: null,
        testFunzionali: null,
        articolarita: [],
        diagnosi: null,
        obiettivi: null,
        pianoTrattamento: null,
        note: null,
        autore: { userId: user.id, name: 'Giulia Bianchi' },
        createdAt: '2026-11-23T10:00:00.000Z',
        updatedAt: '2026-11-23T10:00:00.000Z',
      },
    ];
    const { user: u } = render(<EvaluationsPanel pazienteId={pazienteId} canWrite={false} sections={[]} />);
    await u.click(await screen.findByRole('button', { name: 'Scarica PDF' }));
    await waitFor(() => expect(saved).toEqual(['Valutazione iniziale Mario Rossi.pdf']));
    expect(
      fetchMock.mock.calls.some(([url]) =>
        String(url).endsWith('/valutazioni/77777777-7777-4777-8777-777777777777/pdf'),
      ),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Modifica' })).toBeNull();
    click.mockRestore();
  });
});

describe('OutcomeFormDialog', () => {
  it('shows the score as the answers come, and saves only a complete questionnaire', async () => {
    const { user: u } = render(<OutcomeFormDialog opened pazienteId={pazienteId} onClose={() => {}} />);
    const save = screen.getByRole('button', { name: 'Salva' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(/servono almeno 1 risposte/);
    await u.click(screen.getByRole('radio', { name: '7' }));
    expect(screen.getByRole('status').textContent).toBe('Punteggio: 7 punti · Dolore forte');
    await u.click(save);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: '/misure-esito',
      body: { pazienteId, codice: 'NRS', risposte: { dolore: 7 } },
    });
  });
});
