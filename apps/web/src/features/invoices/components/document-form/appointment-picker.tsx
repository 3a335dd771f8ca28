import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import { invoiceMessages as m } from '@studiolo/domain/invoices';
import { eurosToCents, formatEuroCents } from '@studiolo/domain/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DateField, uiToIsoDay } from '../../../../components/date-field.tsx';
import { formatEuro } from '../../../../lib/format.ts';
import { isHttpError } from '../../../../lib/http.ts';
import { useIsPhone } from '../../../../lib/use-is-phone.ts';
import { usePatientEvents } from '../../api/get-patient-events.ts';
import { documentFormTexts as t } from './document-form.texts.ts';
import { useDocumentFormDeps } from './document-form-deps.tsx';
import { eventDay, eventTimes } from './event-format.ts';

/** spec part 2 §2: the picker's type filter. */
export const appointmentFilters = ['PAID', 'NOT_PAID', 'SELECTED'] as const;
export type AppointmentFilter = (typeof appointmentFilters)[number];
const filterLabels: Record<AppointmentFilter, string> = { PAID: m.paid, NOT_PAID: m.notPaid, SELECTED: m.selected };

export type AppointmentPickerProps = {
  opened: boolean;
  pazienteId: string | null;
  studioId: string | null;
  /** The document being edited (its own appointments are not "linked to another document"). */
  documentId: string | null;
  /** The appointments already linked: preselected. */
  linkedIds: readonly string[];
  onClose: () => void;
  /** Called with the chosen appointments; throws to keep the picker open. */
  onLink: (events: CalendarEvent[]) => Promise<void> | void;
  linking?: boolean;
};

const isoDayOf = (e: CalendarEvent) => uiToIsoDay(eventDay(e));

