import {
  type CassaPrevidenzialeCode,
  type CausalePagamento,
  type DocumentFigures,
  defaultAliquotaRitenuta,
  defaultCassaPrevidenzialeCode,
  defaultCodiceIvaId,
  defaultMetodoPagamento,
  defaultTipoDocumento,
  documentTotals,
  type Fattura,
  type FatturaInput,
  type FormLine,
  fatturaInputSchema,
  findCodiceIva,
  type formatiTrasmissione,
  invoiceMessages,
  isElectronicType,
  type LineInput,
  lineGrossCents,
  lineInputSchema,
  type MetodoPagamento,
  type Proforma,
  type ProformaInput,
  proformaInputSchema,
  type TipoDocumentoFattura,
  type TipoRitenuta,
  type Totali,
  tassazioneInputSchema,
  totalsInEuros,
  unitPriceFromGrossCents,
} from '@studiolo/domain/invoices';
import { centsToEuros, eurosToCents, formatUiDate } from '@studiolo/domain/shared';
import type { TipoSpesa } from '@studiolo/domain/sistema-ts';
import type { RegimeFiscale } from '@studiolo/domain/studio';

/** The form serves invoices (and credit notes) and pro-forma alike. */
export type DocumentKind = 'fattura' | 'proforma';

/** A number field while it is edited: empty until the user types. */
export type NumberValue = number | '';

/** A line (trattamento) as the form holds it: prices in euros, as typed. */
export type LineValues = {
  descrizione: string;
  quantita: NumberValue;
  prezzoPerUnita: NumberValue;
  prezzoLordo: NumberValue;
  codiceIvaId: number;
  sconto: NumberValue;
  riferimentoAmministrazione: string;
  /** For the Sistema TS (a health invoice); null is a health service (SP). */
  tipoSpesa: TipoSpesa | null;
};

export type TassazioneValues = {
  cassaPrevidenzialeType: CassaPrevidenzialeCode;
  cassaPrevidenziale: { active: boolean; value: NumberValue; typeValue: 'PERCENTAGE' | 'ABS_VALUE' };
  marcaDaBolloCaricoMio: boolean;
  marcaDaBolloVirtuale: boolean;
  ivaAndRivalsaInclusa: boolean;
  ritenutaAcconto: {
    isActive: boolean;
    baseImponibile: NumberValue;
    aliquotaRitenuta: NumberValue;
    tipoRitenuta: TipoRitenuta | null;
    causalePagamento: CausalePagamento | null;
  };
};

export type BankValues = { intestatario: string; nomeBanca: string; iban: string; bicSwift: string };

/**
 * Everything the invoice and pro-forma form edits. The paths are the wire's (prestazione.0.descrizione,
 * tassazione.ritenutaAcconto.tipoRitenuta, coordinateBancarie.iban…), so the server's field errors land on their
 * fields; only the number and date have one name for both kinds (numero, data).
 */
export type DocumentFormValues = {
  pazienteId: string | null;
  tipoDocumento: TipoDocumentoFattura;
  numero: NumberValue;
  sezionale: string;
  suffisso: string;
  data: string;
  dataScadenza: string;
  metodoPagamento: MetodoPagamento;
  pagata: boolean;
  dataIncasso: string;
  accepted: boolean;
  idMarcaDaBollo: string;
  codiceDestinatario: string;
  pecDestinatario: string;
  formatoTrasmissione: (typeof formatiTrasmissione)[number];
  codiceCIG: string;
  idDocumentoOrdineAcquisto: string;
  dataDocumentoOrdineAcquisto: string;
  codiceCommessaConvenzione: string;
  numeroFatturaCollegata: string;
  dataFatturaCollegata: string;
  prestazione: LineValues[];
  tassazione: TassazioneValues;
  coordinateBancarie: BankValues;
  fatturaSettings: { middleText: string | null; footerText: string | null };
  note: string;
  causali: string[];
  linkedCalendarEventsIds: string[];
};

/** Today as DD-MM-YYYY (Europe/Rome). */
export const todayUi = () => formatUiDate(new Date());

