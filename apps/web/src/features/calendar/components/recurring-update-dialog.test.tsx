import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render-with-providers.tsx';
import { RecurringUpdateDialog } from './recurring-update-dialog.tsx';

afterEach(() => vi.restoreAllMocks());

describe('Aggiorna evento ricorrente (spec part 1 §2, §4, §8)', () => {
  it('offers "Questo evento" and "Questo evento e quelli successivi", confirm disabled until one is chosen', async () => {
    const onResult = vi.fn();
    const { user } = renderWithProviders(<RecurringUpdateDialog opened onResult={onResult} />);
    expect(screen.getByRole('dialog', { name: 'Aggiorna evento ricorrente' })).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Conferma' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Questo evento e quelli successivi' }));
    await user.click(confirm);
    expect(onResult).toHaveBeenCalledWith('AFTER');
  });

  it('answers SINGLE for "Questo evento"', async () => {
    const onResult = vi.fn();
    const { user } = renderWithProviders(<RecurringUpdateDialog opened onResult={onResult} />);
    await user.click(screen.getByRole('radio', { name: 'Questo evento' }));
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(onResult).toHaveBeenCalledWith('SINGLE');
  });

  it('abandons the update when closed without a choice, logging "Abort update"', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const onResult = vi.fn();
    const { user } = renderWithProviders(<RecurringUpdateDialog opened onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(onResult).toHaveBeenCalledWith(null);
    expect(info).toHaveBeenCalledWith('Abort update');
  });

  it('abandons the update with "Annulla" even after a choice', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const onResult = vi.fn();
    const { user } = renderWithProviders(<RecurringUpdateDialog opened onResult={onResult} />);
    await user.click(screen.getByRole('radio', { name: 'Questo evento' }));
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onResult).toHaveBeenCalledWith(null);
    expect(info).toHaveBeenCalledWith('Abort update');
  });
});
