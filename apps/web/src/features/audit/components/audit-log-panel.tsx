import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type AuditEvent, auditActionLabels } from '@studiolo/domain/audit';
import { EmailAddress } from '../../../components/email-address.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAuditEvents } from '../api/get-audit-events.ts';

/** Exact wording of the explanation above the log. */
export const auditLogIntro =
  'Chi ha fatto cosa nello studio. Il registro non contiene dati clinici: solo quali campi sono cambiati.';
/** The badge of a refused action. */
export const auditFailureLabel = 'Rifiutata';

/** The action's Italian name, or its code when the log does not know it. */
export const auditActionLabel = (action: string) => auditActionLabels[action] ?? action;

const changedFieldsText = (fields: string[] | null) => (fields && fields.length > 0 ? fields.join(', ') : '');

/** Who did it; in support mode the operator acted on behalf of a member of the studio. */
const Who = ({ event }: { event: AuditEvent }) => (
  <>
    {event.actorEmail ? (
      <EmailAddress email={event.actorEmail} />
    ) : (
      <Text span size="sm" c="dimmed">
        Sconosciuto
      </Text>
    )}
    {event.actingAsEmail && (
      <Text size="xs" c="orange.9">
        in modalità support, per conto di {event.actingAsEmail}
      </Text>
    )}
  </>
);

const FailureBadge = ({ event, size }: { event: AuditEvent; size?: 'sm' }) =>
  event.outcome === 'failure' ? (
    <Badge color="red" variant="light" tt="none" size={size} miw="max-content">
      {auditFailureLabel}
    </Badge>
  ) : null;

/** Impostazioni › Registro attività: who did what in the studio, newest first. */
export const AuditLogPanel = () => {
  const events = useAuditEvents();

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Registro attività
          </Title>
          <Text size="sm" c="dimmed">
            {auditLogIntro}
          </Text>
        </div>
        <QueryListState
          query={events}
          errorMessage="Impossibile caricare il registro attività."
          emptyMessage="Nessuna attività registrata."
        >
          {(items) => (
            <>
              {/* Phones: one card per event. */}
              <Stack
                gap="xs"
                hiddenFrom="sm"
                component="ul"
                aria-label="Attività dello studio"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {items.map((e) => (
                  <Box
                    component="li"
                    key={e.id}
                    p="sm"
                    style={{
                      border: '1px solid var(--mantine-color-gray-3)',
                      borderRadius: 'var(--mantine-radius-md)',
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Text fw={600} size="sm">
                        {auditActionLabel(e.action)}
                      </Text>
                      <FailureBadge event={e} size="sm" />
                    </Group>
                    <Text size="sm">
                      <Who event={e} />
                    </Text>
                    {changedFieldsText(e.changedFields) && (
                      <Text size="xs" mt={2}>
                        Campi: {changedFieldsText(e.changedFields)}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" mt={4}>
                      {formatDateTime(e.occurredAt)}
                    </Text>
                  </Box>
                ))}
              </Stack>
              <Box visibleFrom="sm">
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="sm" aria-label="Attività dello studio">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Data</Table.Th>
                        <Table.Th>Attività</Table.Th>
                        <Table.Th>Chi</Table.Th>
                        <Table.Th>Campi modificati</Table.Th>
                        <Table.Th>Esito</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((e) => (
                        <Table.Tr key={e.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.occurredAt)}</Table.Td>
                          <Table.Td>{auditActionLabel(e.action)}</Table.Td>
                          <Table.Td>
                            <Who event={e} />
                          </Table.Td>
                          <Table.Td>{changedFieldsText(e.changedFields)}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {e.outcome === 'failure' ? (
                              <FailureBadge event={e} />
                            ) : (
                              <Text span size="sm" c="dimmed">
                                Riuscita
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Box>
            </>
          )}
        </QueryListState>
      </Stack>
    </Paper>
  );
};
