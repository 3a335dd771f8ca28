import { getDefaultZIndex } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

/** The layer a dialog's root asks for (Mantine's --mb-z-index). */
const layerOf = (dialog: HTMLElement) =>
  Number((dialog.closest('[style*="--mb-z-index"]') as HTMLElement | null)?.style.getPropertyValue('--mb-z-index'));

describe('ConfirmDialog', () => {
  it('sits above the other dialogs, also one fetched on first use and so added to the page after it', () => {
    renderWithProviders(<ConfirmDialog opened onConfirm={() => {}} onCancel={() => {}} />);
    expect(layerOf(screen.getByRole('dialog', { name: 'Sei sicuro?' }))).toBeGreaterThan(getDefaultZIndex('modal'));
  });

  it('asks "Sei sicuro?" with the buttons Annulla and Procedi by default', () => {
    renderWithProviders(<ConfirmDialog opened onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Sei sicuro?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Procedi' })).toBeTruthy();
  });

  it('shows the given title, message and button labels', () => {
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Fattura NON pagata"
        message="Vuoi segnare la fattura come non pagata?"
        confirmLabel="Conferma"
        cancelLabel="Chiudi finestra"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Fattura NON pagata' })).toBeTruthy();
    expect(screen.getByText('Vuoi segnare la fattura come non pagata?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chiudi finestra' })).toBeTruthy();
  });

  it('is not shown when closed', () => {
    renderWithProviders(<ConfirmDialog opened={false} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms with Procedi and cancels with Annulla, the close button or Escape', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(<ConfirmDialog opened onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Procedi' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(3);
  });

  it('cannot be dismissed while the action runs', async () => {
    const onCancel = vi.fn();
    const { user } = renderWithProviders(<ConfirmDialog opened loading onConfirm={() => {}} onCancel={onCancel} />);
    expect((screen.getByRole('button', { name: 'Annulla' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
