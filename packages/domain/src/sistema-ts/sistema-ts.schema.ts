import { isValidPartitaIva, isValidPersonalCodiceFiscale } from '../anagrafica/fiscal-codes.ts';
import { textRule } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { sistemaTsMessages as m } from './sistema-ts.messages.ts';

/**
 * The deadline of a year's health expenses: since D.Lgs. 81/2025 they are sent once a year, by 31 January of the
 * following year (the studio may send them as it goes as well).
 */
export const scadenzaTsOf = (anno: number) => `${anno + 1}-01-31`;

/** Who sends: a professional of a health profession (their fiscal code) or a structure (region, ASL, SSA codes). */
export const categorieProprietario = ['PROFESSIONISTA', 'STRUTTURA'] as const;

const optionalCode = (pattern: RegExp, message: string) =>
  z.string().trim().regex(pattern, { error: message }).or(z.literal('')).nullish();

/**
 * PATCH /settings/sistema-ts: the sender's identity and credentials. Password and pincode are write-only: sent to
 * change them, never answered (kept encrypted at rest); an empty or missing one keeps the stored value.
 */
export const sistemaTsSectionInputSchema = z.strictObject({
  categoria: z.enum(categorieProprietario).optional(),
  cfProprietario: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isValidPersonalCodiceFiscale(v) || isValidPartitaIva(v), {
      error: m.cfProprietarioInvalid,
    })
    .optional(),
  codiceRegione: optionalCode(/^\d{3}$/, m.codiceRegioneInvalid),
  codiceAsl: optionalCode(/^\d{3}$/, m.codiceAslInvalid),
  codiceSSA: optionalCode(/^\d{1,6}$/, m.codiceSsaInvalid),
  username: z.string().trim().max(100).check(textRule()).optional(),
  password: z.string().max(200).optional(),
  pincode: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, { error: m.pincodeInvalid })
    .optional(),
  /** The Sistema TS's encryption certificate (SanitelCF.cer), PEM or base64 DER. */
  certificato: z.string().trim().max(20_000).optional(),
  /** Send each health expense as soon as its document is paid, besides the yearly sending. */
  invioAutomatico: z.boolean().optional(),
});
export type SistemaTsSectionInput = z.infer<typeof sistemaTsSectionInputSchema>;

/** The section as answered: what was set, never the secrets themselves. */
export type SistemaTsSettings = {
  categoria: (typeof categorieProprietario)[number];
  cfProprietario: string;
  codiceRegione: string;
  codiceAsl: string;
  codiceSSA: string;
  username: string;
  passwordSet: boolean;
  pincodeSet: boolean;
  certificato: { soggetto: string; validoDal: string; validoAl: string; scaduto: boolean } | null;
  invioAutomatico: boolean;
};

/** POST /sistema-ts/invia: the chosen documents, or every one still due of a year. */
export const inviaTsInputSchema = z
  .strictObject({
    anno: z.int().min(2015).max(2100).optional(),
    documentoIds: z.array(z.uuid()).min(1).max(5000).optional(),
  })
  .refine((v) => v.anno !== undefined || v.documentoIds !== undefined, { error: m.nothingToSend });
export type InviaTsInput = z.infer<typeof inviaTsInputSchema>;

const statiTs = [
  'NON_PAGATA',
  'NON_RIMBORSATA',
  'ANNULLATA',
  'DA_INVIARE',
  'INVIATO',
  'ACCETTATO',
  'SCARTATO',
  'CANCELLATO',
] as const;
const operazioniTs = ['I', 'V', 'C', 'R'] as const;

export const tsErroreSchema = z.object({
  codice: z.string(),
  descrizione: z.string(),
  suggerimento: z.string().optional(),
});

/** A health document as the yearly overview and the invoice page show it. */
export const tsDocumentoSchema = z.object({
  id: z.string(),
  idDocumento: z.string(),
  tipoDocumento: z.string(),
  dataFattura: z.string(),
  dataPagamento: z.string().nullable(),
  cliente: z.string(),
  opposizione: z.boolean(),
  importo: z.number(),
  anno: z.number(),
  stato: z.enum(statiTs),
  /** What the next record does when sent (null when nothing is due). */
  operazione: z.enum(operazioniTs).nullable(),
  /** Why a document is not sent, or what goes for it (a credit note and its invoice), in Italian; null otherwise. */
  nota: z.string().nullable(),
  errori: z.array(tsErroreSchema),
  protocollo: z.string().nullable(),
  inviatoAt: z.string().nullable(),
});
export type TsDocumento = z.infer<typeof tsDocumentoSchema>;

export const tsDocumentoDettaglioSchema = tsDocumentoSchema.extend({
  invii: z.array(
    z.object({
      id: z.string(),
      operazione: z.enum(operazioniTs),
      stato: z.string(),
      errori: z.array(tsErroreSchema),
      protocollo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type TsDocumentoDettaglio = z.infer<typeof tsDocumentoDettaglioSchema>;

/** GET /sistema-ts/riepilogo: a year at a glance. */
export const riepilogoTsSchema = z.object({
  anno: z.number(),
  anni: z.array(z.number()),
  scadenza: z.string(),
  canale: z.string(),
  simulatore: z.boolean(),
  conteggi: z.object({
    nonPagate: z.number(),
    nonRimborsate: z.number(),
    annullate: z.number(),
    daInviare: z.number(),
    inviati: z.number(),
    accettati: z.number(),
    scartati: z.number(),
    cancellati: z.number(),
  }),
  documenti: z.array(tsDocumentoSchema),
});
export type RiepilogoTs = z.infer<typeof riepilogoTsSchema>;

export const inviaTsResultSchema = z.object({
  lottoId: z.string(),
  inviati: z.number(),
  esclusi: z.array(z.object({ documentoId: z.string(), idDocumento: z.string(), errori: z.array(tsErroreSchema) })),
});
export type InviaTsResult = z.infer<typeof inviaTsResultSchema>;

export const riepilogoTsQuerySchema = z.object({
  studioId: z.uuid().optional(),
  anno: z.coerce.number().int().min(2015).max(2100),
});

/** A transmission (file) sent to the Sistema TS, as listed for download (issue 30 item 3). */
export const tsTrasmissioneSchema = z.object({
  id: z.string(),
  /** When the file was made (DD-MM-YYYY HH:mm in Rome is the UI's business). */
  createdAt: z.string(),
  /** IN_CODA, INVIO_IN_CORSO, INVIATO, ELABORATO, ERRORE_INVIO */
  stato: z.string(),
  protocollo: z.string().nullable(),
  /** The records of the year asked for in the file. */
  documenti: z.number().int(),
  fileName: z.string(),
});
export type TsTrasmissione = z.infer<typeof tsTrasmissioneSchema>;
export const tsTrasmissioniSchema = z.object({ anno: z.number().int(), trasmissioni: z.array(tsTrasmissioneSchema) });
export type TsTrasmissioni = z.infer<typeof tsTrasmissioniSchema>;