/** spec part 2 §2 appointment picker, §4 "Picker". */
export const AppointmentPicker = ({
  opened,
  pazienteId,
  studioId,
  documentId,
  linkedIds,
  onClose,
  onLink,
  linking = false,
}: AppointmentPickerProps) => {
  const isPhone = useIsPhone();
  const { setEventPaid } = useDocumentFormDeps();
  const events = usePatientEvents(pazienteId, opened);
  const [selected, setSelected] = useState<Set<string>>(new Set(linkedIds));
  const [replaced, setReplaced] = useState<Map<string, CalendarEvent>>(new Map());
  const [filters, setFilters] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [paying, setPaying] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the picker starts again from the document's links when it opens
  useEffect(() => {
    if (!opened) return;
    setSelected(new Set(linkedIds));
    setReplaced(new Map());
  }, [opened]);

  const rows = useMemo(
    () => (events.data ?? []).map((e) => replaced.get(e.id) ?? e).sort((a, b) => b.start.localeCompare(a.start)),
    [events.data, replaced],
  );
  const fromIso = uiToIsoDay(from);
  const toIso = uiToIsoDay(to);
  const shown = rows.filter((e) => {
    if (fromIso && isoDayOf(e) < fromIso) return false;
    if (toIso && isoDayOf(e) > toIso) return false;
    if (!filters.length) return true;
    return (
      (filters.includes('PAID') && e.isPagato) ||
      (filters.includes('NOT_PAID') && !e.isPagato) ||
      (filters.includes('SELECTED') && selected.has(e.id))
    );
  });
  const chosen = rows.filter((e) => selected.has(e.id));
  const totalCents = chosen.reduce((s, e) => s + eurosToCents(e.price ?? 0), 0);
  const linkedElsewhere = (e: CalendarEvent) =>
    Boolean(e.linkedDocumentoContabileId && e.linkedDocumentoContabileId !== documentId);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const setPaid = async (e: CalendarEvent, isPagato: boolean) => {
    setPaying(e.id);
    try {
      const updated = await setEventPaid({ eventId: e.id, isPagato });
      // spec part 2 §4: the row is replaced and the selection kept (an occurrence may come back with its own id)
      setReplaced((current) => new Map(current).set(e.id, updated));
      if (updated.id !== e.id && selected.has(e.id)) {
        setSelected((current) => {
          const next = new Set(current);
          next.delete(e.id);
          next.add(updated.id);
          return next;
        });
      }
    } catch (err) {
      if (!isHttpError(err)) throw err;
    } finally {
      setPaying(null);
    }
  };

  const documentUrl = (e: CalendarEvent) =>
    `/accounting/fattura?${new URLSearchParams({
      pazienteId: pazienteId ?? '',
      studioId: studioId ?? '',
      id: e.linkedDocumentoContabileId ?? '',
    }).toString()}`;

  const hasEvents = rows.length > 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      title={
        <Stack gap={0}>
          <Text fw={700}>{m.appointmentsSelected(chosen.length)}</Text>
          <Text size="sm">{t.selectedTotal(formatEuroCents(totalCents))}</Text>
        </Stack>
      }
      closeButtonProps={{ 'aria-label': m.close }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <MultiSelect
            label={m.appointmentType}
            data={appointmentFilters.map((value) => ({ value, label: filterLabels[value] }))}
            value={filters}
            onChange={setFilters}
            clearable
          />
          <DateField label={m.from} value={from} onChange={setFrom} />
          <DateField label={m.to} value={to} onChange={setTo} />
        </SimpleGrid>

        <ScrollArea.Autosize mah="20rem" type="auto">
          {events.isPending ? (
            <Group gap="xs" p="md">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t.loadingAppointments}</Text>
            </Group>
          ) : events.isError ? (
            <Text size="sm" c="red.8" p="md">
              {t.appointmentsFailed}
            </Text>
          ) : shown.length === 0 ? (
            <Text size="sm" p="md">
              {m.noAppointments}
            </Text>
          ) : (
            <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.date}</Table.Th>
                  <Table.Th w={isPhone ? 78 : 110} ta="right">
                    {m.price}
                  </Table.Th>
                  <Table.Th w={isPhone ? 78 : 96}>{m.paidColumn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((e) => {
                  const elsewhere = linkedElsewhere(e);
                  const day = eventDay(e);
                  return (
                    <Table.Tr key={e.id} data-event-id={e.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" align="flex-start">
                          <Checkbox
                            mt={2}
                            checked={selected.has(e.id)}
                            disabled={elsewhere}
                            onChange={(ev) => toggle(e.id, ev.currentTarget.checked)}
                            aria-label={t.selectAppointment(e.summary || m.genericService, day)}
                          />
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {e.summary || m.genericService}
                            </Text>
                            <Text size="xs">
                              {day} · {eventTimes(e)}
                            </Text>
                            {elsewhere && (
                              <Anchor href={documentUrl(e)} target="_blank" rel="noopener" size="xs" w="fit-content">
                                <Badge
                                  component="span"
                                  variant="light"
                                  color="orange"
                                  tt="none"
                                  rightSection={<IconExternalLink size={12} aria-hidden />}
                                  style={{ cursor: 'pointer', maxWidth: '100%' }}
                                >
                                  {m.alreadyLinked(e.linkedDocumentoContabileIdDocumento ?? '')}
                                </Badge>
                              </Anchor>
                            )}
                          </Stack>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {e.price === null ? '—' : formatEuro(e.price)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          size="xs"
                          aria-label={t.paidOf(e.summary || m.genericService, day)}
                          data={[
                            { value: 'false', label: t.no },
                            { value: 'true', label: t.yes },
                          ]}
                          value={String(e.isPagato)}
                          disabled={paying === e.id}
                          onChange={(value) => value && value !== String(e.isPagato) && setPaid(e, value === 'true')}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </ScrollArea.Autosize>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={linking}>
            {m.close}
          </Button>
          {hasEvents && (
            <Button loading={linking} onClick={() => onLink(chosen)}>
              {m.linkAppointments}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
};
