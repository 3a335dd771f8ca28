import type { CalendarEvent } from '@studiolo/domain/calendar';
import {
  appointmentsToSettle,
  type CustomerKind,
  defaultCodiceIvaId,
  documentStartFor,
  type FatturaInput,
  linesFromAppointments,
  type MetodoPagamento,
} from '@studiolo/domain/invoices';
import type { TipoSpesa } from '@studiolo/domain/sistema-ts';
import type { RegimeFiscale } from '@studiolo/domain/studio';
import {
  formatoOfCodice,
  lineOfFormLine,
  type NewDocumentDefaults,
  newDocumentValues,
  todayUi,
  toFatturaInput,
  totalsOf,
} from './components/document-form/document-form-values.ts';

/** The most patients invoiced in one go (bounded work: one request per invoice). */
export const settleBatchMaxPatients = 30;

/** One patient's appointments still to be paid in the chosen window (issue 26 item 6). */
export type SettleGroup = { pazienteId: string; name: string; events: CalendarEvent[]; amount: number };

/** The window's appointments da saldare, one group per patient, by name. */
export const settleGroupsOf = (events: readonly CalendarEvent[], now: Date): SettleGroup[] => {
  const byPatient = new Map<string, CalendarEvent[]>();
  for (const e of events) if (e.pazienteId) byPatient.set(e.pazienteId, [...(byPatient.get(e.pazienteId) ?? []), e]);
  return [...byPatient]
    .map(([pazienteId, list]) => {
      const due = appointmentsToSettle(list, pazienteId, now);
      const cents = due.reduce((s, e) => s + Math.round((e.price ?? 0) * 100), 0);
      return { pazienteId, name: due[0]?.pazienteName ?? '', events: due, amount: cents / 100 };
    })
    .filter((g) => g.events.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
};

export type SettleDefaults = Omit<NewDocumentDefaults, 'pazienteId'> & {
  regimeFiscale: RegimeFiscale | null;
  products: ReadonlyMap<string, { name: string; tipoSpesa: TipoSpesa }>;
  serviceDescription: string;
};

/**
 * The invoice of one patient's appointments, as the form would make it with "Fattura appuntamenti da saldare": the
 * studio's defaults, the type of the customer, one line per service and price, the total from the domain.
 */
export const settleInvoiceInput = (
  group: Pick<SettleGroup, 'pazienteId' | 'events'>,
  customer: { kind: CustomerKind; codiceDestinatario: string | null },
  defaults: SettleDefaults,
  payment: { pagata: boolean; metodoPagamento: MetodoPagamento },
): FatturaInput => {
  const base = newDocumentValues({ ...defaults, pazienteId: group.pazienteId });
  const start = documentStartFor(customer.kind);
  const code = customer.codiceDestinatario?.trim().toUpperCase() || '';
  const lines = linesFromAppointments(group.events, {
    mode: 'MULTIPLE',
    codiceIvaId: defaultCodiceIvaId(defaults.regimeFiscale),
    ivaAndRivalsaInclusa: base.tassazione.ivaAndRivalsaInclusa,
    products: defaults.products,
    defaultDescription: defaults.serviceDescription,
  });
  const values = {
    ...base,
    tipoDocumento: start.tipoDocumento,
    formatoTrasmissione: code ? formatoOfCodice(code) : start.formatoTrasmissione,
    codiceDestinatario: start.tipoDocumento === 'FATTURA_ELETTRONICA' ? code : '',
    tassazione: {
      ...base.tassazione,
      marcaDaBolloVirtuale: start.tipoDocumento !== 'FATTURA_SANITARIA' ? true : base.tassazione.marcaDaBolloVirtuale,
    },
    prestazione: lines.map(lineOfFormLine),
    linkedCalendarEventsIds: group.events.map((e) => e.id),
    metodoPagamento: payment.metodoPagamento,
    pagata: payment.pagata,
    dataIncasso: payment.pagata ? todayUi() : '',
  };
  return toFatturaInput(values, totalsOf(values, defaults.regimeFiscale).totale);
};
