import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { type FormTemplate, formTemplateMessages as m } from '@studiolo/domain/forms';
import { IconCopy, IconFileDownload, IconPencil, IconSearch, IconSignature } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormTemplateBadge } from './form-template-badge.tsx';
import { formTemplateTexts as t } from './form-template-texts.ts';

export type FormTemplatesTableProps = {
  templates: FormTemplate[];
  onOpen: (template: FormTemplate) => void;
  onEdit: (template: FormTemplate) => void;
  onDuplicate: (template: FormTemplate) => void;
  onGenerate: (templates: FormTemplate[]) => void;
  /** Send for signature; left out where the role may not (forms:write). */
  onSign?: (templates: FormTemplate[]) => void;
  onAdd: () => void;
};

const normalise = (s: string) =>
  s
    .toLocaleLowerCase('it')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * spec part 1 §2 form templates table: "Nome modulo", title search, checkbox selection, bulk Genera, per-row edit,
 * duplicate, Genera and Firma, the Condiviso / Hai condiviso con altri badges and the empty state.
 */
export const FormTemplatesTable = ({
  templates,
  onOpen,
  onEdit,
  onDuplicate,
  onGenerate,
  onSign,
  onAdd,
}: FormTemplatesTableProps) => {
  const [search, setSearch] = useState('');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const shown = useMemo(() => {
    const q = normalise(search.trim());
    return q ? templates.filter((x) => normalise(x.title).includes(q)) : templates;
  }, [templates, search]);
  const selected = templates.filter((x) => selectedIds.includes(x.id));
  const allShownSelected = shown.length > 0 && shown.every((x) => selectedIds.includes(x.id));
  const toggle = (id: string) =>
    setSelectedIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label={t.search}
          placeholder={t.search}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {selected.length > 0 && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {t.selected(selected.length)}
            </Text>
            <Button leftSection={<IconFileDownload size={16} />} onClick={() => onGenerate(selected)}>
              {t.generate}
            </Button>
            {onSign && (
              <Button variant="light" leftSection={<IconSignature size={16} />} onClick={() => onSign(selected)}>
                {t.sign}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {shown.length === 0 ? (
        <Text py="xl" ta="center">
          <Anchor component="button" type="button" onClick={onAdd}>
            {m.emptyState}
          </Anchor>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t.selectAll}
                    checked={allShownSelected}
                    indeterminate={!allShownSelected && shown.some((x) => selectedIds.includes(x.id))}
                    onChange={() =>
                      setSelectedIds(
                        allShownSelected
                          ? selectedIds.filter((id) => !shown.some((x) => x.id === id))
                          : [...new Set([...selectedIds, ...shown.map((x) => x.id)])],
                      )
                    }
                  />
                </Table.Th>
                <Table.Th>{m.columnTitle}</Table.Th>
                <Table.Th w={160}>
                  <VisuallyHidden>{t.actionsColumn}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t.selectRow(x.title)}
                      checked={selectedIds.includes(x.id)}
                      onChange={() => toggle(x.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Anchor component="button" type="button" onClick={() => onOpen(x)} ta="left">
                        {x.title}
                      </Anchor>
                      <FormTemplateBadge template={x} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {!x.readOnly && (
                        <Tooltip label={t.edit}>
                          <ActionIcon variant="subtle" aria-label={`${t.edit} ${x.title}`} onClick={() => onEdit(x)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      <Tooltip label={t.duplicate}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t.duplicate} ${x.title}`}
                          onClick={() => onDuplicate(x)}
                        >
                          <IconCopy size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t.generate}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t.generate} ${x.title}`}
                          onClick={() => onGenerate([x])}
                        >
                          <IconFileDownload size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {onSign && (
                        <Tooltip label={t.sign}>
                          <ActionIcon variant="subtle" aria-label={`${t.sign} ${x.title}`} onClick={() => onSign([x])}>
                            <IconSignature size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
};
