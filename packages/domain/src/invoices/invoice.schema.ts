import { coordinateBancarieSchema } from '../anagrafica/address.ts';
import { emailSchema } from '../anagrafica/contacts.ts';
import { isExistingUiDate, uiDateToIso } from '../shared/dates.ts';
import { eurosToCents } from '../shared/money.ts';
import { isLatinText, text, textRule } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { tipiSpesa } from '../sistema-ts/tipi-spesa.ts';
import { regimiFiscali } from '../studio/regime-fiscale.ts';
import { cassePrevidenzialiCodes, tipiContributo } from './casse-previdenziali.ts';
import { invoiceMessages as m } from './invoice.messages.ts';
import { defaultMetodoPagamento, metodiPagamento } from './payment-methods.ts';
import { causaliPagamento, defaultAliquotaRitenuta, tipiRitenuta } from './ritenuta.ts';
import { findCodiceIva, needsRiferimentoAmministrazione } from './vat-codes.ts';

/** spec part 2 §3 document types; /documento-contabile takes every one but PROFORMA. */
export const tipiDocumentoFattura = ['TD_01', 'FATTURA_SANITARIA', 'FATTURA_ELETTRONICA', 'NOTA_DI_CREDITO'] as const;
export type TipoDocumentoFattura = (typeof tipiDocumentoFattura)[number];
export const defaultTipoDocumento: TipoDocumentoFattura = 'FATTURA_SANITARIA';
export const tipoDocumentoLabels: Record<TipoDocumentoFattura | 'PROFORMA', string> = {
  TD_01: 'Fattura',
  FATTURA_SANITARIA: 'Fattura sanitaria',
  FATTURA_ELETTRONICA: 'Fattura elettronica',
  NOTA_DI_CREDITO: 'Nota di credito',
  PROFORMA: 'Proforma',
};
/** spec part 2 §4: suffix and recipient fields apply to these. */
export const isElectronicType = (t: string) => t === 'FATTURA_ELETTRONICA' || t === 'NOTA_DI_CREDITO';

export const formatiTrasmissione = ['FPR_12', 'FPA_12'] as const;
export const typeValues = ['PERCENTAGE', 'ABS_VALUE'] as const;

/** A DD-MM-YYYY date that exists (spec part 2 §3 dataFattura). */
export const uiDateSchema = (message: string = m.invalidDate) =>
  z.string({ error: message }).refine(isExistingUiDate, { error: message });
const optionalUiDate = (message: string = m.invalidDate) =>
  z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || isExistingUiDate(v), { error: message });
const optionalCode = (max: number, message: string) =>
  z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || (v.length <= max && isLatinText(v)), { error: message });
/** One line of the shared string rule (decision 033) in the Latin characters the SDI takes (spec part 2 §5). */
const latinText = (max: number) => text(max).refine(isLatinText, { error: m.forbiddenCharacters });

/** A non-negative euro amount with at most two decimals, to integer cents. */
const euros = z
  .number({ error: m.invalidValue })
  .min(0, { error: m.invalidValue })
  .max(10_000_000, { error: m.invalidValue })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: m.invalidValue })
  .transform(eurosToCents);
/** A percentage, 0 to 100, at most two decimals. */
const percent = z
  .number({ error: m.invalidValue })
  .min(0, { error: m.invalidValue })
  .max(100, { error: m.invalidValue })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: m.invalidValue });

