import { Combobox, Group, Text, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Comune } from '@studiolo/domain/reference';
import { autocompleteDebounceMs } from '../../../components/autocomplete-input.tsx';
import { useReference } from '../reference.ts';

/** Suggestions listed at once: enough to find a comune by its first letters, few enough to read. */
const suggestionLimit = 8;

export type ComuneAutocompleteProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  /** What is typed: a comune not in the list (a foreign town) is kept as typed. */
  onChange: (value: string) => void;
  /** A comune chosen from the list (to fill its province, and the CAP when it has only one). */
  onComuneSelect: (comune: Comune) => void;
};

/**
 * A town field with suggestions from the Italian comuni in force (case-, accent- and punctuation-insensitive,
 * spec part 1 §9: autocomplete debounce 250 ms); free text is allowed for towns abroad.
 */
export const ComuneAutocomplete = ({
  value,
  onChange,
  onComuneSelect,
  onFocus,
  onBlur,
  ...inputProps
}: ComuneAutocompleteProps) => {
  const { reference, load } = useReference();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(value, autocompleteDebounceMs);
  const suggestions = reference && query.trim().length >= 2 ? reference.searchComuni(query, suggestionLimit) : [];
  // The exact comune already chosen: nothing left to suggest.
  const onlyItself = suggestions.length === 1 && suggestions[0]?.nome === value;
  const open = suggestions.length > 0 && !onlyItself;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(index) => {
        const comune = suggestions[Number(index)];
        if (comune) {
          onChange(comune.nome);
          onComuneSelect(comune);
        }
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          {...inputProps}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            load();
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={(event) => {
            // the comuni are fetched when first needed (issue 17 item 11)
            load();
            combobox.openDropdown();
            onFocus?.(event);
          }}
          onBlur={(event) => {
            combobox.closeDropdown();
            onBlur?.(event);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {suggestions.map((comune, index) => (
            <Combobox.Option key={comune.belfiore} value={String(index)}>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm" truncate>
                  {comune.nome}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {comune.provincia}
                  {comune.cap.length === 1 ? ` · ${comune.cap[0]}` : ''}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};
