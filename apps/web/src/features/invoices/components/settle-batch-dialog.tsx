import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { type CalendarEvent, eventSchema } from '@studiolo/domain/calendar';
import {
  type CustomerKind,
  defaultMetodoPagamento,
  type MetodoPagamento,
  metodiPagamento,
} from '@studiolo/domain/invoices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateField, uiToIsoDay } from '../../../components/date-field.tsx';
import { formatEuro } from '../../../lib/format.ts';
import { http, isHttpError } from '../../../lib/http.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from '../../calendar/api/calendar-keys.ts';
import { invoicesQueryKey } from '../api/invoice-keys.ts';
import { saveInvoice } from '../api/save-invoice.ts';
import { type SettleDefaults, settleBatchMaxPatients, settleGroupsOf, settleInvoiceInput } from '../settle-batch.ts';
import { todayUi } from './document-form/document-form-values.ts';

/** Texts of the dialog (decision 003). */
export const settleBatchTexts = {
  title: 'Fatture appuntamenti da saldare',
  intro: 'Una fattura per paziente con i suoi appuntamenti passati non pagati e non ancora in fattura.',
  from: 'Dal',
  to: 'Al',
  none: 'Nessun appuntamento da saldare nel periodo.',
  patient: (name: string, n: number, amount: string) =>
    `${name} · ${n === 1 ? '1 appuntamento' : `${n} appuntamenti`} · ${amount}`,
  paid: 'Segna le fatture come pagate',
  method: 'Metodo di pagamento',
  create: (n: number) => (n === 1 ? 'Crea 1 fattura' : `Crea ${n} fatture`),
  tooMany: `Al massimo ${settleBatchMaxPatients} pazienti alla volta.`,
  created: (n: number) => (n === 1 ? 'Creata 1 fattura' : `Create ${n} fatture`),
  failed: 'Non creata',
  open: (id: string) => `Apri la fattura ${id}`,
  close: 'Chiudi',
  loading: 'Caricamento degli appuntamenti',
} as const;

type Result = { pazienteId: string; name: string } & (
  | { ok: true; id: string; idDocumento: string; totale: number }
  | { ok: false; message: string }
);

const firstOfMonthUi = () => `01-${todayUi().slice(3)}`;

export type SettleBatchDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The studio's invoice defaults (null while they load). */
  defaults: SettleDefaults | null;
  /** The customer's kind and recipient code (the patients feature, composed in app/). */
  loadCustomer: (pazienteId: string) => Promise<{ kind: CustomerKind; codiceDestinatario: string | null }>;
};

/**
 * issue 26 item 6: several patients' past appointments invoiced in one go from the calendar, one invoice per patient
 * (made as the form makes "Fattura appuntamenti da saldare"), then a summary of what was created.
 */