/** spec part 2 §3, §5: a line (trattamento). */
export const lineInputSchema = z
  .object({
    descrizione: z
      .string({ error: m.required })
      .trim()
      .min(1, { error: m.required })
      .max(1000)
      .check(textRule())
      .refine(isLatinText, { error: m.forbiddenCharacters }),
    quantita: z
      .number({ error: m.required })
      .int({ error: m.invalidValue })
      .min(0, { error: m.invalidValue })
      .max(100_000, { error: m.invalidValue }),
    prezzoPerUnita: euros,
    /** The gross as the form showed it; the server recomputes it (computeTotals) and answers its own. */
    prezzoLordo: euros.optional(),
    codiceIvaId: z
      .number({ error: m.required })
      .int()
      .refine((id) => findCodiceIva(id) !== undefined, { error: m.invalidValue }),
    sconto: percent.default(0),
    riferimentoAmministrazione: text(20)
      .nullish()
      .transform((v) => v?.trim() || null),
    /** What the line is for the Sistema TS (a health invoice to a person); none means a health service (SP). */
    tipoSpesa: z
      .enum(tipiSpesa, { error: m.invalidValue })
      .nullish()
      .transform((v) => v ?? null),
  })
  .transform((l) => ({
    ...l,
    // spec part 2 §5: only for the codes 2, 5 and 14
    riferimentoAmministrazione: needsRiferimentoAmministrazione(l.codiceIvaId) ? l.riferimentoAmministrazione : null,
  }));
export type LineInput = z.input<typeof lineInputSchema>;
export type LineData = z.output<typeof lineInputSchema>;

export const ritenutaInputSchema = z
  .object({
    isActive: z.boolean().default(false),
    baseImponibile: euros.default(0),
    aliquotaRitenuta: percent.default(defaultAliquotaRitenuta),
    tipoRitenuta: z.enum(tipiRitenuta).nullish(),
    causalePagamento: z.enum(causaliPagamento).nullish(),
  })
  .superRefine((r, ctx) => {
    if (r.isActive && !r.tipoRitenuta) ctx.addIssue({ code: 'custom', message: m.required, path: ['tipoRitenuta'] });
    if (r.isActive && !r.causalePagamento)
      ctx.addIssue({ code: 'custom', message: m.required, path: ['causalePagamento'] });
  })
  // spec part 2 §4: switched off resets base 0, rate 20, type and reason empty
  .transform((r) =>
    r.isActive
      ? { ...r, tipoRitenuta: r.tipoRitenuta ?? null, causalePagamento: r.causalePagamento ?? null }
      : {
          isActive: false,
          baseImponibile: 0,
          aliquotaRitenuta: defaultAliquotaRitenuta,
          tipoRitenuta: null,
          causalePagamento: null,
        },
  );

/** The document's taxes (spec part 2 §3 Tassazione); the stamp duty's activation is computed, not chosen. */
export const tassazioneInputSchema = z.object({
  cassaPrevidenzialeType: z.enum(cassePrevidenzialiCodes).default('GESTIONE_SEPARATA_INPS'),
  cassaPrevidenziale: z
    .object({
      active: z.boolean(),
      /** Percent for PERCENTAGE, euros for ABS_VALUE. */
      value: z.number({ error: m.invalidValue }).min(0, { error: m.invalidValue }).max(1_000_000),
      typeValue: z.enum(typeValues).default('PERCENTAGE'),
    })
    .refine((c) => c.typeValue === 'ABS_VALUE' || c.value <= 100, { error: m.invalidValue, path: ['value'] })
    .default({ active: true, value: 4, typeValue: 'PERCENTAGE' }),
  marcaDaBolloCaricoMio: z.boolean().default(false),
  marcaDaBolloVirtuale: z.boolean().default(true),
  ivaAndRivalsaInclusa: z.boolean().default(true),
  ritenutaAcconto: ritenutaInputSchema.prefault({}),
});
export type TassazioneInput = z.input<typeof tassazioneInputSchema>;
export type TassazioneData = z.output<typeof tassazioneInputSchema>;

const fatturaSettingsSchema = z.object({
  middleText: z
    .string()
    .max(3000)
    .nullish()
    .transform((v) => v?.trim() || null),
  footerText: z
    .string()
    .max(3000)
    .nullish()
    .transform((v) => v?.trim() || null),
});

