import type { AppointmentReminder } from '@studiolo/domain/reminders';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { ReminderStatusLine } from './appointment-reminder-status.tsx';

vi.setConfig({ testTimeout: 20_000 });

describe('ReminderStatusLine of a reminder the provider reported delivered (decision 036)', () => {
  it('says "Consegnato" with its channel', () => {
    const reminder = {
      id: '11111111-1111-4111-8111-111111111111',
      state: 'DELIVERED',
      reason: null,
      channel: 'SMS',
      segments: 1,
      startAt: '2027-03-11T15:00:00.000Z',
      sendAt: '2027-03-10T15:00:00.000Z',
      sentAt: '2027-03-10T15:00:00.000Z',
      confirmedAt: null,
      cancelledAt: null,
    } as AppointmentReminder;
    renderWithProviders(<ReminderStatusLine reminder={reminder} />);
    expect(screen.getByText('Consegnato · SMS')).toBeTruthy();
  });
});
