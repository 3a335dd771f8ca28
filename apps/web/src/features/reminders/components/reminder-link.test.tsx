import type { ReminderAppointment } from '@studiolo/domain/reminders';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() }, Notifications: () => null }));

import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { resetConfigCache } from '../../../lib/config.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ReminderLink } from './reminder-link.tsx';

const appointment: ReminderAppointment = {
  studio: {
    name: 'Studio Rossi',
    logoUrl: null,
    address: 'Via Roma 1, 40121 Bologna (BO)',
    phone: '051 123456',
    email: null,
  },
  serviceName: 'Seduta',
  staffDisplayName: 'Anna Bianchi',
  start: '2027-03-11T15:00:00.000Z',
  end: '2027-03-11T16:00:00.000Z',
  confirmedAt: null,
  confirmedPreviousStart: null,
  cancelled: false,
  confirmable: true,
  cancellable: true,
  cancelLimitHours: 0,
  cancelUntil: '2027-03-11T15:00:00.000Z',
};

const envelope = (status: number, response: unknown, answer = '') =>
  new Response(JSON.stringify({ code: status < 400 ? 'SUCCESS' : 'ERROR', answer, response }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const render = () => {
  resetConfigCache();
  return renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <ReminderLink
        token="t0ken-di-prova-abcdefghijklmnopqrstuvwxyz"
        renderSummary={(a) => <p>{`Riepilogo ${a.serviceName}`}</p>}
        renderContacts={(s) => <p>{`Contatti ${s.name}`}</p>}
      />
    </QueryClientProvider>,
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('ReminderLink', () => {
  it('confirms the appointment and says so', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.includes('/conferma'))
          return envelope(200, { ...appointment, confirmable: false, confirmedAt: '2027-03-10T16:00:00.000Z' });
        return envelope(200, appointment);
      }),
    );
    render();
    expect(await screen.findByText('Riepilogo Seduta')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText(/hai confermato l’appuntamento\. Lo studio ti aspetta/u)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Conferma' })).toBeNull();
    expect(calls.some((c) => c.startsWith('POST') && c.includes('/appointments/paziente/promemoria/conferma'))).toBe(
      true,
    );
  });

  it('asks to confirm again an appointment the studio moved after the patient confirmed it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(200, { ...appointment, start: '2027-03-12T08:00:00.000Z', confirmedPreviousStart: appointment.start }),
      ),
    );
    render();
    expect(
      await screen.findByText(
        'Avevi confermato l’appuntamento del 11-03-2027 16:00, poi lo studio ha cambiato l’orario: conferma il nuovo orario.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeTruthy();
    expect(screen.queryByText(/Hai confermato l’appuntamento il/u)).toBeNull();
  });

  it("shows the server's words for an expired link, and no buttons", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(409, null, "Il link è scaduto: l'appuntamento è già iniziato o passato.")),
    );
    render();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Il link è scaduto'));
    expect(screen.queryByRole('button', { name: 'Conferma' })).toBeNull();
  });

  it('asks before cancelling, then shows the studio contacts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/annulla')
          ? envelope(200, { ...appointment, cancelled: true, cancellable: false, confirmable: false })
          : envelope(200, appointment),
      ),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Annulla' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sì, annulla' }));
    expect(await screen.findByText('Appuntamento annullato. Lo studio è stato avvisato.')).toBeTruthy();
    expect(screen.getByText('Contatti Studio Rossi')).toBeTruthy();
  });
});
