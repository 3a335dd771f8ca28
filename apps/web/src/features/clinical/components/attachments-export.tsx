import { onFirstUse } from '@studiolo/domain/shared';
import { IconFileZip } from '@tabler/icons-react';
import {
  ExportButton,
  ExportProgressPanel,
  type ExportState,
  useExportWithProgress,
} from '../../../components/export-progress.tsx';
import type { CsvDownloadProgress } from '../../../lib/download.ts';
import { exportAttachments } from '../api/attachments.ts';

const count = onFirstUse(() => new Intl.NumberFormat('it-IT'));

/** Texts of the attachments export (decided: the spec names the call, not its screen). */
export const attachmentsExportTexts = {
  button: 'Esporta allegati',
  preparing: 'Preparazione degli allegati…',
  progress: (p: CsvDownloadProgress) =>
    p.total === null
      ? `${count().format(p.rows)} file esportati`
      : `${count().format(Math.min(p.rows, p.total))} di ${count().format(p.total)} file (${p.percent ?? 0}%)`,
  done: (files: number) => `Allegati esportati: ${count().format(files)} file, una cartella per paziente.`,
  failed: 'Esportazione degli allegati non riuscita.',
  progressLabel: 'Avanzamento dell’esportazione degli allegati',
} as const;

/** The export's state: started by the button, shown by the progress panel (placed apart by the page). */
export const useAttachmentsExport = () =>
  useExportWithProgress(async (onProgress) => {
    const file = await exportAttachments(onProgress);
    return { count: file.total ?? file.rows, fileName: file.fileName };
  });

/**
 * "Esporta allegati": the ZIP of every patient's files (GET /data-exporter/allegati-pazienti), streamed by the
 * server and saved under its name.
 */
export const AttachmentsExportButton = (props: { running: boolean; onClick: () => void; compact?: boolean }) => (
  <ExportButton icon={<IconFileZip size={18} aria-hidden />} {...props}>
    {attachmentsExportTexts.button}
  </ExportButton>
);

/** The export's progress (files received against the announced count), then its outcome. */
export const AttachmentsExportProgress = ({ state, onDismiss }: { state: ExportState; onDismiss: () => void }) => (
  <ExportProgressPanel state={state} texts={attachmentsExportTexts} onDismiss={onDismiss} />
);
