import { Anchor, Button, Combobox, Group, Loader, Modal, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { widgetMessages } from './widget.messages.ts';

export type PatientOption = { id: string; label: string };

export type PatientSelectResult =
  | { type: 'cancel' }
  | { type: 'proceedWithoutSelection' }
  | { type: 'patientSelected'; patientId: string };

export type PatientSelectDialogProps = {
  opened: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Returns the patients matching the text; the caller fetches one page (spec part 1 §9: page size 20). */
  searchPatients: (text: string) => Promise<PatientOption[]>;
  /** Offers a link that closes the dialog without a patient (e.g. "Scarica il modulo vuoto."). */
  allowProceedWithoutPatient?: boolean;
  proceedWithoutLabel?: string;
  /** The confirm button's text (default "Procedi"; e.g. "Scarica" or "Firma"). */
  confirmLabel?: string;
  onClose: (result: PatientSelectResult) => void;
};

/** spec part 1 §9: patient search debounce 400 ms. */
export const patientSearchDebounceMs = 400;

/** Asks for a patient before an action; closes with cancel, proceedWithoutSelection or patientSelected. */
export const PatientSelectDialog = ({ opened, title, onClose, ...rest }: PatientSelectDialogProps) => (
  <Modal
    opened={opened}
    onClose={() => onClose({ type: 'cancel' })}
    title={title}
    centered
    closeButtonProps={{ 'aria-label': widgetMessages.close }}
  >
    {/* The body mounts with the dialog, so every opening starts with an empty search. */}
    {opened && <PatientSelectBody onClose={onClose} {...rest} />}
  </Modal>
);

const PatientSelectBody = ({
  description,
  searchPatients,
  allowProceedWithoutPatient = false,
  proceedWithoutLabel = widgetMessages.proceedWithoutPatient,
  confirmLabel = widgetMessages.confirm,
  onClose,
}: Omit<PatientSelectDialogProps, 'opened' | 'title'>) => {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<PatientOption | null>(null);
  const [showRequired, setShowRequired] = useState(false);
  const [patients, setPatients] = useState<PatientOption[]>([]);
  const [status, setStatus] = useState<'loading' | 'done' | 'failed'>('loading');
  const [query] = useDebouncedValue(text, patientSearchDebounceMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  // Searching the chosen patient's own label again would only list that patient.
  const searchText = selected && query === selected.label ? '' : query.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: callers pass inline functions; search again only when the text changes
  useEffect(() => {
    let current = true;
    setStatus('loading');
    searchPatients(searchText).then(
      (found) => {
        if (!current) return;
        setPatients(found);
        setStatus('done');
      },
      () => {
        if (!current) return;
        setPatients([]);
        setStatus('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [searchText]);

  const choose = (patientId: string) => {
    const patient = patients.find((p) => p.id === patientId);
    if (!patient) return;
    setSelected(patient);
    setText(patient.label);
    setShowRequired(false);
    combobox.closeDropdown();
  };

  const proceed = () => {
    if (selected) onClose({ type: 'patientSelected', patientId: selected.id });
    else setShowRequired(true);
  };

  return (
    <Stack gap="md">
      {description && (typeof description === 'string' ? <Text size="sm">{description}</Text> : description)}
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={widgetMessages.patientSearchLabel}
            placeholder={widgetMessages.patientSearchPlaceholder}
            autoComplete="off"
            data-autofocus
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              status === 'loading' ? <Loader size="xs" role="status" aria-label={widgetMessages.searching} /> : null
            }
            value={text}
            error={showRequired ? widgetMessages.patientRequired : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setSelected(null);
              combobox.openDropdown();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
            {status === 'failed' && <Combobox.Empty>{widgetMessages.patientSearchFailed}</Combobox.Empty>}
            {status === 'loading' && patients.length === 0 && (
              <Combobox.Empty>{widgetMessages.searching}</Combobox.Empty>
            )}
            {status === 'done' && patients.length === 0 && <Combobox.Empty>{widgetMessages.noPatients}</Combobox.Empty>}
            {patients.map((patient) => (
              <Combobox.Option key={patient.id} value={patient.id} active={patient.id === selected?.id}>
                {patient.label}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {allowProceedWithoutPatient ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onClose({ type: 'proceedWithoutSelection' })}
          >
            {proceedWithoutLabel}
          </Anchor>
        ) : (
          <span />
        )}
        <Group gap="sm" ml="auto">
          <Button variant="default" onClick={() => onClose({ type: 'cancel' })}>
            {widgetMessages.cancel}
          </Button>
          <Button onClick={proceed}>{confirmLabel}</Button>
        </Group>
      </Group>
    </Stack>
  );
};
