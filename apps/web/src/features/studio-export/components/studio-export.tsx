import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatFileSize, onFirstUse } from '@studiolo/domain/shared';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import {
  ExportButton,
  ExportProgressPanel,
  type ExportProgressTexts,
  useExportWithProgress,
} from '../../../components/export-progress.tsx';
import type { CsvDownloadProgress } from '../../../lib/download.ts';
import { downloadPatientExport, downloadStudioExport } from '../api/download-export.ts';

const count = onFirstUse(() => new Intl.NumberFormat('it-IT'));

/** Files received against the announced count, and the bytes so far (a large attachment moves the bytes alone). */
const progressLine = (p: CsvDownloadProgress) => {
  const files =
    p.total === null
      ? `${count().format(p.rows)} file`
      : `${count().format(Math.min(p.rows, p.total))} di ${count().format(p.total)} file (${p.percent ?? 0}%)`;
  return p.bytes === undefined ? files : `${files} · ${formatFileSize(p.bytes)} ricevuti`;
};

/** Texts of the studio's and the patient's exports (decision 042; the spec has no screen for them). */
export const studioExportTexts = {
  title: 'Porta via i dati dello studio',
  explanation:
    'Un unico file ZIP con pazienti, appuntamenti, fatture (PDF e XML), fatture ricevute, cartella clinica con allegati e schemi corporei, documenti firmati con i dossier e modelli di modulo, in formati aperti (CSV, JSON, PDF, XML). Dentro, il file LEGGIMI.txt spiega cosa contiene ogni file (portabilità dei dati, art. 20 GDPR).',
  button: 'Scarica tutti i dati dello studio',
  studio: {
    preparing: 'Preparazione dell’archivio dello studio…',
    progress: progressLine,
    done: (files: number) => `Dati dello studio scaricati: ${count().format(files)} file.`,
    failed: 'Download dei dati dello studio non riuscito.',
    progressLabel: 'Avanzamento del download dei dati dello studio',
  } satisfies ExportProgressTexts,
  patientButton: 'Scarica i dati del paziente',
  patient: {
    preparing: 'Preparazione dell’archivio del paziente…',
    progress: progressLine,
    done: (files: number) =>
      `Dati del paziente scaricati: ${count().format(files)} file (richiesta di accesso, art. 15 GDPR).`,
    failed: 'Download dei dati del paziente non riuscito.',
    progressLabel: 'Avanzamento del download dei dati del paziente',
  } satisfies ExportProgressTexts,
} as const;

/** Impostazioni › Studio, for the owner: the whole studio in one ZIP, with its progress. */
export const StudioExportPanel = () => {
  const exporter = useExportWithProgress(async (onProgress) => {
    const file = await downloadStudioExport(onProgress);
    return { count: file.total ?? file.rows, fileName: file.fileName };
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {studioExportTexts.title}
        </Title>
        <Text size="sm">{studioExportTexts.explanation}</Text>
        <Group>
          <ExportButton
            icon={<IconFileZip size={18} aria-hidden />}
            running={exporter.state.status === 'running'}
            onClick={() => void exporter.start()}
          >
            {studioExportTexts.button}
          </ExportButton>
        </Group>
        <ExportProgressPanel state={exporter.state} texts={studioExportTexts.studio} onDismiss={exporter.dismiss} />
      </Stack>
    </Paper>
  );
};

/** The patient's page: "Scarica i dati del paziente" (an access request, art. 15), then its progress. */
export const PatientExportAction = ({ pazienteId }: { pazienteId: string }) => {
  const exporter = useExportWithProgress(async (onProgress) => {
    const file = await downloadPatientExport(pazienteId, onProgress);
    return { count: file.total ?? file.rows, fileName: file.fileName };
  });
  return (
    <Stack gap="xs">
      <ExportButton
        icon={<IconDownload size={18} aria-hidden />}
        compact
        running={exporter.state.status === 'running'}
        onClick={() => void exporter.start()}
      >
        {studioExportTexts.patientButton}
      </ExportButton>
      <ExportProgressPanel state={exporter.state} texts={studioExportTexts.patient} onDismiss={exporter.dismiss} />
    </Stack>
  );
};
