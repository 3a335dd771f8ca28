import type { ImportPreviewRowView, PatientImport } from '@studiolo/domain/imports';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 20_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { PatientImportDialog } from './patient-import-dialog.tsx';

const id = '55555555-5555-4555-8555-555555555555';
const counts = { total: 3, valid: 2, invalid: 1, duplicates: 1, withWarnings: 0, toImport: 1, toUpdate: 0, toSkip: 2 };
const base: PatientImport = {
  id,
  fileName: 'pazienti.csv',
  status: 'PREVIEW',
  format: 'csv',
  columns: ['Cognome', 'Nome', 'C.F.', 'Cell'],
  mapping: ['cognome', 'nome', 'codiceFiscale', null],
  tags: [],
  counts,
  mappingProblem: null,
  progress: { toWrite: 0, written: 0 },
  result: { imported: 0, updated: 0, skipped: 0 },
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  undoUntil: null,
};
const rows: ImportPreviewRowView[] = [
  {
    row: 3,
    values: { cognome: 'Rossi', nome: 'Mario', codiceFiscale: 'RSSMRA80A01H50' },
    ok: false,
    problems: [{ field: 'codiceFiscale', message: 'Codice fiscale non valido.' }],
    warnings: [],
    filled: [],
    duplicate: null,
    choice: 'import',
    fixed: false,
  },
  {
    row: 4,
    values: { cognome: 'Verdi', nome: 'Giulia' },
    ok: true,
    problems: [],
    warnings: [],
    filled: [],
    duplicate: { kind: 'existing', message: 'Paziente già presente: Verdi Giulia.', patientId: id },
    choice: 'skip',
    fixed: false,
  },
];

let state: PatientImport = base;
const bodies: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  const path = url.pathname.replace('/app/api', '');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body ? 'form' : undefined;
  bodies.push({ method, path, body });
  let response: unknown = null;
  if (path === '/importazioni-pazienti' && method === 'POST') response = state;
  else if (path === `/importazioni-pazienti/${id}/righe`)
    response = {
      content: url.searchParams.get('filtro') === 'tutte' ? rows : rows,
      totalElements: 2,
      totalPages: 1,
      page: 0,
      size: 25,
    };
  else if (path === `/importazioni-pazienti/${id}` && method === 'PATCH') {
    const b = body as { mapping?: { column: number; field: string | null }[]; tags?: string[] };
    const mapping = [...state.mapping];
    for (const c of b.mapping ?? []) mapping[c.column] = c.field as never;
    state = { ...state, mapping, tags: b.tags ?? state.tags };
    response = state;
  } else if (path === `/importazioni-pazienti/${id}/avvio`) {
    state = { ...state, status: 'RUNNING', progress: { toWrite: 1, written: 0 } };
    response = state;
  } else if (path === `/importazioni-pazienti/${id}` && method === 'GET') {
    state = {
      ...state,
      status: state.status === 'RUNNING' ? 'DONE' : state.status,
      progress: { toWrite: 1, written: 1 },
      result: { imported: 1, updated: 0, skipped: 2 },
      finishedAt: '2026-11-27T10:05:00.000Z',
      undoUntil: state.status === 'UNDONE' ? null : '2026-11-28T10:05:00.000Z',
    };
    response = state;
  } else if (path === `/importazioni-pazienti/${id}/annulla`) {
    state = { ...state, status: 'UNDONE' };
    response = {
      removed: 0,
      kept: [{ row: 3, patientId: id, name: 'Rossi Mario', reason: 'Modificato dopo l’importazione.' }],
    };
  }
  return new Response(JSON.stringify(response ? { code: 'SUCCESS', response } : { code: 'ERROR', answer: 'No' }), {
    status: response ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  signInTestUser();
  state = base;
  bodies.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadSession();
});

describe('PatientImportDialog', () => {
  it('goes from the file to the columns, the preview with a fix and a choice, the tags, the import and its undo', async () => {
    const { user } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientImportDialog opened onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Importa pazienti' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Cognome;Nome\r\nRossi;Mario\r\n'], 'pazienti.csv', { type: 'text/csv' }));

    // columns: matched automatically, changeable by select
    const mapping = await screen.findByRole('table', { name: 'Abbinamento delle colonne' });
    const cell = within(mapping).getByRole('combobox', { name: 'Campo per la colonna Cell' }) as HTMLInputElement;
    expect(cell.value).toBe('— Non importare —');
    expect(
      (within(mapping).getByRole('combobox', { name: 'Campo per la colonna C.F.' }) as HTMLInputElement).value,
    ).toBe('Codice fiscale');
    await user.click(cell);
    await user.click(await screen.findByRole('option', { name: 'Cellulare' }));
    await waitFor(() =>
      expect(bodies.find((b) => b.method === 'PATCH')?.body).toEqual({ mapping: [{ column: 3, field: 'cellulare' }] }),
    );
    expect(screen.getByText('3 righe: 2 valide, 1 con errori, 1 duplicato.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    // preview: only rows with problems, a cell fixed inline, a duplicate to update
    const preview = await screen.findByRole('table', { name: 'Anteprima delle righe' });
    expect(bodies.some((b) => b.path.endsWith('/righe'))).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Solo righe con problemi' }) as HTMLInputElement).checked).toBe(true);
    expect(preview.textContent).toContain('Codice fiscale: Codice fiscale non valido.');
    expect(preview.textContent).toContain('Paziente già presente: Verdi Giulia.');
    await user.click(within(preview).getByRole('button', { name: 'Correggi Codice fiscale della riga 3' }));
    const fix = within(preview).getByRole('textbox', { name: 'Codice fiscale (riga 3)' });
    await user.clear(fix);
    await user.type(fix, 'RSSMRA80A01H501U');
    await user.click(within(preview).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(bodies.filter((b) => b.method === 'PATCH').at(-1)?.body).toEqual({
        fixes: [{ row: 3, values: { codiceFiscale: 'RSSMRA80A01H501U' } }],
      }),
    );
    await user.click(within(preview).getByRole('combobox', { name: 'Scelta riga 4' }));
    await user.click(await screen.findByRole('option', { name: 'Aggiorna il paziente' }));
    await waitFor(() =>
      expect(bodies.filter((b) => b.method === 'PATCH').at(-1)?.body).toEqual({
        choices: [{ row: 4, choice: 'update' }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    // tags, then the import with its progress and the report
    const tags = screen.getByRole('combobox', { name: 'Etichette' });
    await user.type(tags, 'Importati 2026{enter}');
    await waitFor(() =>
      expect(bodies.filter((b) => b.method === 'PATCH').at(-1)?.body).toEqual({ tags: ['Importati 2026'] }),
    );
    await user.click(screen.getByRole('button', { name: 'Importa 1 pazienti' }));
    expect(await screen.findByRole('progressbar', { name: 'Avanzamento dell’importazione' })).toBeTruthy();
    expect(
      await screen.findByText('Importazione completata: 1 importati, 0 aggiornati, 2 saltati.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scarica l’esito (CSV)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Annulla importazione' }));
    expect(await screen.findByText('Importazione annullata: 0 pazienti rimossi.')).toBeTruthy();
    expect(screen.getByText('Rossi Mario: Modificato dopo l’importazione.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annulla importazione' })).toBeNull();
  });

  it('shows the server’s Italian message when the file cannot be read, and stays on the first step', async () => {
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ code: 'ERROR', answer: 'Il file è vuoto.' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { user } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PatientImportDialog opened onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Importa pazienti' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([''], 'vuoto.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Il file è vuoto.');
    expect(screen.getByRole('button', { name: 'Scegli il file' })).toBeTruthy();
  });
});
