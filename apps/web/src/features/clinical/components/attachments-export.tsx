import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import type { CsvDownloadProgress } from '../../../lib/download.ts';
import { exportAttachments } from '../api/attachments.ts';

const count = new Intl.NumberFormat('it-IT');

/** Texts of the attachments export (decided: the spec names the call, not its screen). */
export const attachmentsExportTexts = {
  button: 'Esporta allegati',
  preparing: 'Preparazione degli allegati…',
  progress: (p: CsvDownloadProgress) =>
    p.total === null
      ? `${count.format(p.rows)} file esportati`
      : `${count.format(Math.min(p.rows, p.total))} di ${count.format(p.total)} file (${p.percent ?? 0}%)`,
  done: (files: number) => `Allegati esportati: ${count.format(files)} file, una cartella per paziente.`,
  failed: 'Esportazione degli allegati non riuscita.',
  progressLabel: 'Avanzamento dell’esportazione degli allegati',
} as const;

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: CsvDownloadProgress | null }
  | { status: 'done'; files: number; fileName: string | null }
  | { status: 'failed' };

/** The export's state: started by the button, shown by the progress panel (placed apart by the page). */
export const useAttachmentsExport = () => {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const start = async () => {
    setState({ status: 'running', progress: null });
    try {
      const file = await exportAttachments((progress) => setState({ status: 'running', progress }));
      setState({ status: 'done', files: file.total ?? file.rows, fileName: file.fileName });
    } catch {
      // lib/http.ts has already shown the server's message
      setState({ status: 'failed' });
    }
  };
  return { state, start, dismiss: () => setState({ status: 'idle' }) };
};

/**
 * "Esporta allegati": the ZIP of every patient's files (GET /data-exporter/allegati-pazienti), streamed by the
 * server and saved under its name.
 */
export const AttachmentsExportButton = ({
  running,
  onClick,
  compact = false,
}: {
  running: boolean;
  onClick: () => void;
  compact?: boolean;
}) => (
  <Button
    variant={compact ? 'subtle' : 'default'}
    size={compact ? 'compact-sm' : 'sm'}
    style={compact ? { alignSelf: 'flex-start' } : undefined}
    leftSection={<IconFileZip size={18} aria-hidden />}
    loading={running}
    onClick={onClick}
  >
    {attachmentsExportTexts.button}
  </Button>
);

/** The export's progress (files received against the announced count), then its outcome. */
export const AttachmentsExportProgress = ({ state, onDismiss }: { state: ExportState; onDismiss: () => void }) => {
  if (state.status === 'idle') return null;
  const percent = state.status === 'done' ? 100 : state.status === 'running' ? (state.progress?.percent ?? 0) : 0;
  return (
    <Paper withBorder p="sm" role="status" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={500}>
            {state.status === 'running'
              ? state.progress
                ? attachmentsExportTexts.progress(state.progress)
                : attachmentsExportTexts.preparing
              : state.status === 'done'
                ? attachmentsExportTexts.done(state.files)
                : attachmentsExportTexts.failed}
          </Text>
          {state.status !== 'running' && <CloseButton size="sm" aria-label="Chiudi" onClick={onDismiss} />}
        </Group>
        {state.status !== 'failed' && (
          <Progress
            value={percent}
            animated={state.status === 'running'}
            color={state.status === 'done' ? 'green' : undefined}
            aria-label={attachmentsExportTexts.progressLabel}
            aria-valuetext={`${percent}%`}
          />
        )}
        {state.status === 'done' && state.fileName && (
          <Text size="xs" c="dimmed">
            File: {state.fileName}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
