import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FocusEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { widgetMessages } from './widget.messages.ts';

export type AutocompleteOption = { value: string; label: string };
export type AutocompleteData = readonly string[] | readonly AutocompleteOption[];

export type AutocompleteInputProps = {
  label: ReactNode;
  data: AutocompleteData;
  /** The chosen option's value, or the typed text when it matches none. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** When false (default) the value must be one of the options, else "Opzione non valida." (spec part 1 §5). */
  allowCustomValue?: boolean;
  /** An error from the form; it takes the place of the widget's own "Opzione non valida.". */
  error?: ReactNode;
  placeholder?: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  /** At most this many options are listed, so long lists (towns) stay fast. */
  limit?: number;
  nothingFoundMessage?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
};

/** spec part 1 §9: autocomplete debounce 250 ms. */
export const autocompleteDebounceMs = 250;

/** spec part 1 §5: filtering ignores case and spaces. */
export const normalizeForSearch = (text: string): string => text.toLocaleLowerCase('it-IT').replace(/\s+/gu, '');

export const toAutocompleteOptions = (data: AutocompleteData): AutocompleteOption[] =>
  data.map((item) => (typeof item === 'string' ? { value: item, label: item } : item));

/** @returns whether value is one of the options' values (the empty value counts as valid: required is another rule). */
export const isAutocompleteOption = (data: AutocompleteData, value: string | null | undefined): boolean =>
  !value || toAutocompleteOptions(data).some((option) => option.value === value);

/** A form validator for values that must come from the list: "Opzione non valida." or null. */
export const autocompleteOptionValidator =
  (data: AutocompleteData) =>
  (value: string | null | undefined): string | null =>
    isAutocompleteOption(data, value) ? null : widgetMessages.invalidOption;

/** A text input with a filtered list of suggestions; by default only listed values are accepted. */
export const AutocompleteInput = ({
  label,
  data,
  value,
  onChange,
  allowCustomValue = false,
  error,
  placeholder,
  description,
  required,
  disabled,
  readOnly,
  name,
  limit = 100,
  nothingFoundMessage = widgetMessages.noOptions,
  onBlur,
  onFocus,
}: AutocompleteInputProps) => {
  const options = useMemo(() => toAutocompleteOptions(data), [data]);
  const current = value ?? '';
  const labelOf = (v: string) => options.find((option) => option.value === v)?.label ?? v;
  const optionForText = (text: string) => {
    const wanted = normalizeForSearch(text);
    return wanted ? options.find((option) => normalizeForSearch(option.label) === wanted) : undefined;
  };
  const valueForText = (text: string) => (text.trim() ? (optionForText(text)?.value ?? text) : '');

  const [text, setText] = useState(() => labelOf(current));
  // Controlled: when the value changes from outside (form reset, data loaded), the text follows it.
  if (valueForText(text) !== current && text !== labelOf(current)) setText(labelOf(current));

  const [focused, setFocused] = useState(false);
  const [query] = useDebouncedValue(text, autocompleteDebounceMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const isChosenOption = options.some((option) => option.value === current) && query === labelOf(current);
  const wanted = normalizeForSearch(query);
  const filtered = (
    isChosenOption || !wanted ? options : options.filter((option) => normalizeForSearch(option.label).includes(wanted))
  ).slice(0, limit);

  // The list changes after the debounce: a stale highlighted index would point at another option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the filtered query changes
  useEffect(() => {
    combobox.resetSelectedOption();
  }, [query]);

  const invalid = !allowCustomValue && current !== '' && !isAutocompleteOption(options, current);
  const shownError = error ?? (invalid && !focused ? widgetMessages.invalidOption : undefined);

  const choose = (optionValue: string) => {
    setText(labelOf(optionValue));
    onChange(optionValue);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={label}
          description={description}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          name={name}
          autoComplete="off"
          value={text}
          error={shownError}
          rightSection={readOnly || disabled ? undefined : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            onChange(valueForText(next));
            combobox.openDropdown();
          }}
          onClick={() => !readOnly && combobox.openDropdown()}
          onFocus={(event) => {
            setFocused(true);
            if (!readOnly) combobox.openDropdown();
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            combobox.closeDropdown();
            const match = optionForText(text);
            if (match) setText(match.label);
            onBlur?.(event);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={readOnly || disabled}>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {filtered.length === 0 ? (
            <Combobox.Empty>{nothingFoundMessage}</Combobox.Empty>
          ) : (
            filtered.map((option) => (
              <Combobox.Option key={option.value} value={option.value} active={option.value === current}>
                {option.label}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};
