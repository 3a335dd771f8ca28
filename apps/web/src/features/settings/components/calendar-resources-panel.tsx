import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CalendarResourceKind } from '@studiolo/domain/settings';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { requiredField } from '../../../lib/form.ts';
import {
  type CalendarResource,
  useCreateCalendarResource,
  useDeleteCalendarResource,
  useUpdateCalendarResource,
} from '../api/calendar-resources.ts';
import { useSettings } from '../api/get-settings.ts';

const kinds: {
  kind: CalendarResourceKind;
  group: 'rooms' | 'serviceLocations' | 'medicalDevices';
  title: string;
  one: string;
}[] = [
  { kind: 'rooms', group: 'rooms', title: 'Stanze', one: 'stanza' },
  { kind: 'service-locations', group: 'serviceLocations', title: 'Sedi', one: 'sede' },
  { kind: 'medical-devices', group: 'medicalDevices', title: 'Dispositivi medici', one: 'dispositivo' },
];

export const resourceTexts = {
  add: (one: string) => `Aggiungi ${one}`,
  name: 'Nome',
  rename: 'Rinomina',
  renameOf: (name: string) => `Rinomina ${name}`,
  deleteOf: (name: string) => `Elimina ${name}`,
  activeOf: (name: string) => `${name} attivo`,
  inactive: 'Non attivo',
  empty: 'Nessun elemento.',
  save: 'Salva',
  cancel: 'Annulla',
  required: 'Campo obbligatorio',
  hint: 'Un elemento non attivo resta sugli appuntamenti passati ma non si sceglie più per i nuovi.',
} as const;

/**
 * Rooms, service locations and medical devices of settings calendario (spec part 1 §3 "Settings sections"):
 * add, rename, deactivate, delete, through POST/PATCH/DELETE /settings/calendario/{kind}/{id}.
 */
export const CalendarResourcesPanel = ({ canEdit }: { canEdit: boolean }) => {
  const settings = useSettings();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {resourceTexts.hint}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {kinds.map((k) => (
          <ResourceList
            key={k.kind}
            kind={k.kind}
            title={k.title}
            one={k.one}
            items={settings.data?.calendario[k.group] ?? []}
            canEdit={canEdit}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};

const ResourceList = ({
  kind,
  title,
  one,
  items,
  canEdit,
}: {
  kind: CalendarResourceKind;
  title: string;
  one: string;
  items: CalendarResource[];
  canEdit: boolean;
}) => {
  const create = useCreateCalendarResource();
  const update = useUpdateCalendarResource();
  const remove = useDeleteCalendarResource();
  const [naming, setNaming] = useState<{ item: CalendarResource | null; name: string; error: string | null } | null>(
    null,
  );
  const [toDelete, setToDelete] = useState<CalendarResource | null>(null);

  const save = async () => {
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) {
      setNaming({ ...naming, error: resourceTexts.required });
      return;
    }
    try {
      if (naming.item) await update.mutateAsync({ kind, id: naming.item.id, input: { name } });
      else await create.mutateAsync({ kind, input: { name, active: true } });
      setNaming(null);
    } catch {
      // shown by lib/http.ts
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        {canEdit && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setNaming({ item: null, name: '', error: null })}
          >
            {resourceTexts.add(one)}
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {resourceTexts.empty}
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-label={title}>
          {items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs" role="listitem">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end" c={item.active ? undefined : 'dimmed'}>
                  {item.name}
                </Text>
                {!item.active && (
                  <Badge size="xs" variant="light" color="gray">
                    {resourceTexts.inactive}
                  </Badge>
                )}
              </Group>
              {canEdit && (
                <Group gap={2} wrap="nowrap">
                  <Switch
                    size="xs"
                    aria-label={resourceTexts.activeOf(item.name)}
                    checked={item.active}
                    onChange={(e) =>
                      update.mutate({ kind, id: item.id, input: { name: item.name, active: e.currentTarget.checked } })
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={resourceTexts.renameOf(item.name)}
                    onClick={() => setNaming({ item, name: item.name, error: null })}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="red"
                    aria-label={resourceTexts.deleteOf(item.name)}
                    onClick={() => setToDelete(item)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <FormDialog
        opened={naming !== null}
        onClose={() => setNaming(null)}
        title={naming?.item ? resourceTexts.renameOf(naming.item.name) : resourceTexts.add(one)}
        onSubmit={() => void save()}
        labels={resourceTexts}
        saving={create.isPending || update.isPending}
      >
        <TextInput
          label={resourceTexts.name}
          {...requiredField}
          value={naming?.name ?? ''}
          error={naming?.error}
          onChange={(e) => naming && setNaming({ ...naming, name: e.currentTarget.value, error: null })}
          data-autofocus
        />
      </FormDialog>
      <DeleteConfirmDialog
        opened={toDelete !== null}
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ kind, id: toDelete.id }, { onSuccess: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </Paper>
  );
};
