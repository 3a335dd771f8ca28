import { ActionIcon, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type BodyChart, bodyChartImages } from '@studiolo/domain/clinical';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { widgetMessages } from '../../../components/widget.messages.ts';
import { useBodyCharts, useDeleteBodyChart } from '../api/body-charts.ts';
import { BodyChartSurface } from './body-chart-drawing.tsx';
import { BodyChartEditor } from './body-chart-editor.tsx';

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
} as const;

const dateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const shownDate = (iso: string) => dateTime.format(new Date(iso)).replace(/\//g, '-').replace(',', '');

/** The patient's body charts as drawn (issue 16 item 4): a card each, opened in the drawing tool to change it. */
export const PatientBodyCharts = ({ pazienteId, canWrite }: { pazienteId: string; canWrite: boolean }) => {
  const list = useBodyCharts(pazienteId);
  const remove = useDeleteBodyChart();
  const isPhone = useMediaQuery('(max-width: 767px)');
  const [editing, setEditing] = useState<{ chart: BodyChart | null } | null>(null);
  const [deleting, setDeleting] = useState<BodyChart | null>(null);

  return (
    <Stack gap="md">
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ chart: null })}>
            {bodyChartsTexts.add}
          </Button>
        </Group>
      )}
      <QueryListState query={list} errorMessage={bodyChartsTexts.error} emptyMessage={bodyChartsTexts.empty}>
        {(charts) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {charts.map((c) => {
              const title = c.title ?? bodyChartsTexts.untitled;
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
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={500} size="sm" truncate>
                        {title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {bodyChartsTexts.updated(shownDate(c.updatedAt))}
                      </Text>
                    </Stack>
                    {canWrite && (
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={bodyChartsTexts.edit}>
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            aria-label={`${bodyChartsTexts.edit}: ${title}`}
                            onClick={() => setEditing({ chart: c })}
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
                            onClick={() => setDeleting(c)}
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
        )}
      </QueryListState>
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
