import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { CsvDownloadProgress } from '../lib/download.ts';
import { widgetMessages } from './widget.messages.ts';

/** What a finished export reports: how many records (rows, files) it holds and the name it was saved under. */
export type ExportResult = { count: number; fileName: string | null };

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: CsvDownloadProgress | null }
  | ({ status: 'done' } & ExportResult)
  | { status: 'failed' };

/** The words of one export; each feature keeps its own. */
export type ExportProgressTexts = {
  /** Before the first progress report. */
  preparing: string;
  progress: (p: CsvDownloadProgress) => string;
  done: (count: number) => string;
  failed: string;
  /** The progress bar's accessible name. */
  progressLabel: string;
};

/**
 * The state of a streamed download with progress: `start` runs it (reporting progress as it arrives), `dismiss`
 * goes back to idle. A failure has already been shown by lib/http.ts, so it only becomes the `failed` state.
 */
export const useExportWithProgress = (run: (onProgress: (p: CsvDownloadProgress) => void) => Promise<ExportResult>) => {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const start = async () => {
    setState({ status: 'running', progress: null });
    try {
      const result = await run((progress) => setState({ status: 'running', progress }));
      setState({ status: 'done', ...result });
    } catch {
      // lib/http.ts has already shown the server's message
      setState({ status: 'failed' });
    }
  };
  return { state, start, dismiss: () => setState({ status: 'idle' }) };
};

/** 100 once done, the reported percentage while running (0 before a total is known). */
export const exportPercent = (state: ExportState) =>
  state.status === 'done' ? 100 : state.status === 'running' ? (state.progress?.percent ?? 0) : 0;

/** The one line that says where the export is (empty while idle). */
export const exportMessage = (state: ExportState, texts: ExportProgressTexts) => {
  switch (state.status) {
    case 'idle':
      return '';
    case 'running':
      return state.progress ? texts.progress(state.progress) : texts.preparing;
    case 'done':
      return texts.done(state.count);
    case 'failed':
      return texts.failed;
  }
};

/** The button that starts an export; `compact` is a lighter one, for a phone's narrow header. */
export const ExportButton = ({
  icon,
  running,
  onClick,
  compact = false,
  children,
}: {
  icon: ReactNode;
  running: boolean;
  onClick: () => void;
  compact?: boolean;
  children: ReactNode;
}) => (
  <Button
    variant={compact ? 'subtle' : 'default'}
    size={compact ? 'compact-sm' : 'sm'}
    style={compact ? { alignSelf: 'flex-start' } : undefined}
    leftSection={icon}
    loading={running}
    onClick={onClick}
  >
    {children}
  </Button>
);

/** An export's progress, then its outcome (and the saved file's name), closable once it is over. */
export const ExportProgressPanel = ({
  state,
  texts,
  onDismiss,
}: {
  state: ExportState;
  texts: ExportProgressTexts;
  onDismiss: () => void;
}) => {
  if (state.status === 'idle') return null;
  const percent = exportPercent(state);
  return (
    <Paper withBorder p="sm" role="status" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={500}>
            {exportMessage(state, texts)}
          </Text>
          {state.status !== 'running' && (
            <CloseButton size="sm" aria-label={widgetMessages.close} onClick={onDismiss} />
          )}
        </Group>
        {state.status !== 'failed' && (
          <Progress
            value={percent}
            animated={state.status === 'running'}
            color={state.status === 'done' ? 'green' : undefined}
            aria-label={texts.progressLabel}
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
