import { Accordion, Badge, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import {
  type Evaluation,
  type EvaluationSection,
  evaluationKindLabels,
  evaluationSectionLabels,
  evaluationSections,
  romSideLabels,
} from '@studiolo/domain/clinical';
import { IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { TitledPanel } from '../../../components/titled-panel.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteEvaluation, useDownloadEvaluationPdf, useEvaluations } from '../api/evaluations.ts';
import { ClinicalExportButton } from './clinical-export.tsx';
import { clinicalTexts as t } from './clinical-texts.ts';
import { EvaluationFormDialog } from './evaluation-form-dialog.tsx';
import { PatientBodyCharts } from './patient-body-charts.tsx';
import { RecordActions } from './record-actions.tsx';

const Block = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div>
    <Text size="xs" fw={700} c="dimmed" tt="uppercase">
      {label}
    </Text>
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </div>
);

/** One evaluation as read: every section written (also those the studio now hides), pain and ROM laid out. */
export const EvaluationView = ({ evaluation: e }: { evaluation: Evaluation }) => (
  <Stack gap="sm">
    {evaluationSections.map((s) => {
      if (s === 'dolore')
        return e.doloreNrs !== null || e.doloreSede || e.doloreCaratteristiche ? (
          <Block key={s} label={evaluationSectionLabels.dolore}>
            {[e.doloreNrs !== null ? `NRS ${e.doloreNrs}/10` : null, e.doloreSede, e.doloreCaratteristiche]
              .filter(Boolean)
              .join(' · ')}
          </Block>
        ) : null;
      if (s === 'articolarita') return e.articolarita.length > 0 ? <RomTable key={s} evaluation={e} /> : null;
      return e[s] ? (
        <Block key={s} label={evaluationSectionLabels[s]}>
          {e[s]}
        </Block>
      ) : null;
    })}
  </Stack>
);

const RomTable = ({ evaluation: e }: { evaluation: Evaluation }) => (
  <div>
    <Text size="xs" fw={700} c="dimmed" tt="uppercase">
      {evaluationSectionLabels.articolarita}
    </Text>
    {/* focusable so that a table wider than a phone scrolls with the keyboard too (axe scrollable-region-focusable) */}
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={evaluationSectionLabels.articolarita}>
      <Table striped withTableBorder fz="sm" miw={420}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.romJoint}</Table.Th>
            <Table.Th>{t.romMovement}</Table.Th>
            <Table.Th>{t.romSide}</Table.Th>
            <Table.Th>{t.romActive}</Table.Th>
            <Table.Th>{t.romPassive}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {e.articolarita.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
            <Table.Tr key={i}>
              <Table.Td>{r.distretto}</Table.Td>
              <Table.Td>{r.movimento}</Table.Td>
              <Table.Td>{r.lato ? romSideLabels[r.lato] : '—'}</Table.Td>
              <Table.Td>{r.attivo ?? '—'}</Table.Td>
              <Table.Td>{r.passivo ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  </div>
);

/** Scheda paziente › Valutazioni: the patient's evaluations, newest first, opened one at a time. */
export const EvaluationsPanel = ({
  pazienteId,
  canWrite,
  sections,
}: {
  pazienteId: string;
  canWrite: boolean;
  /** The sections the studio's form shows (settings cartella-paziente). */
  sections: readonly EvaluationSection[];
}) => {
  const evaluations = useEvaluations(pazienteId);
  const remove = useDeleteEvaluation(pazienteId);
  const pdf = useDownloadEvaluationPdf();
  const [editing, setEditing] = useState<{ evaluation: Evaluation | null } | null>(null);
  const [toDelete, setToDelete] = useState<Evaluation | null>(null);
  const hasInitial = (evaluations.data ?? []).some((e) => e.tipo === 'INIZIALE');

  return (
    <TitledPanel title={t.evaluationsTitle} description={t.evaluationsIntro}>
      <Group gap="sm" wrap="wrap">
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ evaluation: null })}>
            {t.newEvaluation}
          </Button>
        )}
        <ClinicalExportButton kind="valutazioni-pazienti" pazienteId={pazienteId} label={t.exportEvaluations} />
      </Group>
      <QueryListState query={evaluations} errorMessage={t.evaluationsError} emptyMessage={t.noEvaluations}>
        {(items) => (
          <Accordion variant="separated" defaultValue={items[0]?.id ?? null}>
            {items.map((e) => (
              <Accordion.Item key={e.id} value={e.id}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {evaluationKindLabels[e.tipo]}
                    </Text>
                    <Text size="sm">{formatDate(e.data)}</Text>
                    {e.doloreNrs !== null && (
                      <Badge variant="light" color={e.doloreNrs >= 7 ? 'red' : e.doloreNrs >= 4 ? 'orange' : 'teal'}>
                        NRS {e.doloreNrs}
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed">
                      {t.author(e.autore.name)}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <EvaluationView evaluation={e} />
                    <PatientBodyCharts pazienteId={pazienteId} canWrite={canWrite} origin={{ valutazioneId: e.id }} />
                    <Group gap="xs">
                      <Button
                        variant="default"
                        size="compact-sm"
                        leftSection={<IconFileTypePdf size={14} aria-hidden />}
                        loading={pdf.isPending && pdf.variables === e.id}
                        onClick={() => pdf.mutate(e.id)}
                      >
                        {t.printEvaluation}
                      </Button>
                      {canWrite && (
                        <RecordActions onEdit={() => setEditing({ evaluation: e })} onDelete={() => setToDelete(e)} />
                      )}
                    </Group>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </QueryListState>
      <EvaluationFormDialog
        opened={editing !== null}
        pazienteId={pazienteId}
        evaluation={editing?.evaluation ?? null}
        defaultKind={hasInitial ? 'CONTROLLO' : 'INIZIALE'}
        sections={sections}
        onClose={() => setEditing(null)}
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