/** What invoices and pro-forma share: lines, taxes, payment, notes, linked appointments. */
const documentBody = {
  pazienteId: z.uuid({ error: m.patientNotFound }),
  dataScadenza: optionalUiDate(),
  metodoPagamento: z.enum(metodiPagamento).default(defaultMetodoPagamento),
  prestazione: z.array(lineInputSchema).min(1, { error: m.fillAllLines }).max(200, { error: m.tooManyLines }),
  tassazione: tassazioneInputSchema.prefault({}),
  coordinateBancarie: coordinateBancarieSchema.nullish().transform((v) => v ?? null),
  fatturaSettings: fatturaSettingsSchema.nullish().transform((v) => v ?? { middleText: null, footerText: null }),
  note: text(1500, { multiline: true })
    .nullish()
    .transform((v) => v?.trim() || null),
  causali: z
    .array(latinText(200))
    .max(50)
    .default([])
    .transform((c) => c.map((s) => s.trim()).filter(Boolean)),
  linkedCalendarEventsIds: z.array(z.string().min(1).max(80)).max(200).default([]),
  /** The total the form showed, in euros: when sent, it must be the one computed here ('totals that do not add up'). */
  totaleFattura: z.number().optional(),
};

const checkDue = (date: string | null, due: string | null) => !date || !due || uiDateToIso(due) >= uiDateToIso(date);

/** POST and PUT /documento-contabile (spec part 2 §3 Invoice). */
const fatturaObject = z.object({
  ...documentBody,
  tipoDocumento: z.enum(tipiDocumentoFattura).default(defaultTipoDocumento),
  /** Prefilled from next-documento-id; empty means "the next one". */
  numeroFattura: z.number().int().min(1).max(999_999_999).nullish(),
  sezionale: text(20)
    .nullish()
    .transform((v) => v?.trim() || ''),
  suffisso: optionalCode(10, m.invalidValue),
  dataFattura: uiDateSchema(),
  pagata: z.boolean().default(false),
  dataIncasso: optionalUiDate(),
  idMarcaDaBollo: optionalCode(30, m.invalidValue),
  codiceDestinatario: z
    .string()
    .max(7, { error: m.codiceDestinatarioInvalid })
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || null),
  pecDestinatario: emailSchema(m.pecInvalid)
    .nullish()
    .transform((v) => v ?? null),
  formatoTrasmissione: z.enum(formatiTrasmissione).default('FPR_12'),
  codiceCIG: optionalCode(15, m.cigInvalid),
  idDocumentoOrdineAcquisto: optionalCode(20, m.purchaseOrderInvalid),
  dataDocumentoOrdineAcquisto: optionalUiDate(m.purchaseOrderDateInvalid),
  codiceCommessaConvenzione: optionalCode(100, m.commessaInvalid),
  numeroFatturaCollegata: optionalCode(30, m.linkedInvoiceInvalid),
  dataFatturaCollegata: optionalUiDate(m.linkedInvoiceInvalid),
});
const fatturaRules = <T extends z.ZodType<z.output<typeof fatturaObject>>>(schema: T) =>
  schema
    .superRefine((f, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const electronic = isElectronicType(f.tipoDocumento);
      if (electronic && f.codiceDestinatario) {
        const len = f.formatoTrasmissione === 'FPA_12' ? 6 : 7;
        if (f.codiceDestinatario.length !== len || !/^[A-Z0-9]+$/.test(f.codiceDestinatario))
          issue('codiceDestinatario', m.codiceDestinatarioInvalid);
      }
      if (f.tipoDocumento === 'NOTA_DI_CREDITO') {
        if (!f.numeroFatturaCollegata) issue('numeroFatturaCollegata', m.linkedInvoiceInvalid);
        if (!f.dataFatturaCollegata) issue('dataFatturaCollegata', m.linkedInvoiceInvalid);
      }
      if (!checkDue(f.dataFattura, f.dataScadenza)) issue('dataScadenza', m.dueBeforeDate);
      if (!f.pagata && f.dataIncasso) issue('dataIncasso', m.collectionWithoutPaid);
    })
    .transform((f) => {
      const electronic = isElectronicType(f.tipoDocumento);
      return {
        ...f,
        // spec part 2 §4: suffix and recipient fields apply only to electronic documents and credit notes
        suffisso: electronic ? f.suffisso : null,
        codiceDestinatario: electronic ? f.codiceDestinatario : null,
        pecDestinatario: electronic ? f.pecDestinatario : null,
        numeroFatturaCollegata: f.tipoDocumento === 'NOTA_DI_CREDITO' ? f.numeroFatturaCollegata : null,
        dataFatturaCollegata: f.tipoDocumento === 'NOTA_DI_CREDITO' ? f.dataFatturaCollegata : null,
        // spec part 2 §4: virtual stamp duty is a choice only for FATTURA_SANITARIA; forced on for the others
        tassazione: {
          ...f.tassazione,
          marcaDaBolloVirtuale: f.tipoDocumento === 'FATTURA_SANITARIA' ? f.tassazione.marcaDaBolloVirtuale : true,
        },
        idMarcaDaBollo:
          f.tipoDocumento === 'FATTURA_SANITARIA' && !f.tassazione.marcaDaBolloVirtuale ? f.idMarcaDaBollo : null,
      };
    });
