import { Badge, Button, Drawer, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { bookingTexts, type StudioBookingRow } from '@studiolo/domain/booking';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCancelStudioBooking, useConfirmStudioBooking, useStudioBookings } from '../api/studio-bookings.ts';
import { formatWhen } from '../booking-dates.ts';

export const pendingBookingsTexts = {
  title: bookingTexts.pendingListTitle,
  button: (n: number) => `Da confermare: ${n}`,
  // the visible words first (WCAG 2.5.3: "Da confermare: 2" on the desktop, "2" on a phone)
  buttonLabel: (n: number) =>
    n === 1 ? 'Da confermare: 1 prenotazione online' : `Da confermare: ${n} prenotazioni online`,
  none: 'Nessuna prenotazione da confermare.',
  newPatient: 'Nuovo paziente',
  toVerify: 'Da verificare',
  codeOfAnother: (code: string, holder: string | null) =>
    `Il codice fiscale indicato (${code}) è già nella scheda di ${holder ?? 'un altro paziente'}, con un altro nome o altri contatti: verifica l’identità prima di confermare. Non è stato aggiunto ad alcuna scheda.`,
  codeNotTheName: (code: string) =>
    `Il codice fiscale indicato (${code}) non corrisponde al nome: verificalo con la tessera sanitaria prima di aggiungerlo alla scheda.`,
  with: (staff: string) => `con ${staff}`,
  note: 'Nota del paziente',
  confirm: 'Conferma',
  cancel: 'Annulla',
  confirmOf: (who: string) => `Conferma la prenotazione di ${who}`,
  cancelOf: (who: string) => `Annulla la prenotazione di ${who}`,
  cancelTitle: 'Annullare la prenotazione?',
  cancelMessage: (who: string, when: string) =>
    `La prenotazione di ${who} per ${when} sarà annullata e l’orario tornerà libero. Il paziente riceverà un’email.`,
  reason: 'Motivo (facoltativo, inviato al paziente)',
  cancelConfirm: 'Annulla la prenotazione',
  keep: 'Indietro',
  close: 'Chiudi',
} as const;
const x = pendingBookingsTexts;

const BookingRow = ({ row, onCancel }: { row: StudioBookingRow; onCancel: () => void }) => {
  const confirm = useConfirmStudioBooking();
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={600}>{row.pazienteName}</Text>
          <Group gap={6}>
            {row.identityCheck && (
              <Badge variant="light" color="orange" style={{ textTransform: 'none' }}>
                {x.toVerify}
              </Badge>
            )}
            {row.newPatient && (
              <Badge variant="light" color="grape" style={{ textTransform: 'none' }}>
                {x.newPatient}
              </Badge>
            )}
          </Group>
        </Group>
        {row.identityCheck && (
          <Text size="sm" c="orange.9">
            {row.identityCheck.reason === 'CODICE_FISCALE_IN_ALTRA_SCHEDA'
              ? x.codeOfAnother(row.identityCheck.codiceFiscale, row.identityCheck.holderName)
              : x.codeNotTheName(row.identityCheck.codiceFiscale)}
          </Text>
        )}
        <Text size="sm">{formatWhen(row.start)}</Text>
        <Text size="sm" c="dimmed">
          {row.serviceName} {x.with(row.staffName)}
        </Text>
        {row.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            <Text span size="sm" c="dimmed">
              {x.note}:{' '}
            </Text>
            {row.note}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button
            size="compact-md"
            onClick={() => confirm.mutate(row.id)}
            loading={confirm.isPending}
            aria-label={x.confirmOf(row.pazienteName)}
          >
            {x.confirm}
          </Button>
          <Button
            size="compact-md"
            variant="light"
            color="red"
            onClick={onCancel}
            aria-label={x.cancelOf(row.pazienteName)}
          >
            {x.cancel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

/**
 * The calendar's "Prenotazioni da confermare" (decision 035): a button with the count (none shown when nothing
 * waits) opening the list, each booking with Conferma and Annulla (an optional reason sent to the patient).
 */
export const PendingBookings = () => {
  const isPhone = useIsPhone();
  const pending = useStudioBookings('STUDIO_PENDING_CONFIRMATION');
  const cancel = useCancelStudioBooking();
  const [opened, setOpened] = useState(false);
  const [cancelling, setCancelling] = useState<StudioBookingRow | null>(null);
  const [reason, setReason] = useState('');
  const rows = pending.data ?? [];
  if (rows.length === 0 && !opened) return null;

  return (
    <>
      <Button
        variant="light"
        color="orange"
        size={isPhone ? 'xs' : 'sm'}
        leftSection={<IconCalendarQuestion size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={x.buttonLabel(rows.length)}
      >
        {isPhone ? rows.length : x.button(rows.length)}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title={x.title}
        position={isPhone ? 'bottom' : 'right'}
        size={isPhone ? '85%' : 'md'}
        closeButtonProps={{ 'aria-label': x.close }}
      >
        {rows.length === 0 ? (
          <Text>{x.none}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} aria-label={x.title}>
            {rows.map((row) => (
              <BookingRow
                key={row.id}
                row={row}
                onCancel={() => {
                  setReason('');
                  setCancelling(row);
                }}
              />
            ))}
          </Stack>
        )}
      </Drawer>
      <Modal
        opened={cancelling !== null}
        onClose={() => !cancel.isPending && setCancelling(null)}
        title={x.cancelTitle}
        closeButtonProps={{ 'aria-label': x.close }}
        zIndex={400}
        centered
      >
        {cancelling && (
          <Stack gap="sm">
            <Text size="sm">{x.cancelMessage(cancelling.pazienteName, formatWhen(cancelling.start))}</Text>
            <Textarea
              label={x.reason}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setCancelling(null)} disabled={cancel.isPending}>
                {x.keep}
              </Button>
              <Button
                color="red"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(
                    { id: cancelling.id, reason: reason.trim() || null },
                    { onSuccess: () => setCancelling(null) },
                  )
                }
              >
                {x.cancelConfirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
};
