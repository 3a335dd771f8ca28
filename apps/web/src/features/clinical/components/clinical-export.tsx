import { Group, Progress, Stack, Text } from '@mantine/core';
import { onFirstUse } from '@studiolo/domain/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import {
  ExportButton,
  exportMessage,
  exportPercent,
  useExportWithProgress,
} from '../../../components/export-progress.tsx';
import { TitledPanel } from '../../../components/titled-panel.tsx';
import type { CsvDownloadProgress } from '../../../lib/download.ts';
import { type ClinicalExport, exportClinical } from '../api/export-clinical.ts';

const count = onFirstUse(() => new Intl.NumberFormat('it-IT'));

/** Texts of the clinical exports' progress. */
export const clinicalExportTexts = {
  preparing: '…',
  progress: (p: CsvDownloadProgress) =>
    p.total === null
      ? `${count().format(p.rows)} righe esportate`
      : `${count().format(Math.min(p.rows, p.total))} di ${count().format(p.total)} righe (${p.percent ?? 0}%)`,
  done: (rows: number) => `Esportazione completata: ${count().format(rows)} ${rows === 1 ? 'riga' : 'righe'}.`,
  failed: 'Esportazione non riuscita.',
  progressLabel: 'Avanzamento dell’esportazione',
} as const;

/**
 * A CSV export of the clinical record (valutazioni-pazienti or diari-pazienti; one patient's with pazienteId, the
 * studio's without), with its progress under the button while the rows arrive.
 */
export const ClinicalExportButton = ({
  kind,
  pazienteId,
  label,
}: {
  kind: ClinicalExport;
  pazienteId: string | null;
  label: string;
}) => {
  const { state, start } = useExportWithProgress(async (onProgress) => {
    const file = await exportClinical(kind, pazienteId, onProgress);
    return { count: file.rows, fileName: file.fileName };
  });
  return (
    <Stack gap={4}>
      <ExportButton
        icon={<IconFileSpreadsheet size={18} aria-hidden />}
        running={state.status === 'running'}
        onClick={start}
      >
        {label}
      </ExportButton>
      {/* a small line under the button, not the toolbar's panel: the button sits among a record's actions */}
      {state.status !== 'idle' && (
        <div role="status" aria-live="polite">
          {state.status === 'running' && (
            <Progress value={exportPercent(state)} size="sm" aria-label={clinicalExportTexts.progressLabel} mb={2} />
          )}
          <Text size="xs" c={state.status === 'failed' ? 'red.9' : 'dimmed'}>
            {exportMessage(state, clinicalExportTexts)}
          </Text>
        </div>
      )}
    </Stack>
  );
};

/** Impostazioni › Cartella paziente: the whole studio's evaluations and diary, each as one CSV. */
export const ClinicalExportsPanel = () => (
  <TitledPanel
    title="Esporta le cartelle cliniche"
    description="Tutte le valutazioni e tutte le voci di diario dello studio, un file CSV ciascuno (si apre con Excel). Ogni esportazione è registrata negli accessi alla cartella."
  >
    <Group gap="sm" align="flex-start" wrap="wrap">
      <ClinicalExportButton kind="valutazioni-pazienti" pazienteId={null} label="Esporta tutte le valutazioni" />
      <ClinicalExportButton kind="diari-pazienti" pazienteId={null} label="Esporta tutti i diari" />
    </Group>
  </TitledPanel>
);
