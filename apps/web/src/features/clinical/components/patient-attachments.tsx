import { ActionIcon, Badge, Button, FileButton, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Attachment, attachmentMaxBytes, canPreviewAttachment } from '@studiolo/domain/clinical';
import { formatFileSize } from '@studiolo/domain/shared';
import {
  IconDownload,
  IconEye,
  IconFile,
  IconFileText,
  IconPaperclip,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { widgetMessages } from '../../../components/widget.messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  downloadAttachment,
  fetchAttachment,
  useAttachments,
  useDeleteAttachment,
  useUploadAttachment,
} from '../api/attachments.ts';

/** Texts of the attachments tab (decided: the spec names the feature, not its screen). */
export const attachmentsTexts = {
  upload: 'Carica allegato',
  hint: `PDF, immagini e documenti fino a ${formatFileSize(attachmentMaxBytes)}. Le immagini da 1 MB in su vengono ridotte a circa 1 MB.`,
  empty: 'Nessun allegato per questo paziente.',
  error: 'Impossibile caricare gli allegati.',
  preview: 'Anteprima',
  download: 'Scarica',
  remove: 'Elimina',
  reduced: (from: number) => `Ridotta da ${formatFileSize(from)}`,
  previewError: 'Impossibile mostrare l’anteprima.',
  uploading: (name: string) => `Caricamento di ${name}…`,
} as const;

const KindIcon = ({ kind }: { kind: Attachment['kind'] }) => {
  const Icon = kind === 'image' ? IconPhoto : kind === 'pdf' ? IconFileText : IconFile;
  return <Icon size={22} aria-hidden style={{ flexShrink: 0 }} />;
};

/** An image or a PDF shown in place, fetched with the bearer token into a local URL. */
const AttachmentPreview = ({ attachment, onClose }: { attachment: Attachment | null; onClose: () => void }) => {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const isPhone = useMediaQuery('(max-width: 767px)');
  useEffect(() => {
    if (!attachment) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setUrl(null);
    setFailed(false);
    fetchAttachment(attachment.id).then(
      (file) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(file.blob);
        setUrl(objectUrl);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment]);
  return (
    <Modal
      opened={attachment !== null}
      onClose={onClose}
      title={attachment?.fileName}
      size="xl"
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': widgetMessages.close }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {failed && <Text c="red">{attachmentsTexts.previewError}</Text>}
      {url && attachment?.kind === 'image' && (
        <img src={url} alt={attachment.fileName} style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} />
      )}
      {url && attachment?.kind === 'pdf' && (
        <iframe src={url} title={attachment.fileName} style={{ width: '100%', height: '75vh', border: 0 }} />
      )}
    </Modal>
  );
};

const AttachmentRow = ({
  a,
  canWrite,
  onPreview,
  onDelete,
}: {
  a: Attachment;
  canWrite: boolean;
  onPreview: (a: Attachment) => void;
  onDelete: (a: Attachment) => void;
}) => (
  <Paper withBorder p="sm" data-testid="attachment-row">
    <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <KindIcon kind={a.kind} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.fileName}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed">
              {formatFileSize(a.sizeBytes)} · {formatDateTime(a.createdAt)}
              {a.width && a.height ? ` · ${a.width}×${a.height} px` : ''}
            </Text>
            {a.originalSizeBytes !== null && (
              <Badge size="xs" variant="light" color="teal">
                {attachmentsTexts.reduced(a.originalSizeBytes)}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap">
        {canPreviewAttachment(a) && (
          <Tooltip label={attachmentsTexts.preview}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`${attachmentsTexts.preview}: ${a.fileName}`}
              onClick={() => onPreview(a)}
            >
              <IconEye size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={attachmentsTexts.download}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`${attachmentsTexts.download}: ${a.fileName}`}
            onClick={() => void downloadAttachment(a).catch(() => undefined)}
          >
            <IconDownload size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {canWrite && (
          <Tooltip label={attachmentsTexts.remove}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${attachmentsTexts.remove}: ${a.fileName}`}
              onClick={() => onDelete(a)}
            >
              <IconTrash size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  </Paper>
);

/** The patient's files (issue 16 item 3): upload, list newest first, preview images and PDFs, download, delete. */
export const PatientAttachments = ({ pazienteId, canWrite }: { pazienteId: string; canWrite: boolean }) => {
  const list = useAttachments(pazienteId);
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const [uploading, setUploading] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);

  const send = async (files: File[]) => {
    // one at a time: each file is checked on its own and a refusal does not stop the others
    for (const file of files) {
      setUploading(file.name);
      try {
        await upload.mutateAsync({ pazienteId, file });
      } catch {
        // lib/http.ts has shown the server's reason (too large, not allowed, broken image)
      }
    }
    setUploading(null);
  };

  return (
    <Stack gap="md">
      {canWrite && (
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
            {attachmentsTexts.hint}
          </Text>
          <FileButton onChange={(files) => void send(files)} multiple>
            {(props) => (
              <Button {...props} leftSection={<IconPaperclip size={18} aria-hidden />} loading={uploading !== null}>
                {attachmentsTexts.upload}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {uploading && (
        <Text size="sm" role="status" aria-live="polite">
          {attachmentsTexts.uploading(uploading)}
        </Text>
      )}
      <QueryListState query={list} errorMessage={attachmentsTexts.error} emptyMessage={attachmentsTexts.empty}>
        {(items) => (
          <Stack gap="xs">
            {items.map((a) => (
              <AttachmentRow key={a.id} a={a} canWrite={canWrite} onPreview={setPreviewing} onDelete={setDeleting} />
            ))}
          </Stack>
        )}
      </QueryListState>
      <AttachmentPreview attachment={previewing} onClose={() => setPreviewing(null)} />
      <DeleteConfirmDialog
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate({ id: deleting.id, pazienteId }, { onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
};