const num = (v: NumberValue | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** A value computeTotals can take: a whole quantity of at least 0 (a wrong one counts as 0 until it is fixed). */
const safeQuantity = (v: NumberValue) => {
  const n = num(v);
  return Number.isInteger(n) && n >= 0 ? n : 0;
};
const safeAmount = (v: NumberValue) => Math.max(0, num(v));
const safePercent = (v: NumberValue) => Math.min(100, Math.max(0, num(v)));

// ---------------- lines ----------------

/** spec part 2 §4: the gross of a line from its price, quantity, discount and VAT (domain lineGrossCents). */
export const grossOf = (line: LineValues, ivaAndRivalsaInclusa: boolean): number =>
  centsToEuros(
    lineGrossCents(
      {
        quantita: safeQuantity(line.quantita),
        prezzoPerUnitaCents: eurosToCents(safeAmount(line.prezzoPerUnita)),
        sconto: safePercent(line.sconto),
        codiceIvaId: line.codiceIvaId,
      },
      ivaAndRivalsaInclusa,
    ),
  );

/** The line with its gross recomputed (after price, quantity, discount or VAT changed). */
export const withGross = (line: LineValues, ivaAndRivalsaInclusa: boolean): LineValues => ({
  ...line,
  prezzoLordo: grossOf(line, ivaAndRivalsaInclusa),
});

/** spec part 4: editing the gross recomputes the unit price and sets the discount to 0 (unitPriceFromGrossCents). */
export const withUnitFromGross = (line: LineValues, gross: NumberValue, ivaAndRivalsaInclusa: boolean): LineValues => ({
  ...line,
  prezzoLordo: gross,
  sconto: 0,
  prezzoPerUnita: centsToEuros(
    unitPriceFromGrossCents(
      eurosToCents(safeAmount(gross)),
      safeQuantity(line.quantita),
      line.codiceIvaId,
      ivaAndRivalsaInclusa,
    ),
  ),
});

export const emptyLine = (codiceIvaId: number): LineValues => ({
  descrizione: '',
  quantita: 1,
  prezzoPerUnita: '',
  prezzoLordo: '',
  codiceIvaId,
  sconto: 0,
  riferimentoAmministrazione: '',
  tipoSpesa: null,
});

const lineOfSaved = (l: {
  descrizione: string;
  quantita: number;
  prezzoPerUnita: number;
  prezzoLordo: number;
  codiceIvaId: number;
  sconto: number;
  riferimentoAmministrazione: string | null;
  tipoSpesa?: TipoSpesa | null;
}): LineValues => ({
  ...l,
  riferimentoAmministrazione: l.riferimentoAmministrazione ?? '',
  tipoSpesa: l.tipoSpesa ?? null,
});

export const lineToFormLine = (l: LineValues): FormLine => ({
  descrizione: l.descrizione,
  quantita: num(l.quantita),
  prezzoPerUnita: num(l.prezzoPerUnita),
  prezzoLordo: num(l.prezzoLordo),
  codiceIvaId: l.codiceIvaId,
  sconto: num(l.sconto),
  riferimentoAmministrazione: l.riferimentoAmministrazione || null,
  tipoSpesa: l.tipoSpesa,
});
export const lineOfFormLine = (l: FormLine): LineValues => lineOfSaved(l);

/** '' travels as NaN, which the domain's schemas refuse with their own message ('Campo obbligatorio'…). */
const n = (v: NumberValue): number => (v === '' ? Number.NaN : v);

export const lineInput = (l: LineValues): LineInput => ({
  descrizione: l.descrizione,
  quantita: n(l.quantita),
  prezzoPerUnita: n(l.prezzoPerUnita),
  prezzoLordo: n(l.prezzoLordo),
  codiceIvaId: l.codiceIvaId,
  sconto: n(l.sconto),
  riferimentoAmministrazione: l.riferimentoAmministrazione || null,
  tipoSpesa: l.tipoSpesa,
});

/** spec part 2 §4: a line is complete when the domain's line schema takes it. */
export const isLineComplete = (l: LineValues) => lineInputSchema.safeParse(lineInput(l)).success;

// ---------------- defaults and loading ----------------

const tassazioneDefaults = (): TassazioneValues => ({
  cassaPrevidenzialeType: defaultCassaPrevidenzialeCode,
  // spec part 2 §9: fund 4 % active; with no settings, VAT and rivalsa included
  cassaPrevidenziale: { active: true, value: 4, typeValue: 'PERCENTAGE' },
  marcaDaBolloCaricoMio: false,
  marcaDaBolloVirtuale: true,
  ivaAndRivalsaInclusa: true,
  ritenutaAcconto: {
    isActive: false,
    baseImponibile: 0,
    aliquotaRitenuta: defaultAliquotaRitenuta,
    tipoRitenuta: null,
    causalePagamento: null,
  },
});

/** The taxes a new document starts from: settings fattura.tassazione when valid, else the domain's defaults. */
export const tassazioneFromSettings = (saved: unknown): TassazioneValues => {
  const parsed = saved === undefined || saved === null ? null : tassazioneInputSchema.safeParse(saved);
  if (!parsed?.success) return tassazioneDefaults();
  const t = parsed.data;
  return {
    cassaPrevidenzialeType: t.cassaPrevidenzialeType,
    cassaPrevidenziale: { ...t.cassaPrevidenziale },
    marcaDaBolloCaricoMio: t.marcaDaBolloCaricoMio,
    marcaDaBolloVirtuale: t.marcaDaBolloVirtuale,
    ivaAndRivalsaInclusa: t.ivaAndRivalsaInclusa,
    ritenutaAcconto: {
      isActive: t.ritenutaAcconto.isActive,
      // the schema answers cents; the form holds euros
      baseImponibile: centsToEuros(t.ritenutaAcconto.baseImponibile),
      aliquotaRitenuta: t.ritenutaAcconto.aliquotaRitenuta,
      tipoRitenuta: t.ritenutaAcconto.tipoRitenuta,
      causalePagamento: t.ritenutaAcconto.causalePagamento,
    },
  };
};

/** The taxes of a form as settings fattura.tassazione keeps them ('Salva come predefinite'). */
export const tassazioneToInput = (t: TassazioneValues) => ({
  cassaPrevidenzialeType: t.cassaPrevidenzialeType,
  cassaPrevidenziale: { ...t.cassaPrevidenziale, value: n(t.cassaPrevidenziale.value) },
  marcaDaBolloCaricoMio: t.marcaDaBolloCaricoMio,
  marcaDaBolloVirtuale: t.marcaDaBolloVirtuale,
  ivaAndRivalsaInclusa: t.ivaAndRivalsaInclusa,
  ritenutaAcconto: {
    isActive: t.ritenutaAcconto.isActive,
    baseImponibile: n(t.ritenutaAcconto.baseImponibile),
    aliquotaRitenuta: n(t.ritenutaAcconto.aliquotaRitenuta),
    tipoRitenuta: t.ritenutaAcconto.tipoRitenuta,
    causalePagamento: t.ritenutaAcconto.causalePagamento,
  },
});

const emptyBank = (): BankValues => ({ intestatario: '', nomeBanca: '', iban: '', bicSwift: '' });
const bankOf = (b: { [K in keyof BankValues]: string | null } | null | undefined): BankValues => ({
  intestatario: b?.intestatario ?? '',
  nomeBanca: b?.nomeBanca ?? '',
  iban: b?.iban ?? '',
  bicSwift: b?.bicSwift ?? '',
});

export type NewDocumentDefaults = {
  pazienteId: string | null;
  regimeFiscale: RegimeFiscale | null;
  /** settings fattura.tassazione, as stored. */
  tassazione?: unknown;
  /** The studio's bank details (GET /studio). */
  coordinateBancarie?: { [K in keyof BankValues]: string | null } | null;
  fatturaSettings?: { middleText?: unknown; footerText?: unknown } | null;
  today?: string;
};

const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

export const newDocumentValues = (d: NewDocumentDefaults): DocumentFormValues => ({
  pazienteId: d.pazienteId,
  tipoDocumento: defaultTipoDocumento,
  numero: '',
  sezionale: '',
  suffisso: '',
  data: d.today ?? todayUi(),
  dataScadenza: '',
  metodoPagamento: defaultMetodoPagamento,
  pagata: false,
  dataIncasso: '',
  accepted: false,
  idMarcaDaBollo: '',
  codiceDestinatario: '',
  pecDestinatario: '',
  formatoTrasmissione: 'FPR_12',
  codiceCIG: '',
  idDocumentoOrdineAcquisto: '',
  dataDocumentoOrdineAcquisto: '',
  codiceCommessaConvenzione: '',
  numeroFatturaCollegata: '',
  dataFatturaCollegata: '',
  prestazione: [emptyLine(defaultCodiceIvaId(d.regimeFiscale))],
  tassazione: tassazioneFromSettings(d.tassazione),
  coordinateBancarie: d.coordinateBancarie ? bankOf(d.coordinateBancarie) : emptyBank(),
  fatturaSettings: {
    middleText: textOrNull(d.fatturaSettings?.middleText),
    footerText: textOrNull(d.fatturaSettings?.footerText),
  },
  note: '',
  causali: [''],
  linkedCalendarEventsIds: [],
});

const commonOf = (doc: Fattura | Proforma) => ({
  pazienteId: doc.pazienteId,
  dataScadenza: doc.dataScadenza ?? '',
  metodoPagamento: doc.metodoPagamento,
  prestazione: doc.prestazione.length ? doc.prestazione.map(lineOfSaved) : [emptyLine(12)],
  tassazione: {
    cassaPrevidenzialeType: doc.tassazione.cassaPrevidenzialeType,
    cassaPrevidenziale: { ...doc.tassazione.cassaPrevidenziale },
    marcaDaBolloCaricoMio: doc.tassazione.marcaDaBolloCaricoMio,
    marcaDaBolloVirtuale: doc.tassazione.marcaDaBolloVirtuale,
    ivaAndRivalsaInclusa: doc.tassazione.ivaAndRivalsaInclusa,
    ritenutaAcconto: {
      isActive: doc.tassazione.ritenutaAcconto.isActive,
      baseImponibile: doc.tassazione.ritenutaAcconto.baseImponibile,
      aliquotaRitenuta: doc.tassazione.ritenutaAcconto.aliquotaRitenuta,
      tipoRitenuta: doc.tassazione.ritenutaAcconto.tipoRitenuta,
      causalePagamento: doc.tassazione.ritenutaAcconto.causalePagamento,
    },
  },
  coordinateBancarie: bankOf(doc.coordinateBancarie),
  fatturaSettings: { ...doc.fatturaSettings },
  note: doc.note ?? '',
  // spec part 2 §5: at least one causale row always remains
  causali: doc.causali.length ? [...doc.causali] : [''],
  linkedCalendarEventsIds: [...doc.linkedCalendarEventsIds],
});

export const valuesOfFattura = (doc: Fattura): DocumentFormValues => ({
  ...newDocumentValues({ pazienteId: doc.pazienteId, regimeFiscale: doc.tassazione.regimeFiscale }),
  ...commonOf(doc),
  tipoDocumento: doc.tipoDocumento,
  numero: doc.numeroFattura,
  sezionale: doc.sezionale,
  suffisso: doc.suffisso ?? '',
  data: doc.dataFattura,
  pagata: doc.pagata,
  dataIncasso: doc.dataIncasso ?? '',
  idMarcaDaBollo: doc.idMarcaDaBollo ?? '',
  codiceDestinatario: doc.codiceDestinatario ?? '',
  pecDestinatario: doc.pecDestinatario ?? '',
  formatoTrasmissione: doc.formatoTrasmissione,
  codiceCIG: doc.codiceCIG ?? '',
  idDocumentoOrdineAcquisto: doc.idDocumentoOrdineAcquisto ?? '',
  dataDocumentoOrdineAcquisto: doc.dataDocumentoOrdineAcquisto ?? '',
  codiceCommessaConvenzione: doc.codiceCommessaConvenzione ?? '',
  numeroFatturaCollegata: doc.numeroFatturaCollegata ?? '',
  dataFatturaCollegata: doc.dataFatturaCollegata ?? '',
});

export const valuesOfProforma = (doc: Proforma): DocumentFormValues => ({
  ...newDocumentValues({ pazienteId: doc.pazienteId, regimeFiscale: doc.tassazione.regimeFiscale }),
  ...commonOf(doc),
  numero: doc.numero,
  data: doc.data,
  accepted: doc.accepted,
});

// ---------------- totals ----------------

/** The document's figures as the domain's documentTotals takes them (cents); wrong entries count as 0. */
export const figuresOf = (v: Pick<DocumentFormValues, 'prestazione' | 'tassazione'>): DocumentFigures => ({
  prestazione: v.prestazione.map((l) => ({
    quantita: safeQuantity(l.quantita),
    prezzoPerUnita: eurosToCents(safeAmount(l.prezzoPerUnita)),
    sconto: safePercent(l.sconto),
    codiceIvaId: findCodiceIva(l.codiceIvaId) ? l.codiceIvaId : 12,
  })),
  tassazione: {
    cassaPrevidenzialeType: v.tassazione.cassaPrevidenzialeType,
    cassaPrevidenziale: {
      active: v.tassazione.cassaPrevidenziale.active,
      typeValue: v.tassazione.cassaPrevidenziale.typeValue,
      value:
        v.tassazione.cassaPrevidenziale.typeValue === 'PERCENTAGE'
          ? safePercent(v.tassazione.cassaPrevidenziale.value)
          : safeAmount(v.tassazione.cassaPrevidenziale.value),
    },
    marcaDaBolloCaricoMio: v.tassazione.marcaDaBolloCaricoMio,
    ivaAndRivalsaInclusa: v.tassazione.ivaAndRivalsaInclusa,
    ritenutaAcconto: {
      isActive: v.tassazione.ritenutaAcconto.isActive,
      baseImponibile: eurosToCents(safeAmount(v.tassazione.ritenutaAcconto.baseImponibile)),
      aliquotaRitenuta: safePercent(v.tassazione.ritenutaAcconto.aliquotaRitenuta),
    },
  },
});

/** Every figure shown, from the domain (documentTotals), in euros as the API answers them. */
export const totalsOf = (
  v: Pick<DocumentFormValues, 'prestazione' | 'tassazione'>,
  regimeFiscale: RegimeFiscale | null,
): Totali => totalsInEuros(documentTotals(figuresOf(v), regimeFiscale));

// ---------------- payload and validation ----------------

const orNull = (s: string) => s.trim() || null;

const bodyOf = (v: DocumentFormValues, totaleFattura: number) => ({
  pazienteId: v.pazienteId ?? '',
  dataScadenza: orNull(v.dataScadenza),
  metodoPagamento: v.metodoPagamento,
  prestazione: v.prestazione.map(lineInput),
  tassazione: tassazioneToInput(v.tassazione),
  coordinateBancarie: {
    intestatario: orNull(v.coordinateBancarie.intestatario),
    nomeBanca: orNull(v.coordinateBancarie.nomeBanca),
    iban: orNull(v.coordinateBancarie.iban),
    bicSwift: orNull(v.coordinateBancarie.bicSwift),
  },
  fatturaSettings: v.fatturaSettings,
  note: orNull(v.note),
  causali: v.causali,
  linkedCalendarEventsIds: v.linkedCalendarEventsIds,
  // the total the form showed: the server refuses a document whose figures do not give it
  totaleFattura,
});

export const toFatturaInput = (v: DocumentFormValues, totaleFattura: number): FatturaInput => {
  const electronic = isElectronicType(v.tipoDocumento);
  return {
    ...bodyOf(v, totaleFattura),
    tipoDocumento: v.tipoDocumento,
    numeroFattura: v.numero === '' ? null : v.numero,
    sezionale: v.sezionale,
    suffisso: electronic ? orNull(v.suffisso) : null,
    dataFattura: v.data,
    pagata: v.pagata,
    dataIncasso: v.pagata ? orNull(v.dataIncasso) : null,
    idMarcaDaBollo: orNull(v.idMarcaDaBollo),
    codiceDestinatario: electronic ? orNull(v.codiceDestinatario) : null,
    pecDestinatario: electronic ? orNull(v.pecDestinatario) : null,
    formatoTrasmissione: v.formatoTrasmissione,
    codiceCIG: orNull(v.codiceCIG),
    idDocumentoOrdineAcquisto: orNull(v.idDocumentoOrdineAcquisto),
    dataDocumentoOrdineAcquisto: orNull(v.dataDocumentoOrdineAcquisto),
    codiceCommessaConvenzione: orNull(v.codiceCommessaConvenzione),
    numeroFatturaCollegata: v.tipoDocumento === 'NOTA_DI_CREDITO' ? orNull(v.numeroFatturaCollegata) : null,
    dataFatturaCollegata: v.tipoDocumento === 'NOTA_DI_CREDITO' ? orNull(v.dataFatturaCollegata) : null,
  };
};

export const toProformaInput = (v: DocumentFormValues, totaleFattura: number): ProformaInput => ({
  ...bodyOf(v, totaleFattura),
  numero: v.numero === '' ? null : v.numero,
  data: v.data,
  accepted: v.accepted,
});

/** The wire's names of the number and the date, for each kind; the form has one name for both. */
const wireToForm: Record<string, string> = { numeroFattura: 'numero', dataFattura: 'data' };
/** A path of the wire (server field errors, schema issues) as the form's path. */
export const formPathOf = (path: string) => {
  const [head, ...rest] = path.split('.');
  return [wireToForm[head ?? ''] ?? head, ...rest].join('.');
};

/** The domain's own rules (the server's schemas) as field errors of the form. */
export const validateDocument = (kind: DocumentKind, v: DocumentFormValues): Record<string, string> => {
  const total = totalsOf(v, null).totale; // not compared here: the server checks it
  const parsed =
    kind === 'fattura'
      ? fatturaInputSchema.safeParse(toFatturaInput(v, total))
      : proformaInputSchema.safeParse(toProformaInput(v, total));
  const errors: Record<string, string> = {};
  if (!v.pazienteId) errors.pazienteId = invoiceMessages.required;
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const path = formPathOf(issue.path.map(String).join('.'));
    errors[path] ??= issue.message;
  }
  return errors;
};

/** spec part 2 §4: a 6-character recipient code is a public administration's (FPA_12), else a private's (FPR_12). */
export const formatoOfCodice = (codice: string): DocumentFormValues['formatoTrasmissione'] =>
  codice.length === 6 ? 'FPA_12' : 'FPR_12';
