import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { ReminderStatusLine } from './appointment-reminder-status.tsx';

vi.setConfig({ testTimeout: 20_000 });

const base = {
  id: '11111111-1111-4111-8111-111111111111',
  reason: null,
  channel: null,
  segments: null,
  startAt: '2027-03-11T15:00:00.000Z',
  sendAt: '2027-03-10T15:00:00.000Z',
  sentAt: null,
  confirmedAt: null,
  confirmedPreviousStart: null,
  cancelledAt: null,
} as const;

describe('ReminderStatusLine', () => {
  it('shows a scheduled reminder', () => {
    renderWithProviders(<ReminderStatusLine reminder={{ ...base, state: 'SCHEDULED' }} />);
    expect(screen.getByText('Programmato')).toBeTruthy();
  });

  it('shows the channel of a sent one and the reason of one not sent', () => {
    renderWithProviders(<ReminderStatusLine reminder={{ ...base, state: 'SENT', channel: 'SMS', segments: 2 }} />);
    expect(screen.getByText('Inviato · SMS (2)')).toBeTruthy();
    renderWithProviders(
      <ReminderStatusLine reminder={{ ...base, state: 'NOT_SENT', reason: 'il paziente non vuole promemoria' }} />,
    );
    expect(screen.getByText('Non inviato')).toBeTruthy();
    expect(screen.getByText('il paziente non vuole promemoria')).toBeTruthy();
  });

  it("shows the patient's confirmation through the reminder's link, with when", () => {
    renderWithProviders(
      <ReminderStatusLine
        reminder={{ ...base, state: 'SENT', channel: 'SMS', confirmedAt: '2027-03-10T16:05:00.000Z' }}
      />,
    );
    expect(screen.getByText('Inviato · SMS')).toBeTruthy();
    expect(screen.getByText('Confermato dal paziente')).toBeTruthy();
    expect(screen.getByText('il 10-03-2027 17:05')).toBeTruthy();
  });

  it('does not show a confirmation given before the studio moved the appointment as one of its new time', () => {
    renderWithProviders(
      <ReminderStatusLine
        reminder={{ ...base, state: 'SENT', channel: 'SMS', confirmedPreviousStart: '2027-03-11T15:00:00.000Z' }}
      />,
    );
    expect(screen.queryByText('Confermato dal paziente')).toBeNull();
    expect(screen.getByText('Confermato per l’orario precedente')).toBeTruthy();
    expect(screen.getByText('orario confermato: 11-03-2027 16:00')).toBeTruthy();
  });
});
