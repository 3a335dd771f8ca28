import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { type GoogleOAuthOutcome, googleOAuthOutcomes, calendarMessages as m } from '@studiolo/domain/calendar';
import { IconBrandGoogle, IconPlugConnected, IconRefresh, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCalendars } from '../api/get-calendars.ts';
import {
  useConnectGoogleCalendar,
  useDisconnectGoogleCalendar,
  useGoogleCalendarStatus,
  useSetCalendarGoogleTarget,
  useSyncGoogleCalendar,
} from '../api/google-calendar.ts';

export const googleCalendarTexts = {
  title: 'Google Calendar',
  notConfiguredTitle: 'Google Calendar non configurato',
  notConfigured:
    'Il collegamento con Google Calendar non è stato attivato su questo server, quindi nessun appuntamento viene sincronizzato. Chi gestisce Studiolo può attivarlo; intanto ogni calendario si può seguire dal telefono con il link di iscrizione (scheda Calendari).',
  intro:
    'Collega un account Google: gli eventi dei suoi calendari compaiono nel calendario in sola lettura, e gli appuntamenti dei calendari dello studio che scegli vengono copiati su Google.',
  connect: 'Collega account Google',
  linkedAs: 'Account collegato',
  lastSync: 'Ultima sincronizzazione',
  neverSynced: 'non ancora eseguita',
  autoSync: (minutes: number) =>
    minutes === 1 ? 'Sincronizzazione automatica ogni minuto' : `Sincronizzazione automatica ogni ${minutes} minuti`,
  syncNow: 'Sincronizza ora',
  disconnect: 'Scollega account',
  disconnectTitle: 'Scollegare Google Calendar?',
  disconnectMessage:
    'Gli eventi di Google non verranno più mostrati e gli appuntamenti non verranno più copiati. Le copie già presenti su Google restano lì.',
  targetsTitle: 'Copia gli appuntamenti su Google',
  targetsHint: 'Per ogni calendario dello studio, il calendario Google che riceve i suoi appuntamenti.',
  targetOf: (name: string) => `Calendario Google per ${name}`,
  noTarget: 'Non copiare',
  notInPlan:
    'Google Calendar è incluso nei piani PRO e UNLIMITED: con il piano attuale puoi sincronizzare o scollegare l’account già collegato, non cambiare i calendari copiati.',
  outcomes: {
    collegato: m.googleLinked,
    negato: m.googleLinkDenied,
    errore: m.googleLinkFailed,
  } satisfies Record<GoogleOAuthOutcome, string>,
} as const;

const outcomeColor: Record<GoogleOAuthOutcome, string> = { collegato: 'green', negato: 'yellow', errore: 'red' };

const openConsentPage = (url: string) => window.location.assign(url);

/**
 * The Google Calendar link of the studio (decision 014): says plainly when the server has no Google credentials;
 * otherwise connect, the linked account, sync now, which studio calendars are copied to Google, disconnect.
 */
