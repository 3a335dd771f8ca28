import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadOnlyField } from './read-only-field.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

describe('ReadOnlyField', () => {
  it('explains "Campo non modificabile." when the user points at a disabled field', async () => {
    const { user } = renderWithProviders(
      <ReadOnlyField>
        <TextInput label="Paziente" value="Mario Rossi" disabled readOnly />
      </ReadOnlyField>,
    );
    await user.hover(screen.getByText('Paziente'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Campo non modificabile.');
  });

  it('explains it to keyboard users who focus a read-only field', async () => {
    const { user } = renderWithProviders(
      <ReadOnlyField>
        <TextInput label="Codice fiscale" value="RSSMRA80A01H501U" readOnly />
      </ReadOnlyField>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Codice fiscale'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Campo non modificabile.');
  });

  it('adds nothing when the field can be changed', async () => {
    const { user } = renderWithProviders(
      <ReadOnlyField readOnly={false}>
        <TextInput label="Note" />
      </ReadOnlyField>,
    );
    await user.hover(screen.getByLabelText('Note'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.queryByText('Campo non modificabile.')).toBeNull();
  });
});
