import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/testing/render-with-providers.tsx';
import { SdiStatus } from './sdi-status.tsx';

const row = {
  isElettronica: true,
  isInviataToSDI: true,
  sdiNotifications: [
    {
      uuid: 'n-1',
      invoice_uuid: 'i-1',
      created_at: '2026-03-10T09:30:00.000Z',
      type: 'RC',
      message: { descrizione: 'Consegnata' },
    },
  ],
};

describe('SDI column badges (spec part 2 §2, issue 26 item 7)', () => {
  it('tells what a code means when the badge gets the keyboard focus, not only on hover', async () => {
    const { user } = renderWithProviders(<SdiStatus row={row} />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('RC');
    expect((await screen.findByRole('tooltip')).textContent).toBe('Ricevuta di consegna del 10/03/26, 10:30');
  });

  it('tells it on hover', async () => {
    const { user } = renderWithProviders(<SdiStatus row={row} />);
    await user.hover(screen.getByText('RC'));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/^Ricevuta di consegna del /);
  });
});
