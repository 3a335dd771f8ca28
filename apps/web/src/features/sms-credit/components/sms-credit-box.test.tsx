import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { SmsCreditBox, smsCreditBoxTexts as x } from './sms-credit-box.tsx';

vi.setConfig({ testTimeout: 20_000 });

describe('SmsCreditBox', () => {
  it('shows the title, the balance, the switch and the purchase', () => {
    const onToggle = vi.fn();
    renderWithProviders(
      <SmsCreditBox
        balance={120}
        enabled={false}
        threshold={20}
        canManage
        onToggle={onToggle}
        purchase={<button type="button">Acquista 100 SMS</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Reminder appuntamenti automatici' })).toBeTruthy();
    expect(screen.getByText('Credito disponibile: 120 SMS')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acquista 100 SMS' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: x.smsSwitch }));
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns that reminders go by e-mail when the credit is out', () => {
    renderWithProviders(<SmsCreditBox balance={0} enabled threshold={20} canManage onToggle={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe(x.outOfCredit);
  });

  it('warns at the low-balance threshold', () => {
    renderWithProviders(<SmsCreditBox balance={5} enabled threshold={20} canManage onToggle={() => {}} />);
    expect(screen.getByText(x.lowBalance(5))).toBeTruthy();
  });

  it('lets only who manages the credit switch it and buy', () => {
    renderWithProviders(
      <SmsCreditBox
        balance={5}
        enabled
        threshold={0}
        canManage={false}
        onToggle={() => {}}
        purchase={<button type="button">Acquista</button>}
      />,
    );
    expect(screen.getByRole('switch', { name: x.smsSwitch }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Acquista' })).toBeNull();
    expect(screen.getByText(x.readOnly)).toBeTruthy();
  });
});