export const fatturaInputSchema = fatturaRules(fatturaObject);
export type FatturaInput = z.input<typeof fatturaInputSchema>;
export type FatturaData = z.output<typeof fatturaInputSchema>;
export const fatturaUpdateSchema = fatturaRules(fatturaObject.extend({ id: z.uuid() }));

/** POST and PUT /proforma (spec part 2 §3 Pro-forma). */
const proformaObject = z.object({
  ...documentBody,
  numero: z.number().int().min(1).max(999_999_999).nullish(),
  data: uiDateSchema(),
  accepted: z.boolean().default(false),
});
const proformaRules = <T extends z.ZodType<z.output<typeof proformaObject>>>(schema: T) =>
  schema.superRefine((p, ctx) => {
    if (!checkDue(p.data, p.dataScadenza))
      ctx.addIssue({ code: 'custom', path: ['dataScadenza'], message: m.dueBeforeDate });
  });
export const proformaInputSchema = proformaRules(proformaObject);
export type ProformaInput = z.input<typeof proformaInputSchema>;
export type ProformaData = z.output<typeof proformaInputSchema>;
export const proformaUpdateSchema = proformaRules(proformaObject.extend({ id: z.uuid() }));

/** PUT /documento-contabile/{fatturaId}/pagata (spec part 2 §5 paid dialog). */
export const pagataInputSchema = z
  .object({
    fatturaId: z.uuid(),
    isPagata: z.boolean(),
    dataIncasso: optionalUiDate(),
    metodoPagamento: z.enum(metodiPagamento).nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.isPagata && !p.dataIncasso) ctx.addIssue({ code: 'custom', path: ['dataIncasso'], message: m.required });
    if (p.isPagata && !p.metodoPagamento)
      ctx.addIssue({ code: 'custom', path: ['metodoPagamento'], message: m.required });
  });
export type PagataInput = z.output<typeof pagataInputSchema>;

/** PUT /documento-contabile/linked-calendar-events. */
export const linkedEventsInputSchema = z.object({
  id: z.uuid(),
  eventIds: z.array(z.string().min(1).max(80)).max(200),
});

const sortDirections = ['ASC', 'DESC'] as const;
const optionalBool = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? null : v === 'true'));

/** GET /documento-contabile (spec part 2 §7: every filter and paging). */
export const fatturaListQuerySchema = z.object({
  studioId: z.uuid().optional(),
  startDate: optionalUiDate(),
  endDate: optionalUiDate(),
  searchText: text(100)
    .optional()
    .transform((v) => v?.trim() || null),
  tipoDocumento: z.enum(tipiDocumentoFattura).optional(),
  isPagata: optionalBool,
  sezionale: text(20).optional(),
  metodoPagamento: z.enum(metodiPagamento).optional(),
  pazienteId: z.uuid().optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
  direction: z.enum(sortDirections).default('DESC'),
});
export type FatturaListQuery = z.output<typeof fatturaListQuerySchema>;

