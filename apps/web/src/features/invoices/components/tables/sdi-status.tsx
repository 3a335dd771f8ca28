import { Badge, Button, Group, Modal, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { einvoicingMessages as em, sdiNotificationLabels } from '@studiolo/domain/einvoicing';
import { invoiceMessages as m } from '@studiolo/domain/invoices';
import { onFirstUse } from '@studiolo/domain/shared';
import { useState } from 'react';
import { type SdiErrore, SdiErrors } from '../../../../components/sdi-errors.tsx';
import { invoiceTablesTexts as t } from './invoice-tables.texts.ts';

type Notification = {
  uuid: string;
  invoice_uuid: string;
  created_at: string;
  type: string;
  message: unknown;
};
type Message = {
  descrizione?: string;
  lista_errori?: { errore?: SdiErrore[] };
  esito_committente?: { esito?: string; descrizione?: string };
};

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' }),
);
const formatDateTime = (iso: string) => dateTime().format(new Date(iso));

/** Badge colours: refusals red, deliveries and acceptances green, the rest neutral. */
const colorOf = (n: Notification) => {
  const esito = (n.message as Message | null)?.esito_committente?.esito;
  if (n.type === 'NS' || n.type === 'SE' || esito === 'EC02') return 'red';
  if (n.type === 'RC' || (n.type === 'NE' && esito === 'EC01') || n.type === 'DT') return 'teal';
  if (n.type === 'MC' || n.type === 'AT') return 'orange';
  return 'gray';
};

/** spec part 2 §2: 'Informazioni aggiuntive' of a notification. */
export const SdiNotificationDialog = ({
  notification,
  onClose,
}: {
  notification: Notification | null;
  onClose: () => void;
}) => {
  const msg = (notification?.message ?? {}) as Message;
  const errori = msg.lista_errori?.errore ?? [];
  const esito = msg.esito_committente;
  return (
    <Modal opened={notification !== null} onClose={onClose} title={em.informazioniAggiuntive} size="lg">
      {notification && (
        <Stack gap="md">
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t.sdiInfo.uuid}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{notification.uuid}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t.sdiInfo.invoiceUuid}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{notification.invoice_uuid}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t.sdiInfo.createdAt}</Table.Th>
                <Table.Td>{formatDateTime(notification.created_at)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t.sdiInfo.esito}</Table.Th>
                <Table.Td>
                  {notification.type} - {sdiNotificationLabels[notification.type] ?? notification.type}
                  {msg.descrizione && (
                    <Text size="sm" c="gray.7">
                      {msg.descrizione}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {errori.length > 0 && <SdiErrors errori={errori} />}
          {esito?.esito && (
            <Text size="sm">
              <Text span fw={600}>
                {t.sdiInfo.fattura(esito.esito === 'EC01' ? 'ACCETTATA' : 'RIFIUTATA')}
              </Text>{' '}
              {esito.esito} - {esito.descrizione}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t.sdiInfo.close}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};

/** spec part 2 §4 SDI column: not electronic, to send, processing, or the notifications' badges (each opens its details). */
export const SdiStatus = ({
  row,
}: {
  row: { isElettronica: boolean; isInviataToSDI: boolean; sdiNotifications: readonly Notification[] };
}) => {
  const [open, setOpen] = useState<Notification | null>(null);
  if (!row.isElettronica) return <Text size="sm">{m.notElectronic}</Text>;
  if (!row.isInviataToSDI)
    return (
      <Badge variant="light" color="orange">
        {m.toSend}
      </Badge>
    );
  if (!row.sdiNotifications.length)
    return (
      <Badge variant="light" color="blue">
        {m.processing}
      </Badge>
    );
  return (
    <>
      <Group gap={4}>
        {row.sdiNotifications.map((n) => {
          const label = t.sdiNotification(sdiNotificationLabels[n.type] ?? n.type, formatDateTime(n.created_at));
          return (
            // spec part 2 §2: the code's meaning and date on hover, and on keyboard focus and touch too (issue 26 item 7)
            <Tooltip key={n.uuid} label={label} events={{ hover: true, focus: true, touch: true }} withArrow>
              <UnstyledButton onClick={() => setOpen(n)} aria-label={`${n.type}: ${label}`}>
                <Badge variant="light" color={colorOf(n)} style={{ cursor: 'pointer' }}>
                  {n.type}
                </Badge>
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </Group>
      <SdiNotificationDialog notification={open} onClose={() => setOpen(null)} />
    </>
  );
};
