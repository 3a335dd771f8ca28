import { ActionIcon, Autocomplete, Button, Group, Pill, Popover, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Patient } from '@studiolo/domain/patients';
import { IconTagPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useAddPatientTag, useRemovePatientTag } from '../api/patient-tags.ts';

/** The tags of one patient as chips with a remove button, and a small popover to add an existing or new one. */
export const PatientTagsEditor = ({
  patient,
  name,
  studioTags,
}: {
  patient: Patient;
  /** The patient's display name, for the accessible names of the buttons. */
  name: string;
  /** Every tag used in the studio, offered while typing. */
  studioTags: readonly string[];
}) => {
  const add = useAddPatientTag();
  const remove = useRemovePatientTag();
  const [opened, { close, toggle }] = useDisclosure(false);
  const [tag, setTag] = useState('');
  const own = new Set(patient.tags.map((t) => t.toLowerCase()));
  const suggestions = studioTags.filter((t) => !own.has(t.toLowerCase()));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const value = tag.trim();
    if (!value) return;
    add.mutate(
      { id: patient.id, tag: value },
      {
        onSuccess: () => {
          setTag('');
          close();
        },
      },
    );
  };

  return (
    <Group gap={4} wrap="wrap" align="center">
      {patient.tags.map((t) => (
        <Pill
          key={t}
          withRemoveButton
          onRemove={() => remove.mutate({ id: patient.id, tag: t })}
          // Mantine hides the remove button from keyboards and screen readers (inside a PillsInput Backspace does
          // it); here it is the only way to remove the tag, so it is a real button
          removeButtonProps={{
            'aria-label': `Rimuovi l'etichetta ${t} da ${name}`,
            'aria-hidden': false,
            tabIndex: 0,
            disabled: remove.isPending,
          }}
          bg="studiolo.0"
          c="studiolo.9"
        >
          {t}
        </Pill>
      ))}
      <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" withArrow shadow="md" trapFocus>
        <Popover.Target>
          <Tooltip label="Aggiungi etichetta" disabled={opened}>
            <ActionIcon variant="subtle" size="sm" aria-label={`Aggiungi un'etichetta a ${name}`} onClick={toggle}>
              <IconTagPlus size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>
          <form onSubmit={submit}>
            <Stack gap="xs" w={220}>
              <Autocomplete
                label="Etichetta"
                placeholder="Esistente o nuova"
                data={suggestions}
                value={tag}
                onChange={setTag}
                maxLength={40}
                data-autofocus
                // inside the popover: a list in a portal would count as a click outside and close it
                comboboxProps={{ withinPortal: false }}
              />
              <Button type="submit" size="xs" loading={add.isPending} disabled={!tag.trim()}>
                Aggiungi
              </Button>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
};
