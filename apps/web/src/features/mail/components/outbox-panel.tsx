import { Alert, Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconMailbox } from '@tabler/icons-react';
import { useState } from 'react';
import { EmailAddress } from '../../../components/email-address.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { listCardStyle, ResponsiveList } from '../../../components/responsive-list.tsx';
import { TitledPanel } from '../../../components/titled-panel.tsx';
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

const statusOf = (status: string) => statusLabels[status] ?? { label: status, color: 'gray' };

/** Exact wording asked for the local outbox. */
export const localOutboxNotice = 'Posta locale: i messaggi non vengono inviati, restano qui';

/** Impostazioni › Posta in uscita: the studio's e-mails, and a clear notice when nothing really leaves. */
export const OutboxPanel = () => {
  const outbox = useOutbox();
  const config = useConfig();
  const [openId, setOpenId] = useState<string | null>(null);
  const local = config.data?.mailTransport === 'local-outbox';

  return (
    <>
      <TitledPanel title="Posta in uscita" description="Le email inviate dallo studio: inviti, promemoria, documenti.">
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
            <ResponsiveList
              items={items}
              label="Messaggi in uscita"
              columns={['Data', 'Destinatario', 'Oggetto', 'Stato']}
              tableMinWidth={560}
              highlightOnHover
              card={(m) => {
                const status = statusOf(m.status);
                return (
                  <UnstyledButton onClick={() => setOpenId(m.id)} p="sm" w="100%" style={listCardStyle}>
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
                );
              }}
              cells={(m) => {
                const status = statusOf(m.status);
                return (
                  <>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Table.Td>
                    <Table.Td>
                      <EmailAddress email={m.to} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => setOpenId(m.id)} ta="left" size="sm">
                        {m.subject}
                      </Anchor>
                    </Table.Td>
                    {/* The status is never cut: its column is as wide as its badge, the others give way. */}
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge color={status.color} variant="light" tt="none" miw="max-content">
                        {status.label}
                      </Badge>
                    </Table.Td>
                  </>
                );
              }}
            />
          )}
        </QueryListState>
      </TitledPanel>
      <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
};
