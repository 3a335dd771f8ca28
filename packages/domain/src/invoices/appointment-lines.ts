import { centsToEuros, eurosToCents } from '../shared/money.ts';
import { lineTipoSpesa, type TipoSpesa } from '../sistema-ts/tipi-spesa.ts';
import { invoiceMessages as m } from './invoice.messages.ts';
import { lineGrossCents } from './totals.ts';

/**
 * An appointment as the picker hands it over (price in euros, as the API answers it). Its title is not here on
 * purpose: it is usually the patient's name and never describes a line (issue 26 item 2).
 */
export type InvoiceableAppointment = {
  id: string;
  price: number | null;
  productId: string | null;
};

/** A line as the invoice form holds it (prices in euros). */
export type FormLine = {
  descrizione: string;
  quantita: number;
  prezzoPerUnita: number;
  prezzoLordo: number;
  codiceIvaId: number;
  sconto: number;
  riferimentoAmministrazione: string | null;
  /** For the Sistema TS; none is a health service (SP). */
  tipoSpesa?: TipoSpesa | null;
};

/** spec part 2 §4: one line per item (grouped by product and price) or a single generic line. */
export const appointmentLineModes = ['MULTIPLE', 'SINGLE'] as const;
export type AppointmentLineMode = (typeof appointmentLineModes)[number];
/** spec part 2 §4: what happens to the lines already there. */
export const appointmentLineActions = ['APPEND', 'OVERWRITE', 'LEAVE'] as const;
export type AppointmentLineAction = (typeof appointmentLineActions)[number];

const formLine = (
  descrizione: string,
  quantita: number,
  unitCents: number,
  codiceIvaId: number,
  included: boolean,
  tipoSpesa: TipoSpesa | null = null,
) => ({
  descrizione,
  quantita,
  prezzoPerUnita: centsToEuros(unitCents),
  prezzoLordo: centsToEuros(
    lineGrossCents({ quantita, prezzoPerUnitaCents: unitCents, sconto: 0, codiceIvaId }, included),
  ),
  codiceIvaId,
  sconto: 0,
  riferimentoAmministrazione: null,
  tipoSpesa,
});

/**
 * The lines for chosen appointments (spec part 2 §4): MULTIPLE groups them by product and price, quantity the count,
 * described by the product's name (without a product, by the studio's description: service-description.ts, never
 * the appointment's title); SINGLE makes one 'Prestazione generica' of their summed price.
 */
export const linesFromAppointments = (
  appointments: readonly InvoiceableAppointment[],
  opts: {
    mode: AppointmentLineMode;
    codiceIvaId: number;
    ivaAndRivalsaInclusa: boolean;
    /** The studio's products by id: a line takes its product's name and Sistema TS expense type. */
    products: ReadonlyMap<string, { name: string; tipoSpesa: TipoSpesa }>;
    /** What a line of appointments without a product says (serviceDescriptionOf). */
    defaultDescription: string;
  },
): FormLine[] => {
  if (!appointments.length) return [];
  if (opts.mode === 'SINGLE') {
    const total = appointments.reduce((s, a) => s + eurosToCents(a.price ?? 0), 0);
    return [formLine(m.genericService, 1, total, opts.codiceIvaId, opts.ivaAndRivalsaInclusa)];
  }
  const groups = new Map<string, { name: string; unitCents: number; count: number; tipoSpesa: TipoSpesa | null }>();
  for (const a of appointments) {
    const unitCents = eurosToCents(a.price ?? 0);
    const product = a.productId ? opts.products.get(a.productId) : undefined;
    const name = product?.name || opts.defaultDescription.trim() || m.genericService;
    const key = `${product ? a.productId : 'none'}|${unitCents}`;
    const g = groups.get(key);
    if (g) g.count += 1;
    else groups.set(key, { name, unitCents, count: 1, tipoSpesa: lineTipoSpesa(product?.tipoSpesa) });
  }
  return [...groups.values()].map((g) =>
    formLine(g.name, g.count, g.unitCents, opts.codiceIvaId, opts.ivaAndRivalsaInclusa, g.tipoSpesa),
  );
};

/** spec part 2 §4: the chosen lines replace or extend the existing ones; with no lines the action is overwrite. */
export const applyAppointmentLines = (
  existing: readonly FormLine[],
  added: readonly FormLine[],
  action: AppointmentLineAction,
): FormLine[] => {
  const hasLines = existing.some((l) => l.descrizione.trim() || l.prezzoPerUnita);
  if (!hasLines || action === 'OVERWRITE') return added.length ? [...added] : [...existing];
  if (action === 'APPEND') return [...existing, ...added];
  return [...existing];
};