export const proformaListQuerySchema = fatturaListQuerySchema.pick({
  studioId: true,
  startDate: true,
  endDate: true,
  searchText: true,
  pazienteId: true,
  page: true,
  size: true,
  direction: true,
});

/** GET next-documento-id. */
export const nextNumberQuerySchema = z.object({
  startDate: optionalUiDate(),
  endDate: optionalUiDate(),
  sezionale: text(20).optional(),
});

/** GET /fattura/stats and stats-monthly. */
export const statsQuerySchema = z.object({
  studioId: z.uuid().optional(),
  year: z.coerce.number().int().min(2000).max(2100),
});
export const statsMonthlyQuerySchema = z.object({
  studioId: z.uuid().optional(),
  startDate: uiDateSchema(),
  endDate: uiDateSchema(),
});

// ---------- answers (no transforms: response schemas are encoded) ----------

export const lineSchema = z.object({
  descrizione: z.string(),
  quantita: z.number(),
  prezzoPerUnita: z.number(),
  prezzoLordo: z.number(),
  codiceIvaId: z.number(),
  sconto: z.number(),
  riferimentoAmministrazione: z.string().nullable(),
  tipoSpesa: z.enum(tipiSpesa).nullable(),
});
export type Line = z.infer<typeof lineSchema>;

export const tassazioneSchema = z.object({
  regimeFiscale: z.enum(regimiFiscali).nullable(),
  cassaPrevidenzialeType: z.enum(cassePrevidenzialiCodes),
  tipoContributo: z.enum(tipiContributo),
  cassaPrevidenziale: z.object({ active: z.boolean(), value: z.number(), typeValue: z.enum(typeValues) }),
  marcaDaBollo: z.object({ active: z.boolean(), value: z.number(), typeValue: z.enum(typeValues) }),
  aliquotaIVA: z.object({ active: z.boolean(), value: z.number(), typeValue: z.enum(typeValues) }),
  marcaDaBolloCaricoMio: z.boolean(),
  marcaDaBolloVirtuale: z.boolean(),
  ivaAndRivalsaInclusa: z.boolean(),
  ritenutaAcconto: z.object({
    isActive: z.boolean(),
    baseImponibile: z.number(),
    importoRitenuta: z.number(),
    aliquotaRitenuta: z.number(),
    tipoRitenuta: z.enum(tipiRitenuta).nullable(),
    causalePagamento: z.enum(causaliPagamento).nullable(),
  }),
});
export type Tassazione = z.infer<typeof tassazioneSchema>;

/** Every figure of the document, from computeTotals, in euros. */
export const totaliSchema = z.object({
  righe: z.array(
    z.object({
      /** unit × quantity × (1 − discount), as entered (with prices including fund and VAT, what the patient pays). */
      importo: z.number(),
      imponibile: z.number(),
      prezzoUnitarioNetto: z.string(),
      prezzoLordo: z.number(),
      quotaBollo: z.number(),
    }),
  ),
  totalePrestazioni: z.number(),
  cassa: z.number(),
  cassaCodiceIvaId: z.number().nullable(),
  riepilogoIva: z.array(
    z.object({
      codiceIvaId: z.number(),
      aliquota: z.number(),
      natura: z.string().nullable(),
      imponibile: z.number(),
      imposta: z.number(),
    }),
  ),
  iva: z.number(),
  marcaDaBolloDovuta: z.boolean(),
  marcaDaBollo: z.number(),
  marcaDaBolloAddebitata: z.number(),
  ritenutaBaseSuggerita: z.number(),
  ritenuta: z.number(),
  totale: z.number(),
  netto: z.number(),
});
export type Totali = z.infer<typeof totaliSchema>;

