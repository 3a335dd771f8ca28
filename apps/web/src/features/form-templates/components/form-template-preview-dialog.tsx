import { ActionIcon, Alert, Button, Group, Loader, Menu, Modal, Stack } from '@mantine/core';
import type { FormTemplate } from '@studiolo/domain/forms';
import { IconDotsVertical, IconFileDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { generateFormTemplates } from '../api/generate-form-templates.ts';
import { formTemplateTexts as t } from './form-template-texts.ts';

/**
 * spec part 1 §2 template preview dialog: a Modifica/Elimina menu (own templates only), the empty form as it prints,
 * and Genera, which asks for the patient.
 */
export const FormTemplatePreviewDialog = ({
  template,
  onClose,
  onEdit,
  onDelete,
  onGenerate,
}: {
  template: FormTemplate | null;
  onClose: () => void;
  onEdit: (template: FormTemplate) => void;
  onDelete: (template: FormTemplate) => void;
  onGenerate: (template: FormTemplate) => void;
}) => (
  <Modal opened={template !== null} onClose={onClose} title={template?.title} size="xl" centered>
    {template && (
      <Stack gap="md">
        <Group justify="space-between">
          {template.readOnly ? (
            <span />
          ) : (
            <Menu position="bottom-start">
              <Menu.Target>
                <ActionIcon variant="default" aria-label={t.actions(template.title)}>
                  <IconDotsVertical size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(template)}>
                  {t.edit}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(template)}>
                  {t.delete}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          <Button leftSection={<IconFileDownload size={16} />} onClick={() => onGenerate(template)}>
            {t.generate}
          </Button>
        </Group>
        <PdfPreview template={template} />
      </Stack>
    )}
  </Modal>
);

const PdfPreview = ({ template }: { template: FormTemplate }) => {
  const pdf = useQuery({
    queryKey: ['form-template-preview', template.id, template.updatedAt],
    queryFn: () => generateFormTemplates({ templateIds: [template.id] }),
    gcTime: 0,
  });
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdf.data.blob) : null), [pdf.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (pdf.isError) return <Alert color="red">{t.previewFailed}</Alert>;
  if (!url)
    return (
      <Group gap="sm">
        <Loader size="sm" />
        {t.previewLoading}
      </Group>
    );
  return (
    <iframe
      title={t.previewFrame(template.title)}
      src={url}
      style={{ width: '100%', height: '65vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
    />
  );
};
