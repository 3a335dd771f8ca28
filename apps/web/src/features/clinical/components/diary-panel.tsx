import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type DiaryEntry, diaryFieldLabels, diaryTextFields } from '@studiolo/domain/clinical';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { TitledPanel } from '../../../components/titled-panel.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useDeleteDiaryEntry, useDiary } from '../api/diary.ts';
import { ClinicalExportButton } from './clinical-export.tsx';
import { clinicalTexts as t } from './clinical-texts.ts';
import { DiaryEntryDialog, type DiaryPrefill } from './diary-entry-dialog.tsx';
import { PatientBodyCharts } from './patient-body-charts.tsx';
import { RecordActions } from './record-actions.tsx';

/** One entry as read: its day, its appointment, the parts written. */
const DiaryEntryCard = ({
  entry,
  canWrite,
  onEdit,
  onDelete,
}: {
  entry: DiaryEntry;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) => (
  <Paper withBorder p="md" component="article" aria-label={`Seduta del ${formatDate(entry.data)}`}>
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{formatDate(entry.data)}</Text>
          {entry.appuntamentoInizio && (
            <Badge variant="light" leftSection={<IconCalendarEvent size={12} aria-hidden />} tt="none">
              {t.appointment(formatDateTime(entry.appuntamentoInizio))}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {t.author(entry.autore.name)}
          </Text>
        </Group>
        {canWrite && (
          <Group gap={4}>
            <RecordActions onEdit={onEdit} onDelete={onDelete} />
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {diaryTextFields.map((f) =>
          entry[f] ? (
            <div key={f}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {diaryFieldLabels[f]}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {entry[f]}
              </Text>
            </div>
          ) : null,
        )}
      </SimpleGrid>
      <PatientBodyCharts pazienteId={entry.pazienteId} canWrite={canWrite} origin={{ diarioId: entry.id }} />
    </Stack>
  </Paper>
);

/** Scheda paziente › Diario: one entry per session, newest first. */
export const DiaryPanel = ({ pazienteId, canWrite }: { pazienteId: string; canWrite: boolean }) => {
  const diary = useDiary(pazienteId);
  const remove = useDeleteDiaryEntry(pazienteId);
  const [prefill, setPrefill] = useState<DiaryPrefill | null>(null);
  const [editing, setEditing] = useState<DiaryEntry | null>(null);
  const [toDelete, setToDelete] = useState<DiaryEntry | null>(null);

  return (
    <TitledPanel title={t.diaryTitle} description={t.diaryIntro}>
      <Group gap="sm" wrap="wrap" align="flex-start">
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPrefill({ pazienteId })}>
            {t.newDiary}
          </Button>
        )}
        <ClinicalExportButton kind="diari-pazienti" pazienteId={pazienteId} label={t.exportDiary} />
      </Group>
      <QueryListState query={diary} errorMessage={t.diaryError} emptyMessage={t.noDiary}>
        {(items) => (
          <Stack gap="sm">
            {items.map((e) => (
              <DiaryEntryCard
                key={e.id}
                entry={e}
                canWrite={canWrite}
                onEdit={() => setEditing(e)}
                onDelete={() => setToDelete(e)}
              />
            ))}
          </Stack>
        )}
      </QueryListState>
      <DiaryEntryDialog
        prefill={prefill}
        entry={editing}
        onClose={() => {
          setPrefill(null);
          setEditing(null);
        }}
      />
      <DeleteConfirmDialog
        opened={toDelete !== null}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (toDelete) await remove.mutateAsync(toDelete.id);
          setToDelete(null);
        }}
      />
    </TitledPanel>
  );
};