/** The customer as printed on the document: the patient's data when it was issued (or refreshed). */
export const clienteSchema = z.object({
  id: z.string().nullable(),
  tipologiaPersona: z.enum(['FISICA', 'GIURIDICA']),
  nome: z.string().nullable(),
  cognome: z.string().nullable(),
  nomeCompleto: z.string(),
  ragioneSociale: z.string().nullable(),
  codiceFiscale: z.string().nullable(),
  partitaIva: z.string().nullable(),
  codiceDestinatario: z.string().nullable(),
  pec: z.string().nullable(),
  email: z.string().nullable(),
  residenza: z.object({
    indirizzo: z.string().nullable(),
    cap: z.string().nullable(),
    comune: z.string().nullable(),
    provincia: z.string().nullable(),
    nazione: z.string().nullable(),
  }),
  validForFattura: z.boolean(),
  /** spec part 2 §5: natural persons opposing transmission to the Sistema TS. */
  opposizioneTs: z.boolean(),
});
export type Cliente = z.infer<typeof clienteSchema>;

/** The studio as printed on the document when it was issued. */
export const emittenteSchema = z.object({
  denominazione: z.string(),
  professione: z.string().nullable(),
  iscrizioneAlbo: z.string().nullable(),
  codiceFiscale: z.string().nullable(),
  partitaIva: z.string().nullable(),
  residenza: z.object({
    indirizzo: z.string().nullable(),
    cap: z.string().nullable(),
    comune: z.string().nullable(),
    provincia: z.string().nullable(),
  }),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  pec: z.string().nullable(),
  logoAssetId: z.string().nullable(),
});
export type Emittente = z.infer<typeof emittenteSchema>;

/** An attempt to send the document to the SDI (every one is kept: a rejected invoice is corrected and sent again). */
export const sdiInvioSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  stato: z.string(),
  canale: z.string(),
  identificativoSdi: z.string().nullable(),
  errore: z.string().nullable(),
  createdAt: z.string(),
  inviatoAt: z.string().nullable(),
});
export type SdiInvio = z.infer<typeof sdiInvioSchema>;

export const sdiNotificationSchema = z.object({
  uuid: z.string(),
  invoice_uuid: z.string(),
  created_at: z.string(),
  type: z.enum(['NS', 'SE', 'DT', 'RC', 'NE', 'MC', 'MT', 'EC', 'AT']),
  message: z.unknown(),
});

