import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Calendar } from '@studiolo/domain/calendar';
import { IconCheck, IconCopy, IconDeviceMobile, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { requiredField } from '../../../lib/form.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import {
  type CalendarFeed,
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed.ts';
import { useCalendars } from '../api/get-calendars.ts';
import { useCreateCalendar, useUpdateCalendar } from '../api/save-calendar.ts';

export const calendarsTexts = {
  title: 'Calendari',
  description: 'Ogni calendario raccoglie i suoi appuntamenti e si può mostrare o nascondere dai filtri.',
  add: 'Nuovo calendario',
  renameOf: (name: string) => `Modifica ${name}`,
  name: 'Nome',
  descriptionLabel: 'Descrizione',
  save: 'Salva',
  cancel: 'Annulla',
  required: 'Campo obbligatorio',
  subscribe: 'Iscriviti dal telefono',
  subscribeOf: (name: string) => `Iscriviti dal telefono a ${name}`,
  subscribeIntro:
    'Con questo link privato il calendario compare nell’app Calendario del telefono (Google Calendar, Calendario di Apple, Outlook) e si aggiorna da solo.',
  linkActive: (when: string) => `Link attivo dal ${when}.`,
  linkInactive: 'Nessun link attivo.',
  create: 'Crea link',
  recreate: 'Crea un nuovo link',
  recreateHint: 'Il link precedente smetterà di funzionare.',
  revoke: 'Disattiva link',
  revokeTitle: 'Disattivare il link?',
  revokeMessage: 'I telefoni iscritti smetteranno di ricevere gli appuntamenti.',
  showOnce: 'Copialo ora: per sicurezza non verrà più mostrato.',
  copy: 'Copia link',
  copied: 'Copiato',
  qr: 'Codice QR del link di iscrizione',
  secret:
    'Chi ha il link vede gli appuntamenti come scelto in Impostazioni › Calendari pubblicati: trattalo come una password.',
} as const;

/**
 * The studio's calendars: create, rename, and subscribe from a phone with a private iCalendar link (decision 013),
 * which only those who administer the studio may publish (`canPublish`, issue 25 item 3).
 */
export const CalendarsPanel = ({ canEdit, canPublish }: { canEdit: boolean; canPublish: boolean }) => {
  const calendars = useCalendars();
  const create = useCreateCalendar();
  const update = useUpdateCalendar();
  const [editing, setEditing] = useState<{
    calendar: Calendar | null;
    summary: string;
    description: string;
    error: string | null;
  } | null>(null);
  const [feedOf, setFeedOf] = useState<Calendar | null>(null);

  const save = async () => {
    if (!editing) return;
    const summary = editing.summary.trim();
    if (!summary) {
      setEditing({ ...editing, error: calendarsTexts.required });
      return;
    }
    const input = { summary, description: editing.description.trim() || null };
    try {
      if (editing.calendar) await update.mutateAsync({ id: editing.calendar.id, ...input });
      else await create.mutateAsync(input);
      setEditing(null);
    } catch {
      // shown by lib/http.ts
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" gap="xs" mb="sm">
          <div>
            <Title order={2} fz="lg">
              {calendarsTexts.title}
            </Title>
            <Text size="sm" c="dimmed">
              {calendarsTexts.description}
            </Text>
          </div>
          {canEdit && (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setEditing({ calendar: null, summary: '', description: '', error: null })}
            >
              {calendarsTexts.add}
            </Button>
          )}
        </Group>
        <Stack gap="xs" role="list" aria-label={calendarsTexts.title}>
          {(calendars.data?.calendars ?? []).map((c) => (
            <Paper key={c.id} withBorder p="sm" role="listitem">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {c.summary}
                  </Text>
                  {c.description && (
                    <Text size="xs" c="dimmed">
                      {c.description}
                    </Text>
                  )}
                </div>
                {(canEdit || canPublish) && (
                  <Group gap="xs" wrap="nowrap">
                    {canPublish && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconDeviceMobile size={14} aria-hidden />}
                        onClick={() => setFeedOf(c)}
                        aria-label={calendarsTexts.subscribeOf(c.summary)}
                      >
                        {calendarsTexts.subscribe}
                      </Button>
                    )}
                    {canEdit && (
                      <ActionIcon
                        variant="subtle"
                        aria-label={calendarsTexts.renameOf(c.summary)}
                        onClick={() =>
                          setEditing({ calendar: c, summary: c.summary, description: c.description ?? '', error: null })
                        }
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Paper>

      <FormDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.calendar ? calendarsTexts.renameOf(editing.calendar.summary) : calendarsTexts.add}
        onSubmit={() => void save()}
        labels={calendarsTexts}
        saving={create.isPending || update.isPending}
      >
        <TextInput
          label={calendarsTexts.name}
          {...requiredField}
          value={editing?.summary ?? ''}
          error={editing?.error}
          onChange={(e) => editing && setEditing({ ...editing, summary: e.currentTarget.value, error: null })}
          data-autofocus
        />
        <Textarea
          label={calendarsTexts.descriptionLabel}
          autosize
          minRows={2}
          value={editing?.description ?? ''}
          onChange={(e) => editing && setEditing({ ...editing, description: e.currentTarget.value })}
        />
      </FormDialog>
      <FeedDialog calendar={feedOf} onClose={() => setFeedOf(null)} />
    </Stack>
  );
};

/**
 * "Iscriviti dal telefono": the calendar's private iCalendar link. The server stores only its hash, so the URL is
 * shown once, right after it is made, with a copy button and a QR code to scan from the phone.
 */
const FeedDialog = ({ calendar, onClose }: { calendar: Calendar | null; onClose: () => void }) => {
  const isPhone = useIsPhone();
  const status = useCalendarFeed(calendar?.id ?? '', calendar !== null);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [fresh, setFresh] = useState<CalendarFeed | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const close = () => {
    setFresh(null);
    onClose();
  };
  const feed = status.data;
  const url = fresh?.url ?? null;

  return (
    <Modal
      opened={calendar !== null}
      onClose={close}
      title={calendar ? calendarsTexts.subscribeOf(calendar.summary) : calendarsTexts.subscribe}
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Stack gap="sm">
        <Text size="sm">{calendarsTexts.subscribeIntro}</Text>
        {url ? (
          <Stack gap="xs" align="center">
            <Alert color="yellow" w="100%">
              {calendarsTexts.showOnce}
            </Alert>
            <QrCode value={url} size={224} label={calendarsTexts.qr} />
            <Code block w="100%" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="feed-url">
              {url}
            </Code>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="xs"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                >
                  {copied ? calendarsTexts.copied : calendarsTexts.copy}
                </Button>
              )}
            </CopyButton>
            <Text size="xs" c="dimmed">
              {calendarsTexts.secret}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" role="status">
            {feed?.active && feed.createdAt
              ? calendarsTexts.linkActive(formatDateTime(feed.createdAt))
              : calendarsTexts.linkInactive}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {(feed?.active || url) && (
            <Button variant="subtle" color="red" onClick={() => setConfirmRevoke(true)}>
              {calendarsTexts.revoke}
            </Button>
          )}
          <Button
            loading={create.isPending}
            onClick={() => calendar && create.mutate(calendar.id, { onSuccess: (created) => setFresh(created) })}
          >
            {feed?.active || url ? calendarsTexts.recreate : calendarsTexts.create}
          </Button>
        </Group>
        {(feed?.active || url) && (
          <Text size="xs" c="dimmed" ta="right">
            {calendarsTexts.recreateHint}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmRevoke}
        title={calendarsTexts.revokeTitle}
        message={calendarsTexts.revokeMessage}
        confirmLabel={calendarsTexts.revoke}
        confirmColor="red"
        loading={revoke.isPending}
        onCancel={() => setConfirmRevoke(false)}
        onConfirm={() =>
          calendar &&
          revoke.mutate(calendar.id, {
            onSuccess: () => {
              setFresh(null);
              setConfirmRevoke(false);
            },
          })
        }
      />
    </Modal>
  );
};
