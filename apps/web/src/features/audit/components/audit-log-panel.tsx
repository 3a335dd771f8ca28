import { Badge, Box, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { type AuditEvent, auditActionLabels } from '@studiolo/domain/audit';
import { useState } from 'react';
import { EmailAddress } from '../../../components/email-address.tsx';
import { QueryListState } from '../../../components/query-list-state.tsx';
import { listCardStyle, ResponsiveList } from '../../../components/responsive-list.tsx';
import { TitledPanel } from '../../../components/titled-panel.tsx';
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

/** The filter of the activity log: everything, or the clinical record's access log alone (decision 029). */
export const auditFilterLabels = { all: 'Tutte', clinical: 'Cartella clinica' } as const;

/**
 * Impostazioni › Registro attività: who did what in the studio, newest first; the clinical record's accesses (reads
 * included) can be shown alone. With pazienteId: the access log of one patient's record (the patient page's tab).
 */
export const AuditLogPanel = ({
  pazienteId,
  title = 'Registro attività',
  description = auditLogIntro,
}: {
  pazienteId?: string;
  title?: string;
  description?: string;
} = {}) => {
  const [scope, setScope] = useState<'all' | 'clinical'>('all');
  const events = useAuditEvents(undefined, pazienteId ? { pazienteId } : { clinical: scope === 'clinical' });

  return (
    <TitledPanel title={title} description={description}>
      {!pazienteId && (
        <SegmentedControl
          value={scope}
          onChange={(v) => setScope(v as 'all' | 'clinical')}
          data={[
            { value: 'all', label: auditFilterLabels.all },
            { value: 'clinical', label: auditFilterLabels.clinical },
          ]}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          aria-label="Filtro del registro"
        />
      )}
      <QueryListState
        query={events}
        errorMessage="Impossibile caricare il registro attività."
        emptyMessage="Nessuna attività registrata."
      >
        {(items) => (
          <ResponsiveList
            items={items}
            label="Attività dello studio"
            columns={['Data', 'Attività', 'Chi', 'Campi modificati', 'Esito']}
            tableMinWidth={640}
            card={(e) => (
              <Box p="sm" style={listCardStyle}>
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
            )}
            cells={(e) => (
              <>
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
              </>
            )}
          />
        )}
      </QueryListState>
    </TitledPanel>
  );
};
