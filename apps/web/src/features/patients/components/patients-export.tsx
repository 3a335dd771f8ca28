import { onFirstUse } from '@studiolo/domain/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import {
  ExportButton,
  ExportProgressPanel,
  type ExportState,
  useExportWithProgress,
} from '../../../components/export-progress.tsx';
import type { CsvDownloadProgress } from '../../../lib/download.ts';
import { exportPatientRegistry } from '../api/export-patients.ts';

const count = onFirstUse(() => new Intl.NumberFormat('it-IT'));

/** Texts of the export (decided: the spec names the call, not its screen). */
export const exportTexts = {
  button: 'Esporta anagrafica',
  preparing: 'Preparazione dell’anagrafica…',
  progress: (p: CsvDownloadProgress) =>
    p.total === null
      ? `${count().format(p.rows)} pazienti esportati`
      : `${count().format(Math.min(p.rows, p.total))} di ${count().format(p.total)} pazienti (${p.percent ?? 0}%)`,
  done: (rows: number) => `Anagrafica esportata: ${count().format(rows)} ${rows === 1 ? 'paziente' : 'pazienti'}.`,
  failed: 'Esportazione non riuscita.',
  progressLabel: 'Avanzamento dell’esportazione',
} as const;

/**
 * "Esporta anagrafica": downloads the registry as CSV with a progress bar while the server writes it (rows
 * received against the announced total), then saves it under the server's file name.
 */
export const usePatientsExport = () =>
  useExportWithProgress(async (onProgress) => {
    const file = await exportPatientRegistry(onProgress);
    return { count: file.rows, fileName: file.fileName };
  });

export const PatientsExportButton = (props: {
  running: boolean;
  onClick: () => void;
  /** A lighter button, for a phone's narrow header. */
  compact?: boolean;
}) => (
  <ExportButton icon={<IconFileSpreadsheet size={18} aria-hidden />} {...props}>
    {exportTexts.button}
  </ExportButton>
);

/** The export's progress, then its outcome, under the page's toolbar. */
export const PatientsExportProgress = ({ state, onDismiss }: { state: ExportState; onDismiss: () => void }) => (
  <ExportProgressPanel state={state} texts={exportTexts} onDismiss={onDismiss} />
);
