import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type AutocompleteData, AutocompleteInput, autocompleteOptionValidator } from './autocomplete-input.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

const towns = ['Reggio Emilia', 'Reggio Calabria', 'Roma', 'Milano'];

const ControlledAutocomplete = ({
  data = towns,
  initial = '',
  allowCustomValue,
  onValue,
}: {
  data?: AutocompleteData;
  initial?: string;
  allowCustomValue?: boolean;
  onValue?: (value: string) => void;
}) => {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AutocompleteInput
        label="Comune"
        data={data}
        value={value}
        allowCustomValue={allowCustomValue}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button">Altro campo</button>
    </>
  );
};

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('AutocompleteInput', () => {
  it('is a combobox named by its label that lists the options on focus', async () => {
    const { user } = renderWithProviders(<ControlledAutocomplete />);
    await user.click(screen.getByRole('combobox', { name: 'Comune' }));
    expect(optionNames()).toEqual(towns);
  });

  it('filters the options ignoring case and spaces', async () => {
    const { user } = renderWithProviders(<ControlledAutocomplete />);
    await user.type(screen.getByRole('combobox', { name: 'Comune' }), 'REGGIOc');
    await vi.waitFor(() => expect(optionNames()).toEqual(['Reggio Calabria']));
  });

  it('waits 250 ms after the last keystroke before filtering', async () => {
    const { user } = renderWithProviders(<ControlledAutocomplete />);
    await user.type(screen.getByRole('combobox', { name: 'Comune' }), 'mila');
    expect(optionNames()).toEqual(towns);
    await vi.waitFor(() => expect(optionNames()).toEqual(['Milano']), { timeout: 1000 });
  });

  it('says when no option matches', async () => {
    const { user } = renderWithProviders(<ControlledAutocomplete />);
    await user.type(screen.getByRole('combobox', { name: 'Comune' }), 'Torino');
    expect(await screen.findByText('Nessuna opzione trovata')).toBeTruthy();
  });

  it('takes the option the user picks', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<ControlledAutocomplete onValue={onValue} />);
    const input = screen.getByRole('combobox', { name: 'Comune' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Roma' }));
    expect(onValue).toHaveBeenLastCalledWith('Roma');
    expect((input as HTMLInputElement).value).toBe('Roma');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows labels and reports values for options given as value and label', async () => {
    const onValue = vi.fn();
    const data = [
      { value: 'RM', label: 'Roma' },
      { value: 'MI', label: 'Milano' },
    ];
    const { user } = renderWithProviders(<ControlledAutocomplete data={data} initial="RM" onValue={onValue} />);
    const input = screen.getByRole('combobox', { name: 'Comune' }) as HTMLInputElement;
    expect(input.value).toBe('Roma');
    await user.clear(input);
    await user.click(await screen.findByRole('option', { name: 'Milano' }));
    expect(onValue).toHaveBeenLastCalledWith('MI');
    expect(input.value).toBe('Milano');
  });

  it('accepts typed text that matches an option apart from case and spaces', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<ControlledAutocomplete onValue={onValue} />);
    const input = screen.getByRole('combobox', { name: 'Comune' }) as HTMLInputElement;
    await user.type(input, 'reggioemilia');
    expect(onValue).toHaveBeenLastCalledWith('Reggio Emilia');
    await user.click(screen.getByRole('button', { name: 'Altro campo' }));
    expect(input.value).toBe('Reggio Emilia');
    expect(screen.queryByText('Opzione non valida.')).toBeNull();
  });

  it('shows "Opzione non valida." when the user leaves a value that is not in the list', async () => {
    const { user } = renderWithProviders(<ControlledAutocomplete />);
    const input = screen.getByRole('combobox', { name: 'Comune' });
    await user.type(input, 'Torino');
    expect(screen.queryByText('Opzione non valida.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Altro campo' }));
    expect(screen.getByText('Opzione non valida.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('accepts any text when custom values are allowed', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<ControlledAutocomplete allowCustomValue onValue={onValue} />);
    await user.type(screen.getByRole('combobox', { name: 'Comune' }), 'Torino');
    await user.click(screen.getByRole('button', { name: 'Altro campo' }));
    expect(onValue).toHaveBeenLastCalledWith('Torino');
    expect(screen.queryByText('Opzione non valida.')).toBeNull();
  });

  it('shows the error given by the form instead of its own', async () => {
    renderWithProviders(
      <AutocompleteInput label="Comune" data={towns} value="" onChange={() => {}} error="Campo obbligatorio" />,
    );
    expect(screen.getByText('Campo obbligatorio')).toBeTruthy();
  });

  it('follows a value changed from outside, such as a form reset', () => {
    const { rerender } = renderWithProviders(
      <AutocompleteInput label="Comune" data={towns} value="Roma" onChange={() => {}} />,
    );
    rerender(<AutocompleteInput label="Comune" data={towns} value="" onChange={() => {}} />);
    expect((screen.getByRole('combobox', { name: 'Comune' }) as HTMLInputElement).value).toBe('');
  });

  it('offers a validator for forms that answers "Opzione non valida." outside the list', () => {
    const validate = autocompleteOptionValidator(towns);
    expect(validate('Torino')).toBe('Opzione non valida.');
    expect(validate('Roma')).toBeNull();
    expect(validate('')).toBeNull();
  });
});
