import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteConfirmDialog } from './delete-confirm-dialog.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

describe('DeleteConfirmDialog', () => {
  it('asks "Sicuro di volere eliminare?" warning that the operation is irreversible', () => {
    renderWithProviders(<DeleteConfirmDialog opened onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Sicuro di volere eliminare?' })).toBeTruthy();
    expect(screen.getByText('Operazione irreversibile…')).toBeTruthy();
  });

  it('deletes with Si and goes back with Indietro', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderWithProviders(<DeleteConfirmDialog opened onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Si' }));
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
