import { ActionIcon, Badge, Box, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  type OutcomeMeasureCode,
  type OutcomeRecord,
  outcomeChange,
  outcomeMeasureCodes,
  outcomeMeasures,
} from '@studiolo/domain/clinical';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { TitledPanel } from '../../../components/titled-panel.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteOutcome, useOutcomes } from '../api/outcomes.ts';
import { clinicalTexts as t } from './clinical-texts.ts';
import { OutcomeFormDialog } from './outcome-form-dialog.tsx';

// the chart library in its own chunk, loaded when a patient has scores to draw
const OutcomeChart = lazy(() => import('./outcome-chart.tsx'));

const changeColor = { MIGLIORATO: 'teal', PEGGIORATO: 'red', INVARIATO: 'gray' } as const;
const scoreText = (r: OutcomeRecord) => `${r.punteggio}${r.unita === '%' ? ' %' : ''}`;

/** One scale's trend: first to last change (by its MCID), the chart, the table of scores. */
const ScaleTrend = ({
  code,
  records,
  canWrite,
  onDelete,
}: {
  code: OutcomeMeasureCode;
  records: OutcomeRecord[];
  canWrite: boolean;
  onDelete: (r: OutcomeRecord) => void;
}) => {
  const first = records[0] as OutcomeRecord;
  const last = records[records.length - 1] as OutcomeRecord;
  const change = records.length > 1 ? outcomeChange(code, first.punteggio, last.punteggio) : null;
  return (
    <Paper withBorder p="md" component="section" aria-label={outcomeMeasures[code].name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {outcomeMeasures[code].name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" tt="none">
              Ultimo: {scoreText(last)} · {last.fascia}
            </Badge>
            {change && (
              <Badge color={changeColor[change]} tt="none">
                {t.change[change]}
              </Badge>
            )}
          </Group>
        </Group>
        {records.length > 1 && (
          <Suspense fallback={<Skeleton h={220} aria-label={t.chartLoading} />}>
            <OutcomeChart records={records} />
          </Suspense>
        )}
        {/* focusable so that a table wider than a phone scrolls with the keyboard too (axe scrollable-region-focusable) */}
        <Box
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="group"
          aria-label={`${t.score}: ${outcomeMeasures[code].name}`}
        >
          <Table fz="sm" striped miw={300}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.date}</Table.Th>
                <Table.Th>{t.score}</Table.Th>
                <Table.Th>{t.band}</Table.Th>
                {canWrite && <Table.Th aria-label="Azioni" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.data)}</Table.Td>
                  <Table.Td>{scoreText(r)}</Table.Td>
                  <Table.Td>{r.fascia}</Table.Td>
                  {canWrite && (
                    <Table.Td ta="right">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t.delete} ${formatDate(r.data)}`}
                        onClick={() => onDelete(r)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
};

/** Scheda paziente › Questionari: the outcome measures filled, scale by scale, charted over time. */
export const OutcomesPanel = ({ pazienteId, canWrite }: { pazienteId: string; canWrite: boolean }) => {
  const outcomes = useOutcomes(pazienteId);
  const remove = useDeleteOutcome(pazienteId);
  const [filling, setFilling] = useState(false);
  const [toDelete, setToDelete] = useState<OutcomeRecord | null>(null);

  return (
    <TitledPanel title={t.outcomesTitle} description={t.outcomesIntro}>
      {canWrite && (
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setFilling(true)}
        >
          {t.newOutcome}
        </Button>
      )}
      <QueryListState query={outcomes} errorMessage={t.outcomesError} emptyMessage={t.noOutcomes}>
        {(items) => (
          <Stack gap="md">
            {outcomeMeasureCodes.map((code) => {
              const records = items.filter((r) => r.codice === code);
              return records.length > 0 ? (
                <ScaleTrend key={code} code={code} records={records} canWrite={canWrite} onDelete={setToDelete} />
              ) : null;
            })}
          </Stack>
        )}
      </QueryListState>
      <Text size="xs" c="dimmed">
        Miglioramento o peggioramento secondo la minima differenza clinicamente importante di ogni scala.
      </Text>
      <OutcomeFormDialog opened={filling} pazienteId={pazienteId} onClose={() => setFilling(false)} />
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
