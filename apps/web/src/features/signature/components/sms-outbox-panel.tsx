import { Alert, Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { onFirstUse } from '@studiolo/domain/shared';
import { useSmsOutbox } from '../api/get-sms-outbox.ts';
import { signatureTexts as t } from './signature-texts.ts';

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' }),
);

/** The studio's SMS: with no provider configured they stay here, labelled as never sent (decision 028). */
export const SmsOutboxPanel = () => {
  const sms = useSmsOutbox();
  if (sms.isPending) return <Loader size="sm" />;
  if (!sms.data || sms.data.length === 0) return <Text c="dimmed">{t.smsOutboxEmpty}</Text>;
  return (
    <Stack>
      {sms.data.some((x) => x.status === 'LOCAL_OUTBOX') && <Alert color="yellow">{t.smsNotSent}</Alert>}
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Destinatario</Table.Th>
              <Table.Th>Testo</Table.Th>
              <Table.Th>Stato</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sms.data.map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>{dateTime().format(new Date(x.createdAt))}</Table.Td>
                <Table.Td>{x.to}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{x.text}</Table.Td>
                <Table.Td>
                  <Badge
                    color={x.status === 'SENT' ? 'green' : x.status === 'FAILED' ? 'red' : 'yellow'}
                    variant="light"
                  >
                    {x.status === 'SENT' ? t.smsSent : x.status === 'FAILED' ? t.smsFailed : t.smsLocal}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};
