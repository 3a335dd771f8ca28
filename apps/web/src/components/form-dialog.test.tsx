import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const labels = { save: 'Salva', cancel: 'Annulla' };

const render = (props: { opened?: boolean; onSubmit?: () => void; onClose?: () => void; saving?: boolean } = {}) =>
  renderWithProviders(
    <FormDialog
      opened={props.opened ?? true}
      title="Nuova stanza"
      onClose={props.onClose ?? (() => {})}
      onSubmit={props.onSubmit ?? (() => {})}
      labels={labels}
      saving={props.saving}
    >
      <TextInput label="Nome" required />
    </FormDialog>,
  );

describe('FormDialog', () => {
  it('shows its title, its fields and the cancel and save buttons', () => {
    render();
    expect(screen.getByRole('dialog', { name: 'Nuova stanza' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salva' })).toBeTruthy();
  });

  it('is not shown when closed', () => {
    render({ opened: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('submits with the save button and with Enter, even with an empty required field', async () => {
    const onSubmit = vi.fn();
    const { user } = render({ onSubmit });
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('closes with Annulla and with the close button', async () => {
    const onClose = vi.fn();
    const { user } = render({ onClose });
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
