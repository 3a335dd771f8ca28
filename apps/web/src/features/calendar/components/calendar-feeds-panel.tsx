import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  type CalendarFeedContent,
  type CalendarFeedRow,
  calendarFeedContentLabels,
  calendarFeedContents,
} from '@studiolo/domain/calendar';
import { IconDeviceMobileOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCalendarFeeds, useRevokeCalendarFeed, useSetCalendarFeedContent } from '../api/calendar-feed.ts';

export const calendarFeedsTexts = {
  title: 'Calendari pubblicati',
  intro:
    'I calendari pubblicati con un link privato, per vederli nell’app Calendario del telefono. Un link smette di funzionare quando chi l’ha creato lascia lo studio o non ne è più amministratore.',
  contentTitle: 'Cosa mostrano gli appuntamenti',
  contentHint:
    'Vale per tutti i link dello studio. Note, titolo dell’appuntamento e dati clinici non sono mai mostrati.',
  feedsTitle: 'Link attivi',
  none: 'Nessun calendario pubblicato. Un link si crea da Calendario › Impostazioni calendario › Calendari › Iscriviti dal telefono.',
  createdBy: (who: string, when: string) => `Creato da ${who} il ${when}`,
  revoke: 'Revoca',
  revokeOf: (calendar: string) => `Revoca il link di ${calendar}`,
  revokeTitle: (calendar: string) => `Revocare il link di «${calendar}»?`,
  revokeMessage: 'I telefoni iscritti smetteranno di ricevere gli appuntamenti. Il link non potrà essere riattivato.',
} as const;

const authorOf = (row: CalendarFeedRow) => `${row.author.name} ${row.author.lastname} (${row.author.email})`;

/**
 * Impostazioni › Calendari pubblicati (issue 25 item 3): what the studio's feeds show, chosen from a closed set
 * (the safest by default), and every live feed with its author and a button to revoke it.
 */
export const CalendarFeedsPanel = () => {
  const feeds = useCalendarFeeds();
  const setContent = useSetCalendarFeedContent();
  const revoke = useRevokeCalendarFeed();
  const [revoking, setRevoking] = useState<CalendarFeedRow | null>(null);

  if (!feeds.data) return <Skeleton height={240} />;
  const { content, feeds: rows } = feeds.data;

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {calendarFeedsTexts.title}
          </Title>
          <Text size="sm" c="dimmed">
            {calendarFeedsTexts.intro}
          </Text>
          <Radio.Group
            label={calendarFeedsTexts.contentTitle}
            description={calendarFeedsTexts.contentHint}
            value={setContent.isPending && setContent.variables ? setContent.variables : content}
            onChange={(value) => setContent.mutate(value as CalendarFeedContent)}
          >
            <Stack gap="xs" mt="xs">
              {calendarFeedContents.map((option) => (
                <Radio key={option} value={option} label={calendarFeedContentLabels[option]} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={3} fz="md">
            {calendarFeedsTexts.feedsTitle}
          </Title>
          {rows.length === 0 ? (
            <Alert variant="light" color="gray" icon={<IconDeviceMobileOff size={18} aria-hidden />}>
              {calendarFeedsTexts.none}
            </Alert>
          ) : (
            <Stack gap="xs" role="list" aria-label={calendarFeedsTexts.feedsTitle}>
              {rows.map((row) => (
                <Paper key={row.calendarId} withBorder p="sm" role="listitem">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {row.calendarSummary}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {calendarFeedsTexts.createdBy(authorOf(row), formatDateTime(row.createdAt))}
                      </Text>
                    </div>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => setRevoking(row)}
                      aria-label={calendarFeedsTexts.revokeOf(row.calendarSummary)}
                    >
                      {calendarFeedsTexts.revoke}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>

      <ConfirmDialog
        opened={revoking !== null}
        title={revoking ? calendarFeedsTexts.revokeTitle(revoking.calendarSummary) : ''}
        message={calendarFeedsTexts.revokeMessage}
        confirmLabel={calendarFeedsTexts.revoke}
        confirmColor="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.calendarId, { onSuccess: () => setRevoking(null) })}
      />
    </Stack>
  );
};