export const SettleBatchDialog = ({ opened, onClose, defaults, loadCustomer }: SettleBatchDialogProps) => {
  const isPhone = useIsPhone();
  const studioId = useCurrentStudioId();
  const qc = useQueryClient();
  const [from, setFrom] = useState(firstOfMonthUi);
  const [to, setTo] = useState(todayUi);
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [pagata, setPagata] = useState(false);
  const [metodo, setMetodo] = useState<MetodoPagamento>(defaultMetodoPagamento);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  const start = uiToIsoDay(from);
  const end = uiToIsoDay(to);
  const range = start && end && start <= end ? { start, end } : null;
  const events = useQuery({
    queryKey: [...calendarQueryKey(studioId), 'events', 'da-saldare', range] as const,
    queryFn: async () => {
      const raw = await http.get<unknown[]>('/events', { query: range ?? {} });
      return raw.flatMap((e) => {
        const parsed = eventSchema.safeParse(e);
        return parsed.success ? [parsed.data as CalendarEvent] : [];
      });
    },
    enabled: opened && range !== null && results === null,
  });
  const groups = useMemo(() => settleGroupsOf(events.data ?? [], new Date()), [events.data]);
  const chosen = groups.filter((g) => !unchecked.has(g.pazienteId));

  const run = async () => {
    if (!defaults || chosen.length === 0 || chosen.length > settleBatchMaxPatients) return;
    setRunning(true);
    const done: Result[] = [];
    // one after the other: each takes the next number of the register
    for (const g of chosen) {
      try {
        const customer = await loadCustomer(g.pazienteId);
        const input = settleInvoiceInput(g, customer, defaults, { pagata, metodoPagamento: metodo });
        const saved = await saveInvoice(input);
        done.push({ ...g, ok: true, id: saved.id, idDocumento: saved.idDocumento, totale: saved.totaleFattura });
      } catch (e) {
        if (!isHttpError(e)) throw e;
        done.push({ ...g, ok: false, message: String(e.answer ?? e.message) });
      }
    }
    setRunning(false);
    setResults(done);
    void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
    void qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) });
  };

  const close = () => {
    if (running) return;
    setResults(null);
    setUnchecked(new Set());
    onClose();
  };

  const createdCount = results?.filter((r) => r.ok).length ?? 0;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={settleBatchTexts.title}
      size="lg"
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': settleBatchTexts.close }}
    >
      {results ? (
        <Stack gap="sm">
          <Alert color={createdCount === results.length ? 'teal' : 'yellow'} role="status">
            {settleBatchTexts.created(createdCount)}
          </Alert>
          <Table>
            <Table.Tbody>
              {results.map((r) => (
                <Table.Tr key={r.pazienteId}>
                  <Table.Td>{r.name}</Table.Td>
                  {r.ok ? (
                    <>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/accounting/fattura?id=${r.id}`}
                          aria-label={settleBatchTexts.open(r.idDocumento)}
                        >
                          {r.idDocumento}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{formatEuro(r.totale)}</Table.Td>
                    </>
                  ) : (
                    <Table.Td colSpan={2} c="red.8">
                      {settleBatchTexts.failed}: {r.message}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button onClick={close}>{settleBatchTexts.close}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {settleBatchTexts.intro}
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <DateField label={settleBatchTexts.from} value={from} onChange={setFrom} />
            <DateField label={settleBatchTexts.to} value={to} onChange={setTo} />
          </SimpleGrid>
          {events.isFetching ? (
            <Loader size="sm" aria-label={settleBatchTexts.loading} />
          ) : groups.length === 0 ? (
            <Text size="sm">{settleBatchTexts.none}</Text>
          ) : (
            <Stack gap={6}>
              {groups.map((g) => (
                <Checkbox
                  key={g.pazienteId}
                  label={settleBatchTexts.patient(g.name, g.events.length, formatEuro(g.amount))}
                  checked={!unchecked.has(g.pazienteId)}
                  onChange={(e) => {
                    const next = new Set(unchecked);
                    if (e.currentTarget.checked) next.delete(g.pazienteId);
                    else next.add(g.pazienteId);
                    setUnchecked(next);
                  }}
                />
              ))}
            </Stack>
          )}
          {chosen.length > settleBatchMaxPatients && <Text c="red.8">{settleBatchTexts.tooMany}</Text>}
          <Group align="flex-end" gap="md" wrap="wrap">
            <Switch
              label={settleBatchTexts.paid}
              checked={pagata}
              onChange={(e) => setPagata(e.currentTarget.checked)}
            />
            <Select
              label={settleBatchTexts.method}
              data={[...metodiPagamento]}
              value={metodo}
              onChange={(v) => v && setMetodo(v as MetodoPagamento)}
              allowDeselect={false}
              w={220}
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={running}>
              Annulla
            </Button>
            <Button
              onClick={run}
              loading={running}
              disabled={!defaults || chosen.length === 0 || chosen.length > settleBatchMaxPatients}
            >
              {settleBatchTexts.create(chosen.length)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
