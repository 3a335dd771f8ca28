import { Alert, Anchor, Badge, Box, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMailbox } from '@tabler/icons-react';
import { useState } from 'react';
import { EmailAddress } from '../../../components/email-address.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { useConfig } from '../../../lib/config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { OutboxMessageDialog } from './outbox-message-dialog.tsx';

/** Labels of the mail statuses (decided: the spec does not name them). */
const statusLabels: Record<string, { label: string; color: string }> = {
  LOCAL_OUTBOX: { label: 'Solo locale', color: 'gray' },
  SENT: { label: 'Inviato', color: 'green' },
  FAILED: { label: 'Errore', color: 'red' },
  QUEUED: { label: 'In coda', color: 'blue' },
};

/** Exact wording asked for the local outbox. */
export const localOutboxNotice = 'Posta locale: i messaggi non vengono inviati, restano qui';

/** Impostazioni › Posta in uscita: the studio's e-mails, and a clear notice when nothing really leaves. */
export const OutboxPanel = () => {
  const outbox = useOutbox();
  const config = useConfig();
  const [openId, setOpenId] = useState<string | null>(null);
  const local = config.data?.mailTransport === 'local-outbox';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Posta in uscita
          </Title>
          <Text size="sm" c="dimmed">
            Le email inviate dallo studio: inviti, promemoria, documenti.
          </Text>
        </div>
        {local && (
          <Alert color="orange" icon={<IconMailbox size={20} aria-hidden />} title={localOutboxNotice}>
            Questa installazione non ha un server di posta configurato: apri un messaggio per leggerne il testo e i
            link.
          </Alert>
        )}
        <QueryListState
          query={outbox}
          errorMessage="Impossibile caricare la posta in uscita."
          emptyMessage="Nessun messaggio."
        >
          {(items) => (
            <>
              {/* Phones: one card per message. */}
              <Stack
                gap="xs"
                hiddenFrom="sm"
                component="ul"
                aria-label="Messaggi in uscita"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {items.map((m) => {
                  const status = statusLabels[m.status] ?? { label: m.status, color: 'gray' };
                  return (
                    <li key={m.id}>
                      <UnstyledButton
                        onClick={() => setOpenId(m.id)}
                        p="sm"
                        w="100%"
                        style={{
                          border: '1px solid var(--mantine-color-gray-3)',
                          borderRadius: 'var(--mantine-radius-md)',
                        }}
                      >
                        <Text fw={600} size="sm" c="studiolo.9">
                          {m.subject}
                        </Text>
                        <Text size="sm">
                          <EmailAddress email={m.to} />
                        </Text>
                        <Group justify="space-between" mt={4}>
                          <Text size="xs" c="dimmed">
                            {formatDateTime(m.createdAt)}
                          </Text>
                          <Badge color={status.color} variant="light" tt="none" size="sm">
                            {status.label}
                          </Badge>
                        </Group>
                      </UnstyledButton>
                    </li>
                  );
                })}
              </Stack>
              <Box visibleFrom="sm">
                <Table.ScrollContainer minWidth={560}>
                  <Table highlightOnHover verticalSpacing="sm" aria-label="Messaggi in uscita">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Data</Table.Th>
                        <Table.Th>Destinatario</Table.Th>
                        <Table.Th>Oggetto</Table.Th>
                        <Table.Th>Stato</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((m) => {
                        const status = statusLabels[m.status] ?? { label: m.status, color: 'gray' };
                        return (
                          <Table.Tr key={m.id}>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Table.Td>
                            <Table.Td>
                              <EmailAddress email={m.to} />
                            </Table.Td>
                            <Table.Td>
                              <Anchor
                                component="button"
                                type="button"
                                onClick={() => setOpenId(m.id)}
                                ta="left"
                                size="sm"
                              >
                                {m.subject}
                              </Anchor>
                            </Table.Td>
                            {/* The status is never cut: its column is as wide as its badge, the others give way. */}
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>
                              <Badge color={status.color} variant="light" tt="none" miw="max-content">
                                {status.label}
                              </Badge>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Box>
            </>
          )}
        </QueryListState>
      </Stack>
      <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </Paper>
  );
};
