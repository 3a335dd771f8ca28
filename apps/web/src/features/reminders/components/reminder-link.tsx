import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PublicStudio } from '@studiolo/domain/booking';
import type { ReminderAppointment } from '@studiolo/domain/reminders';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { isHttpError } from '../../../lib/http.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import { useReminderAction, useReminderAppointment } from '../api/reminder-link.ts';

export const reminderLinkTexts = {
  title: 'Il tuo appuntamento',
  missingToken: 'Apri il link completo ricevuto nel promemoria.',
  confirm: 'Conferma',
  cancel: 'Annulla',
  confirmedNow: 'Grazie, hai confermato l’appuntamento. Lo studio ti aspetta.',
  confirmedAt: (when: string) => `Hai confermato l’appuntamento il ${when}.`,
  confirmedPreviousStart: (when: string) =>
    `Avevi confermato l’appuntamento del ${when}, poi lo studio ha cambiato l’orario: conferma il nuovo orario.`,
  cancelledNow: 'Appuntamento annullato. Lo studio è stato avvisato.',
  cancelled: 'Questo appuntamento è stato annullato.',
  cancelUntil: (when: string, hours: number) =>
    `Puoi annullare online fino al ${when} (${hours} ore prima dell’appuntamento).`,
  tooLateToCancel: (hours: number) =>
    `Non è più possibile annullarlo online: il limite è di ${hours} ore prima dell’appuntamento. Contatta lo studio.`,
  askTitle: 'Annullare l’appuntamento?',
  askMessage: (when: string) => `L’appuntamento del ${when} sarà annullato e lo studio riceverà un avviso.`,
  askYes: 'Sì, annulla',
  askNo: 'No, mantienilo',
} as const;
const t = reminderLinkTexts;

export type ReminderLinkProps = {
  token: string | null;
  /** The appointment's facts as the booking's page shows them (composed in app/routes). */
  renderSummary: (appointment: ReminderAppointment) => ReactNode;
  /** The studio's phone and e-mail as links (the booking's block). */
  renderContacts: (studio: PublicStudio) => ReactNode;
};

/**
 * /appuntamento?t=: the appointment a reminder's link names (decision 036), phone first. "Conferma" and "Annulla"
 * (asked again) while the link allows them; the server's own words when it is forged, expired or already used.
 */
export const ReminderLink = ({ token, renderSummary, renderContacts }: ReminderLinkProps) => {
  const appointment = useReminderAppointment(token);
  const act = useReminderAction(token);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<'conferma' | 'annulla' | null>(null);
  const mounted = useMounted();

  const run = (action: 'conferma' | 'annulla') =>
    act.mutate(action, {
      onSuccess: () => {
        setAsking(false);
        setDone(action);
      },
      onError: () => {
        setAsking(false);
        void appointment.refetch();
      },
    });

  let body: ReactNode;
  if (!token) body = <Text>{t.missingToken}</Text>;
  else if (appointment.isPending) body = <Skeleton height={160} aria-busy="true" />;
  else if (appointment.isError)
    body = (
      <Alert color="red" role="alert">
        {appointment.error.message}
      </Alert>
    );
  else {
    const a = appointment.data;
    const actionError = act.isError && isHttpError(act.error) ? act.error.message : null;
    body = (
      <Stack gap="md">
        {done === 'conferma' && (
          <Alert color="green" role="status">
            {t.confirmedNow}
          </Alert>
        )}
        {done === 'annulla' && (
          <Alert color="green" role="status">
            {t.cancelledNow}
          </Alert>
        )}
        {actionError && (
          <Alert color="red" role="alert">
            {actionError}
          </Alert>
        )}
        {renderSummary(a)}
        {a.cancelled && done !== 'annulla' && <Text>{t.cancelled}</Text>}
        {a.confirmedAt && !a.cancelled && done !== 'conferma' && (
          <Text>{t.confirmedAt(formatDateTime(a.confirmedAt))}</Text>
        )}
        {a.confirmedPreviousStart && !a.cancelled && done !== 'conferma' && (
          <Alert color="yellow" variant="light">
            {t.confirmedPreviousStart(formatDateTime(a.confirmedPreviousStart))}
          </Alert>
        )}
        {a.cancellable && a.cancelLimitHours > 0 && (
          <Text size="sm">{t.cancelUntil(formatDateTime(a.cancelUntil), a.cancelLimitHours)}</Text>
        )}
        {!a.cancelled && !a.cancellable && a.cancelLimitHours > 0 && (
          <Alert color="yellow" variant="light">
            {t.tooLateToCancel(a.cancelLimitHours)}
          </Alert>
        )}
        {(a.confirmable || a.cancellable) && (
          <Group grow gap="sm">
            {a.confirmable && (
              <Button
                size="md"
                color="teal"
                loading={act.isPending && act.variables === 'conferma'}
                disabled={!mounted}
                onClick={() => run('conferma')}
              >
                {t.confirm}
              </Button>
            )}
            {a.cancellable && (
              <Button
                size="md"
                color="red"
                variant="light"
                disabled={!mounted || act.isPending}
                onClick={() => setAsking(true)}
              >
                {t.cancel}
              </Button>
            )}
          </Group>
        )}
        {(a.cancelled || !a.cancellable) && renderContacts(a.studio)}
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t.title}
        </Title>
        {body}
      </Stack>
      {appointment.data && (
        <ConfirmDialog
          opened={asking}
          title={t.askTitle}
          message={t.askMessage(formatDateTime(appointment.data.start))}
          confirmLabel={t.askYes}
          cancelLabel={t.askNo}
          confirmColor="red"
          loading={act.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => run('annulla')}
        />
      )}
    </Paper>
  );
};
