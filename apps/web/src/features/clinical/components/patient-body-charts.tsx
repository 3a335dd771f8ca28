import { ActionIcon, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type BodyChart, bodyChartImages } from '@studiolo/domain/clinical';
import { IconBrush, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { widgetMessages } from '../../../components/widget.messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useBodyCharts, useDeleteBodyChart } from '../api/body-charts.ts';
import { BodyChartSurface } from './body-chart-drawing.tsx';
import { BodyChartEditor, type BodyChartOrigin } from './body-chart-editor.tsx';

export const bodyChartsTexts = {
  add: 'Nuovo body chart',
  empty: 'Nessun body chart per questo paziente.',
  error: 'Impossibile caricare i body chart.',
  edit: 'Modifica',
  remove: 'Elimina',
  newTitle: 'Nuovo body chart',
  editTitle: 'Body chart',
  untitled: 'Senza titolo',
  updated: (d: string) => `Aggiornato il ${d}`,
  drawHere: 'Disegna body chart',
  fromEvaluation: 'Da una valutazione',
  fromDiary: 'Da una seduta del diario',
} as const;

const drawnFrom = (c: BodyChart, origin: BodyChartOrigin) =>
  'valutazioneId' in origin ? c.valutazioneId === origin.valutazioneId : c.diarioId === origin.diarioId;

/**
 * The patient's body charts as drawn (issue 16 item 4): a card each, opened in the drawing tool to change it. Given
 * an origin, inside an evaluation or a diary entry: only the charts drawn from it, and a button to draw one more there
 * (kept with the patient too, so the Body chart tab shows them all).
 */
export const PatientBodyCharts = ({
  pazienteId,
  canWrite,
  origin,
}: {
  pazienteId: string;
  canWrite: boolean;
  origin?: BodyChartOrigin;
}) => {
  const all = useBodyCharts(pazienteId);
  const linked = origin ? (all.data ?? []).filter((c) => drawnFrom(c, origin)) : [];
  const remove = useDeleteBodyChart();
  const isPhone = useMediaQuery('(max-width: 767px)');
  const [editing, setEditing] = useState<{ chart: BodyChart | null } | null>(null);
  const [deleting, setDeleting] = useState<BodyChart | null>(null);

  return (
    <Stack gap="md">
      {canWrite && !origin && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ chart: null })}>
            {bodyChartsTexts.add}
          </Button>
        </Group>
      )}
      {origin ? (
        linked.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {bodyChartsTexts.editTitle}
            </Text>
            <ChartCards
              charts={linked}
              canWrite={canWrite}
              onEdit={(c) => setEditing({ chart: c })}
              onDelete={setDeleting}
            />
          </Stack>
        )
      ) : (
        <QueryListState query={all} errorMessage={bodyChartsTexts.error} emptyMessage={bodyChartsTexts.empty}>
          {(charts) => (
            <ChartCards
              charts={charts}
              canWrite={canWrite}
              showOrigin
              onEdit={(c) => setEditing({ chart: c })}
              onDelete={setDeleting}
            />
          )}
        </QueryListState>
      )}
      {canWrite && origin && (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconBrush size={14} aria-hidden />}
            onClick={() => setEditing({ chart: null })}
          >
            {bodyChartsTexts.drawHere}
          </Button>
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.chart ? bodyChartsTexts.editTitle : bodyChartsTexts.newTitle}
        size={1080}
        fullScreen={Boolean(isPhone)}
        closeButtonProps={{ 'aria-label': widgetMessages.close }}
      >
        {editing && (
          <BodyChartEditor
            key={editing.chart?.id ?? 'new'}
            pazienteId={pazienteId}
            chart={editing.chart}
            origin={origin}
            onSaved={() => setEditing(null)}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
      <DeleteConfirmDialog
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate({ id: deleting.id, pazienteId }, { onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
};

const ChartCards = ({
  charts,
  canWrite,
  showOrigin = false,
  onEdit,
  onDelete,
}: {
  charts: BodyChart[];
  canWrite: boolean;
  /** On the Body chart tab: say which drawings come from an evaluation or a diary entry. */
  showOrigin?: boolean;
  onEdit: (chart: BodyChart) => void;
  onDelete: (chart: BodyChart) => void;
}) =>
  charts.length === 0 ? null : (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {charts.map((c) => {
        const title = c.title ?? bodyChartsTexts.untitled;
        const from = c.valutazioneId ? bodyChartsTexts.fromEvaluation : c.diarioId ? bodyChartsTexts.fromDiary : null;
        return (
          <Card key={c.id} withBorder padding="sm" data-testid="body-chart-card">
            <Card.Section withBorder>
              <BodyChartSurface
                imageId={c.imageId}
                strokes={c.strokes}
                label={`${title}: ${bodyChartImages.find((i) => i.id === c.imageId)?.title ?? ''}`}
              />
            </Card.Section>
            <Group justify="space-between" wrap="nowrap" mt="xs" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={500} size="sm" truncate>
                  {title}
                </Text>
                <Text size="xs" c="dimmed">
                  {bodyChartsTexts.updated(formatDateTime(c.updatedAt))}
                </Text>
                {showOrigin && from && (
                  <Badge variant="light" size="sm" tt="none" w="fit-content">
                    {from}
                  </Badge>
                )}
              </Stack>
              {canWrite && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={bodyChartsTexts.edit}>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={`${bodyChartsTexts.edit}: ${title}`}
                      onClick={() => onEdit(c)}
                    >
                      <IconPencil size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={bodyChartsTexts.remove}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`${bodyChartsTexts.remove}: ${title}`}
                      onClick={() => onDelete(c)}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
