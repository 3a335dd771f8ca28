import { defaultReminderText, type ReminderSettings } from '@studiolo/domain/reminders';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { ReminderSettingsForm, reminderSettingsTexts as x } from './reminder-settings-form.tsx';

vi.setConfig({ testTimeout: 20_000 });

const value: ReminderSettings = {
  enabled: true,
  leadTime: 'HOURS_24',
  dayBeforeTime: '18:00',
  channel: 'SMS_EMAIL',
  text: defaultReminderText,
  lowBalanceThreshold: 20,
};
const studio = { nome: 'Studio Rossi', indirizzo: 'Via Roma 1, Bologna' };
const quiet = { from: '21:00', to: '08:00' };

const typeText = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: x.text }), { target: { value: text } });

describe('ReminderSettingsForm', () => {
  it('previews the default text with example values: GSM-7, one SMS', () => {
    renderWithProviders(
      <ReminderSettingsForm value={value} studio={studio} quietHours={quiet} canEdit onSave={() => {}} />,
    );
    expect(screen.getByTestId('reminder-preview').textContent).toContain('Gentile Maria Rossi');
    expect(screen.getByTestId('reminder-preview').textContent).toContain('Studio Rossi');
    expect(screen.getByText('GSM-7')).toBeTruthy();
    expect(screen.getByText(x.segments(1))).toBeTruthy();
  });

  it('shows the length, UCS-2 and the segments as the text changes, with the characters to blame', () => {
    renderWithProviders(
      <ReminderSettingsForm value={value} studio={studio} quietHours={quiet} canEdit onSave={() => {}} />,
    );
    typeText('È un promemoria 😀 '.repeat(4));
    expect(screen.getByText('UCS-2')).toBeTruthy();
    expect(screen.getByText(x.characters(72))).toBeTruthy();
    expect(screen.getByText(x.segments(2))).toBeTruthy();
    expect(screen.getByText(x.ucs2Hint('È 😀'))).toBeTruthy();
    typeText('a'.repeat(161));
    expect(screen.getByText('GSM-7')).toBeTruthy();
    expect(screen.getByText(x.segments(2))).toBeTruthy();
  });

  it('names an unknown token and does not save, then saves the corrected settings', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <ReminderSettingsForm value={value} studio={studio} quietHours={quiet} canEdit onSave={onSave} />,
    );
    typeText('Ciao {nom}');
    expect(screen.getByText(/Segnaposto sconosciuti: \{nom\}/)).toBeTruthy();
    const save = screen.getByRole('button', { name: x.save });
    expect(save.hasAttribute('disabled')).toBe(true);
    typeText('Ciao {nome}, a domani alle {ora}');
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({ ...value, text: 'Ciao {nome}, a domani alle {ora}' });
  });

  it('is read only without settings:write', () => {
    renderWithProviders(
      <ReminderSettingsForm value={value} studio={studio} quietHours={quiet} canEdit={false} onSave={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: x.save })).toBeNull();
    expect(screen.getByRole('textbox', { name: x.text }).hasAttribute('disabled')).toBe(true);
  });

  it("says the server's own quiet hours, or that reminders leave at night too where it has none", () => {
    const { unmount } = renderWithProviders(
      <ReminderSettingsForm
        value={value}
        studio={studio}
        quietHours={{ from: '22:00', to: '07:30' }}
        canEdit
        onSave={() => {}}
      />,
    );
    expect(
      screen.getByText(
        'Di notte (22:00–07:30) nessun promemoria parte: quelli previsti in quelle ore partono alle 07:30.',
      ),
    ).toBeTruthy();
    unmount();
    renderWithProviders(
      <ReminderSettingsForm value={value} studio={studio} quietHours={null} canEdit onSave={() => {}} />,
    );
    expect(screen.getByText('Su questo server i promemoria partono all’orario previsto, anche di notte.')).toBeTruthy();
  });
});
