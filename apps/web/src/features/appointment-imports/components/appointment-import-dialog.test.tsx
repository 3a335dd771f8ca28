import type { AppointmentImport, AppointmentImportPreviewRowView } from '@studiolo/domain/imports';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));
vi.setConfig({ testTimeout: 20_000 });

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { signInTestUser } from '../../../components/testing/signed-in.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { reloadSession } from '../../../lib/session.ts';
import { AppointmentImportDialog } from './appointment-import-dialog.tsx';

const id = '66666666-6666-4666-8666-666666666666';
const calendars = [
  { id: '11111111-1111-4111-8111-111111111111', summary: 'Calendario principale' },
  { id: '22222222-2222-4222-8222-222222222222', summary: 'Studio 2' },
];
const counts = { total: 3, valid: 2, invalid: 1, duplicates: 1, withWarnings: 0, toImport: 1, toUpdate: 0, toSkip: 2 };
const base: AppointmentImport = {
  id,
  fileName: 'agenda.csv',
  status: 'PREVIEW',
  format: 'csv',
  columns: ['Data', 'Ora', 'Durata', 'Paziente'],
  mapping: ['data', 'oraInizio', 'durata', 'paziente'],
  calendarId: null,
  pastPaid: true,
  counts,
  mappingProblem: null,
  progress: { toWrite: 0, written: 0 },
  result: { imported: 0, updated: 0, skipped: 0 },
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  undoUntil: null,
};
const rows: AppointmentImportPreviewRowView[] = [
  {
    row: 2,
    values: { data: '10/12/2026', oraInizio: '25:00', durata: '45', paziente: 'Rossi Mario' },
    ok: false,
    problems: [{ field: 'oraInizio', message: 'Ora non valida: usa il formato HH:MM (es. 09:30).' }],
    warnings: [],
    filled: [],
    duplicate: null,
    choice: 'import',
    fixed: false,
    appointment: null,
  },
  {
    row: 3,
    values: { data: '10/12/2026', oraInizio: '09:30', durata: '45', paziente: 'Verdi Anna' },
    ok: true,
    problems: [],
    warnings: [],
    filled: [],
    duplicate: {
      kind: 'existing',
      message: 'Il paziente ha già un appuntamento in calendario a quest’ora.',
      patientId: null,
    },
    choice: 'skip',
    fixed: false,
    appointment: {
      start: '2026-12-10T08:30:00.000Z',
      end: '2026-12-10T09:15:00.000Z',
      patientName: 'Verdi Anna',
      serviceName: 'Tecarterapia',
      staffName: 'Giulia Bianchi',
    },
  },
];

let state: AppointmentImport = base;
const bodies: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://localhost');
  const path = url.pathname.replace('/app/api', '');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body ? 'form' : undefined;
  bodies.push({ method, path, body });
  let response: unknown = null;
  if (path === '/importazioni-appuntamenti' && method === 'POST') response = state;
  else if (path === `/importazioni-appuntamenti/${id}/righe`)
    response = { content: rows, totalElements: 2, totalPages: 1, page: 0, size: 25 };
  else if (path === `/importazioni-appuntamenti/${id}` && method === 'PATCH') {
    const b = body as { calendarId?: string; pastPaid?: boolean };
    state = { ...state, calendarId: b.calendarId ?? state.calendarId, pastPaid: b.pastPaid ?? state.pastPaid };
    response = state;
  } else if (path === `/importazioni-appuntamenti/${id}/avvio`) {
    state = { ...state, status: 'RUNNING', progress: { toWrite: 1, written: 0 } };
    response = state;
  } else if (path === `/importazioni-appuntamenti/${id}` && method === 'GET') {
    state = {
      ...state,
      status: state.status === 'RUNNING' ? 'DONE' : state.status,
      progress: { toWrite: 1, written: 1 },
      result: { imported: 1, updated: 0, skipped: 2 },
      finishedAt: '2026-11-27T10:05:00.000Z',
      undoUntil: state.status === 'UNDONE' ? null : '2026-11-28T10:05:00.000Z',
    };
    response = state;
  } else if (path === `/importazioni-appuntamenti/${id}/annulla`) {
    state = { ...state, status: 'UNDONE' };
    response = { removed: 1, kept: [] };
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

describe('AppointmentImportDialog', () => {
  it('goes from the file to the preview with a fix and a duplicate imported anyway, the options, the import and its undo', async () => {
    const { user } = renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <AppointmentImportDialog opened onClose={() => undefined} calendars={calendars} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Importa appuntamenti' });
    expect(dialog.textContent).toContain('I pazienti non vengono creati');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Data;Ora\r\n'], 'agenda.csv', { type: 'text/csv' }));

    const mapping = await screen.findByRole('table', { name: 'Abbinamento delle colonne' });
    expect(
      (within(mapping).getByRole('combobox', { name: 'Campo per la colonna Paziente' }) as HTMLInputElement).value,
    ).toBe('Paziente (cognome e nome)');
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    const preview = await screen.findByRole('table', { name: 'Anteprima delle righe' });
    expect(preview.textContent).toContain('Ora inizio: Ora non valida');
    expect(preview.textContent).toContain('Verdi Anna');
    expect(preview.textContent).toContain('Tecarterapia · Giulia Bianchi');
    await user.click(within(preview).getByRole('button', { name: 'Correggi Ora inizio della riga 2' }));
    const fix = within(preview).getByRole('textbox', { name: 'Ora inizio (riga 2)' });
    await user.clear(fix);
    await user.type(fix, '15:00');
    await user.click(within(preview).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(bodies.filter((b) => b.method === 'PATCH').at(-1)?.body).toEqual({
        fixes: [{ row: 2, values: { oraInizio: '15:00' } }],
      }),
    );
    await user.click(within(preview).getByRole('combobox', { name: 'Scelta riga 3' }));
    await user.click(await screen.findByRole('option', { name: 'Importa comunque' }));
    await waitFor(() =>
      expect(bodies.filter((b) => b.method === 'PATCH').at(-1)?.body).toEqual({
        choices: [{ row: 3, choice: 'import' }],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    // options: the calendar and past appointments as paid
    await user.click(screen.getByRole('checkbox', { name: 'Segna come saldati gli appuntamenti passati' }));
    await waitFor(() => expect(bodies.filter((b) => b.method === 'PATCH').at(-1)?.body).toEqual({ pastPaid: false }));
    await user.click(screen.getByRole('combobox', { name: 'Calendario' }));
    await user.click(await screen.findByRole('option', { name: 'Studio 2' }));
    await waitFor(() =>
      expect(bodies.filter((b) => b.method === 'PATCH').at(-1)?.body).toEqual({ calendarId: calendars[1]?.id }),
    );
    await user.click(screen.getByRole('button', { name: 'Importa 1 appuntamenti' }));
    expect(
      await screen.findByText(
        'Importazione completata: 1 appuntamenti importati, 2 righe saltate.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Annulla importazione' }));
    expect(await screen.findByText('Importazione annullata: 1 appuntamenti rimossi.')).toBeTruthy();
  });
});
