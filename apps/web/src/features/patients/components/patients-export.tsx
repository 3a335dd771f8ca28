import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { CsvDownloadProgress } from '../../../lib/download.ts';
import { exportPatientRegistry } from '../api/export-patients.ts';

const count = new Intl.NumberFormat('it-IT');

/** Texts of the export (decided: the spec names the call, not its screen). */
export const exportTexts = {
  button: 'Esporta anagrafica',
  preparing: 'Preparazione dell’anagrafica…',
  progress: (p: CsvDownloadProgress) =>
    p.total === null
      ? `${count.format(p.rows)} pazienti esportati`
      : `${count.format(Math.min(p.rows, p.total))} di ${count.format(p.total)} pazienti (${p.percent ?? 0}%)`,
  done: (rows: number) => `Anagrafica esportata: ${count.format(rows)} ${rows === 1 ? 'paziente' : 'pazienti'}.`,
  failed: 'Esportazione non riuscita.',
  progressLabel: 'Avanzamento dell’esportazione',
} as const;

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: CsvDownloadProgress | null }
  | { status: 'done'; rows: number; fileName: string | null }
  | { status: 'failed' };

/**
 * "Esporta anagrafica": downloads the registry as CSV with a progress bar while the server writes it (rows
 * received against the announced total), then saves it under the server's file name.
 */
export const usePatientsExport = () => {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const start = async () => {
    setState({ status: 'running', progress: null });
    try {
      const file = await exportPatientRegistry((progress) => setState({ status: 'running', progress }));
      setState({ status: 'done', rows: file.rows, fileName: file.fileName });
    } catch {
      // lib/http.ts has already shown the server's message
      setState({ status: 'failed' });
    }
  };
  return { state, start, dismiss: () => setState({ status: 'idle' }) };
};

export const PatientsExportButton = ({
  running,
  onClick,
  compact = false,
}: {
  running: boolean;
  onClick: () => void;
  /** A lighter button, for a phone's narrow header. */
  compact?: boolean;
}) => (
  <Button
    variant={compact ? 'subtle' : 'default'}
    size={compact ? 'compact-sm' : 'sm'}
    style={compact ? { alignSelf: 'flex-start' } : undefined}
    leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
    loading={running}
    onClick={onClick}
  >
    {exportTexts.button}
  </Button>
);

/** The export's progress, then its outcome, under the page's toolbar. */
export const PatientsExportProgress = ({ state, onDismiss }: { state: ExportState; onDismiss: () => void }) => {
  if (state.status === 'idle') return null;
  const percent = state.status === 'done' ? 100 : state.status === 'running' ? (state.progress?.percent ?? 0) : 0;
  return (
    <Paper withBorder p="sm" role="status" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={500}>
            {state.status === 'running'
              ? state.progress
                ? exportTexts.progress(state.progress)
                : exportTexts.preparing
              : state.status === 'done'
                ? exportTexts.done(state.rows)
                : exportTexts.failed}
          </Text>
          {state.status !== 'running' && <CloseButton size="sm" aria-label="Chiudi" onClick={onDismiss} />}
        </Group>
        {state.status !== 'failed' && (
          <Progress
            value={percent}
            animated={state.status === 'running'}
            color={state.status === 'done' ? 'green' : undefined}
            aria-label={exportTexts.progressLabel}
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
