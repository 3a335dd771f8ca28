import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Patient, PatientState } from '@studiolo/domain/patients';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { patientSearchDebounceMs } from '../../../components/patient-select-dialog.tsx';
import { widgetMessages } from '../../../components/widget.messages.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { usePatient } from '../api/get-patient.ts';
import { patientPickerPageSize, patientsPageQueryOptions } from '../api/search-patients.ts';
import { patientOptionLabel } from './patient-options.ts';

export type PatientSearchSelectProps = {
  /** The chosen patient's id, or null. */
  value: string | null;
  onChange: (id: string | null, patient: Patient | null) => void;
  label?: ReactNode;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Only patients in this state (e.g. ACTIVE for a new appointment); all by default. */
  statoPaziente?: PatientState | null;
  /** Offers a button that clears the choice (default true). */
  clearable?: boolean;
};

/**
 * A patient field for other features (calendar, invoices, forms): type to search GET /v2/pazienti (debounced
 * 400 ms, 20 per page, spec part 1 §9), choose one. A preselected id is shown by the patient's name.
 */
export const PatientSearchSelect = ({
  value,
  onChange,
  label = widgetMessages.patientSearchLabel,
  placeholder = widgetMessages.patientSearchPlaceholder,
  description,
  error,
  required,
  disabled,
  statoPaziente = null,
  clearable = true,
}: PatientSearchSelectProps) => {
  const studioId = useCurrentStudioId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [chosen, setChosen] = useState<Patient | null>(null);
  // A preselected patient (value given from outside) is read once for its name.
  const preselected = usePatient(value && chosen?.id !== value ? value : null);
  const selected = chosen?.id === value ? chosen : (preselected.data ?? null);
  const selectedLabel = selected ? patientOptionLabel(selected) : '';

  const [text, setText] = useState<string | null>(null);
  const shownText = text ?? selectedLabel;
  const [query] = useDebouncedValue(text ?? '', patientSearchDebounceMs);
  const search = useQuery({
    ...patientsPageQueryOptions(studioId, { searchText: query, statoPaziente, page: 0, size: patientPickerPageSize }),
    enabled: Boolean(studioId) && combobox.dropdownOpened,
    placeholderData: keepPreviousData,
  });
  const patients = search.data?.content ?? [];

  const choose = (id: string) => {
    const patient = patients.find((p) => p.id === id) ?? null;
    setChosen(patient);
    setText(null);
    onChange(patient?.id ?? null, patient);
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
          error={error}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={shownText}
          rightSection={
            search.isFetching && combobox.dropdownOpened ? (
              <Loader size="xs" role="status" aria-label={widgetMessages.searching} />
            ) : clearable && value && !disabled ? (
              <CloseButton
                size="sm"
                aria-label="Togli il paziente scelto"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setChosen(null);
                  setText(null);
                  onChange(null, null);
                }}
              />
            ) : null
          }
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // typed text that chose nothing gives way to the chosen patient's name
            setText(null);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {search.isError ? (
            <Combobox.Empty>{widgetMessages.patientSearchFailed}</Combobox.Empty>
          ) : search.isPending ? (
            <Combobox.Empty>{widgetMessages.searching}</Combobox.Empty>
          ) : patients.length === 0 ? (
            <Combobox.Empty>{widgetMessages.noPatients}</Combobox.Empty>
          ) : (
            patients.map((p) => (
              <Combobox.Option key={p.id} value={p.id} active={p.id === value}>
                <Text size="sm">{patientOptionLabel(p)}</Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};
