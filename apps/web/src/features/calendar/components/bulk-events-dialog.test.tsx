import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { BulkEventsDialog } from './bulk-events-dialog.tsx';
import { type CalendarDeps, CalendarDepsProvider, type PatientFieldProps } from './calendar-deps.tsx';

const rossi = { id: '33333333-3333-4333-8333-333333333333', name: 'Rossi Mario' };

/** A patient field that picks Rossi Mario on a click (the real one searches the API). */
const FakePatientField = ({ label, description, onChange }: PatientFieldProps) => (
  <div>
    <span>{label}</span>
    <span>{description}</span>
    <button type="button" onClick={() => onChange(rossi.id, rossi)}>
      Scegli Rossi
    </button>
  </div>
);

const deps: CalendarDeps = {
  staff: [],
  rooms: [],
  serviceLocations: [],
  medicalDevices: [],
  products: [],
  tags: [],
  PatientField: FakePatientField,
  canWrite: true,
  canExport: true,
  settingsPath: null,
  writeDiary: null,
};

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer> = {};
const calls: { method: string; url: URL }[] = [];

beforeEach(() => {
  calls.length = 0;
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const answer = answers[`${method} ${url.pathname.replace('/app/api', '')}`] ?? {
        body: { code: 'SUCCESS', response: { count: 0 } },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = (mode: 'delete' | 'export', onClose = vi.fn()) => {
  const r = renderWithProviders(
    <CalendarDepsProvider value={deps}>
      <BulkEventsDialog mode={mode} opened onClose={onClose} />
    </CalendarDepsProvider>,
  );
  return { ...r, onClose };
};

const fillRange = async (user: ReturnType<typeof open>['user'], start: string, end: string) => {
  await user.clear(screen.getByLabelText('Data inizio'));
  if (start) await user.type(screen.getByLabelText('Data inizio'), start);
  await user.clear(screen.getByLabelText('Data fine'));
  if (end) await user.type(screen.getByLabelText('Data fine'), end);
  await user.tab();
};

describe('Elimina eventi calendario (spec part 1 §2, §4, §5, §8)', () => {
  it('keeps "Cerca Eventi" disabled until the range is valid, with the spec’s messages', async () => {
    const { user } = open('delete');
    expect(screen.getByRole('dialog', { name: 'Elimina eventi calendario' })).toBeTruthy();
    expect(screen.getByText('Lascia vuoto per eliminare eventi di tutti i pazienti')).toBeTruthy();
    const search = screen.getByRole('button', { name: 'Cerca Eventi' }) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    await fillRange(user, '15-11-2026', '1-11-2026');
    expect(screen.getByText('La data di fine deve essere successiva alla data di inizio')).toBeTruthy();
    expect((screen.getByLabelText('Data fine') as HTMLInputElement).value).toBe('01-11-2026');
    expect(search.disabled).toBe(true);
    await fillRange(user, '1-11-2026', '3-11-2027');
    expect(screen.getByText('Il range di date non può superare 365 giorni')).toBeTruthy();
    await fillRange(user, '1-11-2026', '15-11-2026');
    expect(search.disabled).toBe(false);
  });

  it('says when nothing is found', async () => {
    const { user } = open('delete');
    await fillRange(user, '1-11-2026', '15-11-2026');
    await user.click(screen.getByRole('button', { name: 'Cerca Eventi' }));
    expect(await screen.findByText('Nessun evento trovato per i criteri selezionati')).toBeTruthy();
  });

  it('says when the count cannot be read', async () => {
    answers['GET /events/count'] = { status: 500, body: { code: 'ERROR', answer: 'x' } };
    const { user } = open('delete');
    await fillRange(user, '1-11-2026', '15-11-2026');
    await user.click(screen.getByRole('button', { name: 'Cerca Eventi' }));
    expect(await screen.findByText('Impossibile recuperare il numero di eventi')).toBeTruthy();
  });

  it('counts the patient’s events in the range, asks the acknowledgement, then deletes', async () => {
    answers['GET /events/count'] = { body: { code: 'SUCCESS', response: { count: 2 } } };
    answers['DELETE /events/bulk'] = {
      body: { code: 'SUCCESS', answer: '2 eventi eliminati.', response: { deletedCount: 2 } },
    };
    const { user, onClose } = open('delete');
    await fillRange(user, '1-11-2026', '15-11-2026');
    await user.click(screen.getByRole('button', { name: 'Scegli Rossi' }));
    await user.click(screen.getByRole('button', { name: 'Cerca Eventi' }));

    expect(await screen.findByText('Stai per eliminare 2 eventi')).toBeTruthy();
    expect(screen.getByText('dal 1 novembre 2026 al 15 novembre 2026')).toBeTruthy();
    expect(screen.getByText('Paziente: Rossi Mario')).toBeTruthy();
    expect(screen.getByText('Email di backup obbligatoria')).toBeTruthy();
    expect(screen.getByText('Operazione irreversibile')).toBeTruthy();
    const get = calls.find((c) => c.method === 'GET');
    expect(Object.fromEntries(get?.url.searchParams ?? [])).toEqual({
      start: '2026-11-01',
      end: '2026-11-15',
      pazienteIds: rossi.id,
    });

    const confirm = screen.getByRole('button', { name: 'Elimina 2 Eventi' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const ack = screen.getByRole('checkbox', {
      name: "Ho capito che l'operazione è irreversibile e riceverò il backup via email.",
    });
    await user.click(ack);
    // "Indietro" goes back to the form and clears the acknowledgement
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    await user.click(screen.getByRole('button', { name: 'Cerca Eventi' }));
    await screen.findByText('Stai per eliminare 2 eventi');
    expect((screen.getByRole('button', { name: 'Elimina 2 Eventi' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(
      screen.getByRole('checkbox', {
        name: "Ho capito che l'operazione è irreversibile e riceverò il backup via email.",
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Elimina 2 Eventi' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ success: true, deletedCount: 2 }));
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.url.pathname).toBe('/app/api/events/bulk');
    expect(Object.fromEntries(del?.url.searchParams ?? [])).toEqual({
      start: '2026-11-01',
      end: '2026-11-15',
      pazienteIds: rossi.id,
    });
  });

  it('closes with the server’s message when the backup mail fails (503)', async () => {
    answers['GET /events/count'] = { body: { code: 'SUCCESS', response: { count: 1 } } };
    const message =
      "Errore durante l'eliminazione degli eventi: non è stato possibile inviare il backup via email, nessun evento è stato eliminato.";
    answers['DELETE /events/bulk'] = { status: 503, body: { code: 'ERROR', answer: message } };
    const { user, onClose } = open('delete');
    await fillRange(user, '1-11-2026', '15-11-2026');
    await user.click(screen.getByRole('button', { name: 'Cerca Eventi' }));
    await user.click(
      await screen.findByRole('checkbox', {
        name: "Ho capito che l'operazione è irreversibile e riceverò il backup via email.",
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Elimina 1 Eventi' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ success: false, error: message }));
  });

  it('cancels from the close icon', async () => {
    const { user, onClose } = open('delete');
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(onClose).toHaveBeenCalledWith({ success: false, cancelled: true });
  });
});

describe('Esporta eventi calendario', () => {
  it('counts, then exports without an acknowledgement; "Indietro" keeps the form', async () => {
    answers['GET /events/count'] = { body: { code: 'SUCCESS', response: { count: 1 } } };
    const { user } = open('export');
    expect(screen.getByText('Lascia vuoto per esportare eventi di tutti i pazienti')).toBeTruthy();
    await fillRange(user, '1-11-2026', '30-11-2026');
    await user.click(screen.getByRole('button', { name: 'Cerca Eventi' }));
    expect(await screen.findByText('Stai per esportare 1 eventi')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect((screen.getByRole('button', { name: 'Esporta 1 Eventi' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect((screen.getByLabelText('Data inizio') as HTMLInputElement).value).toBe('01-11-2026');
  });

  it('starts the download by itself, then closes with success (spec part 1 §4)', async () => {
    answers['GET /events/count'] = { body: { code: 'SUCCESS', response: { count: 1 } } };
    answers['GET /data-exporter/events'] = { body: 'Data;Paziente\n01/11/2026;Rossi Mario\n' };
    const createUrl = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    const onClose = vi.fn();
    const { user } = open('export', onClose);
    await fillRange(user, '1-11-2026', '30-11-2026');
    await user.click(screen.getByRole('button', { name: 'Cerca Eventi' }));
    await user.click(await screen.findByRole('button', { name: 'Esporta 1 Eventi' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ success: true }));
    expect(createUrl).toHaveBeenCalledTimes(1);
  });
});