export const GoogleCalendarPanel = ({
  canEdit,
  planIncluded = true,
  onConsentUrl = openConsentPage,
}: {
  canEdit: boolean;
  /** false: the studio's plan no longer includes Google Calendar (decision 037): the link kept can be synced or unlinked. */
  planIncluded?: boolean;
  /** Where the browser goes for Google's consent (tests replace it). */
  onConsentUrl?: (url: string) => void;
}) => {
  const status = useGoogleCalendarStatus();
  const calendars = useCalendars();
  const connect = useConnectGoogleCalendar();
  const disconnect = useDisconnectGoogleCalendar();
  const sync = useSyncGoogleCalendar();
  const setTarget = useSetCalendarGoogleTarget();
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get('google');
  const outcome = (googleOAuthOutcomes as readonly string[]).includes(returned ?? '')
    ? (returned as GoogleOAuthOutcome)
    : null;
  const data = status.data;

  const dismissOutcome = () =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('google');
      return next;
    });

  const startLink = async () => {
    try {
      const answer = await connect.mutateAsync();
      if (answer.url) onConsentUrl(answer.url);
    } catch {
      // shown by lib/http.ts
    }
  };

  const writable = (data?.calendars ?? []).filter((c) => c.writable);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={googleCalendarTexts.title}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrandGoogle size={20} aria-hidden />
          <Title order={2} fz="lg">
            {googleCalendarTexts.title}
          </Title>
        </Group>

        {outcome && (
          <Alert
            color={outcomeColor[outcome]}
            role="status"
            withCloseButton
            onClose={dismissOutcome}
            closeButtonLabel="Chiudi"
          >
            {googleCalendarTexts.outcomes[outcome]}
          </Alert>
        )}

        {data && !data.configured && (
          <Alert color="yellow" title={googleCalendarTexts.notConfiguredTitle} role="status">
            {googleCalendarTexts.notConfigured}
          </Alert>
        )}

        {data?.configured && !data.linked && (
          <>
            <Text size="sm" c="dimmed">
              {googleCalendarTexts.intro}
            </Text>
            {canEdit && (
              <Button
                style={{ alignSelf: 'flex-start' }}
                leftSection={<IconPlugConnected size={16} aria-hidden />}
                loading={connect.isPending}
                onClick={startLink}
              >
                {googleCalendarTexts.connect}
              </Button>
            )}
          </>
        )}

        {data?.configured && data.linked && (
          <>
            {!planIncluded && (
              <Alert color="yellow" role="status">
                {googleCalendarTexts.notInPlan}
              </Alert>
            )}
            <Stack gap={2}>
              <Text size="sm">
                {googleCalendarTexts.linkedAs}: <strong>{data.accountEmail}</strong>
              </Text>
              <Text size="sm" c="dimmed">
                {googleCalendarTexts.lastSync}:{' '}
                {data.lastSyncAt ? formatDateTime(data.lastSyncAt) : googleCalendarTexts.neverSynced}
              </Text>
              {data.autoSyncMinutes > 0 && (
                <Text size="sm" c="dimmed">
                  {googleCalendarTexts.autoSync(data.autoSyncMinutes)}
                </Text>
              )}
            </Stack>
            {data.lastSyncError && (
              <Alert color="red" role="alert">
                {data.lastSyncError}
              </Alert>
            )}
            {canEdit && (
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  loading={sync.isPending}
                  onClick={() => sync.mutate()}
                >
                  {googleCalendarTexts.syncNow}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconUnlink size={16} aria-hidden />}
                  onClick={() => setConfirmDisconnect(true)}
                >
                  {googleCalendarTexts.disconnect}
                </Button>
              </Group>
            )}
            <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} size="sm">
                {googleCalendarTexts.targetsTitle}
              </Text>
              <Text size="xs" c="dimmed">
                {googleCalendarTexts.targetsHint}
              </Text>
              {(calendars.data?.calendars ?? []).map((c) => (
                <NativeSelect
                  key={c.id}
                  label={googleCalendarTexts.targetOf(c.summary)}
                  disabled={!canEdit || !planIncluded || setTarget.isPending}
                  value={c.googleCalendarId ?? ''}
                  data={[
                    { value: '', label: googleCalendarTexts.noTarget },
                    ...writable.map((g) => ({ value: g.googleCalendarId, label: g.summary })),
                  ]}
                  onChange={(e) =>
                    setTarget.mutate({ calendarId: c.id, googleCalendarId: e.currentTarget.value || null })
                  }
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmDisconnect}
        title={googleCalendarTexts.disconnectTitle}
        message={googleCalendarTexts.disconnectMessage}
        confirmLabel={googleCalendarTexts.disconnect}
        confirmColor="red"
        loading={disconnect.isPending}
        onCancel={() => setConfirmDisconnect(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirmDisconnect(false) })}
      />
    </Paper>
  );
};