const documentCommon = {
  id: z.uuid(),
  idDocumento: z.string(),
  studioId: z.uuid(),
  pazienteId: z.string().nullable(),
  paziente: clienteSchema,
  emittente: emittenteSchema,
  anno: z.number(),
  dataScadenza: z.string().nullable(),
  metodoPagamento: z.enum(metodiPagamento),
  prestazione: z.array(lineSchema),
  tassazione: tassazioneSchema,
  coordinateBancarie: z
    .object({
      intestatario: z.string().nullable(),
      nomeBanca: z.string().nullable(),
      iban: z.string().nullable(),
      bicSwift: z.string().nullable(),
    })
    .nullable(),
  fatturaSettings: z.object({ middleText: z.string().nullable(), footerText: z.string().nullable() }),
  note: z.string().nullable(),
  causali: z.array(z.string()),
  linkedCalendarEventsIds: z.array(z.string()),
  totali: totaliSchema,
  totalePrestazione: z.number(),
  aliquotaIva: z.number(),
  totaleFattura: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const fatturaSchema = z.object({
  ...documentCommon,
  tipoDocumento: z.enum(tipiDocumentoFattura),
  numeroFattura: z.number(),
  sezionale: z.string(),
  suffisso: z.string().nullable(),
  dataFattura: z.string(),
  dataIncasso: z.string().nullable(),
  pagata: z.boolean(),
  idMarcaDaBollo: z.string().nullable(),
  isElettronica: z.boolean(),
  isInviataToSDI: z.boolean(),
  sdiNotifications: z.array(sdiNotificationSchema),
  sdiInvii: z.array(sdiInvioSchema),
  /** Where the document goes and why (issue 13: one rule for every document). */
  canaleInvio: z.enum(['SDI', 'SISTEMA_TS']),
  canaleMotivo: z.string(),
  codiceDestinatario: z.string().nullable(),
  pecDestinatario: z.string().nullable(),
  formatoTrasmissione: z.enum(formatiTrasmissione),
  codiceCIG: z.string().nullable(),
  idDocumentoOrdineAcquisto: z.string().nullable(),
  dataDocumentoOrdineAcquisto: z.string().nullable(),
  codiceCommessaConvenzione: z.string().nullable(),
  numeroFatturaCollegata: z.string().nullable(),
  dataFatturaCollegata: z.string().nullable(),
  /** The pro-forma this invoice came from. */
  proformaId: z.string().nullable(),
  /** For an invoice: its credit notes' ids. */
  noteDiCreditoIds: z.array(z.string()),
});
export type Fattura = z.infer<typeof fatturaSchema>;

export const proformaSchema = z.object({
  ...documentCommon,
  tipoDocumento: z.literal('PROFORMA'),
  numero: z.number(),
  data: z.string(),
  accepted: z.boolean(),
  /** The invoice it became, once converted. */
  fatturaId: z.string().nullable(),
  fatturaIdDocumento: z.string().nullable(),
});
export type Proforma = z.infer<typeof proformaSchema>;

/** A row of the invoice tables (spec part 2 §2). */
export const fatturaRowSchema = z.object({
  id: z.uuid(),
  idDocumento: z.string(),
  tipoDocumento: z.enum([...tipiDocumentoFattura, 'PROFORMA']),
  numero: z.number(),
  anno: z.number(),
  sezionale: z.string(),
  pazienteId: z.string().nullable(),
  cliente: z.string(),
  dataFattura: z.string(),
  dataScadenza: z.string().nullable(),
  pagata: z.boolean(),
  dataIncasso: z.string().nullable(),
  metodoPagamento: z.enum(metodiPagamento),
  isElettronica: z.boolean(),
  isInviataToSDI: z.boolean(),
  sdiNotifications: z.array(sdiNotificationSchema),
  /** spec part 2 §4: unpaid and due date in the past (Europe/Rome). */
  scaduta: z.boolean(),
  accepted: z.boolean().nullable(),
  totaleFattura: z.number(),
  netto: z.number(),
});
export type FatturaRow = z.infer<typeof fatturaRowSchema>;

export const fatturaPageSchema = z.object({
  content: z.array(fatturaRowSchema),
  /** How many documents match, counted up to 10,000 (then totalIsExact is false: "more than 10,000"). */
  totalElements: z.number().int(),
  totalIsExact: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
});
export type FatturaPage = z.infer<typeof fatturaPageSchema>;

export const nextNumberSchema = z.object({ numeroDocumento: z.number().int() });

/** spec part 2 §3 Stats. */
export const statsSchema = z.object({
  fatturato: z.number(),
  incassato: z.number(),
  costo: z.number(),
  nrFattureNonPagate: z.number().int(),
  nrFattureScadute: z.number().int(),
  nrFattureRicevute: z.number().int(),
  /** Credit notes whose money has not yet gone back to the patient (issue 26: refunded, never "paid"). */
  nrNoteDaRimborsare: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
export const statsByYearSchema = z.record(z.string(), statsSchema);
export const statsMonthlySchema = statsSchema.extend({ netCashFlow: z.number() });
export const invoicingYearsSchema = z.object({ anniConFatture: z.array(z.number().int()) });

export const codiceIvaSchema = z.object({
  id: z.number(),
  aliquota: z.number(),
  description: z.string(),
  natura: z.string().nullable(),
  splitPayment: z.boolean(),
  deprecated: z.boolean(),
});
export const cassaPrevidenzialeTypeSchema = z.object({
  code: z.enum(cassePrevidenzialiCodes),
  label: z.string(),
  tipoContributo: z.enum(tipiContributo),
  contributoPercentuale: z.number(),
  tipoCassa: z.string().nullable(),
});
