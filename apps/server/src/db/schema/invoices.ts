import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { patients } from './patients.ts';
import { studios } from './studios.ts';

type Json = Record<string, unknown>;

/**
 * An accounting document of a studio (spec part 2 §3): invoice, credit note or pro-forma. Lines, taxes and the
 * customer and studio as printed are kept whole as JSON (they are read and written with the document, never queried
 * apart); the figures the lists and stats need are columns, computed by the domain's documentTotals on every write.
 */
export const documentiContabili = pgTable(
  'documenti_contabili',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    /** The patient it was issued to; a deleted patient leaves the document with its printed customer data. */
    pazienteId: uuid('paziente_id').references(() => patients.id, { onDelete: 'set null' }),
    /** 'FATTURA' (invoices and credit notes, one numbering) or 'PROFORMA'. */
    serie: text('serie', { enum: ['FATTURA', 'PROFORMA'] }).notNull(),
    tipoDocumento: text('tipo_documento').notNull(),
    numero: integer('numero').notNull(),
    anno: integer('anno').notNull(),
    sezionale: text('sezionale').notNull().default(''),
    suffisso: text('suffisso'),
    idDocumento: text('id_documento').notNull(),
    dataDocumento: date('data_documento', { mode: 'string' }).notNull(),
    dataScadenza: date('data_scadenza', { mode: 'string' }),
    pagata: boolean('pagata').notNull().default(false),
    dataIncasso: date('data_incasso', { mode: 'string' }),
    metodoPagamento: text('metodo_pagamento').notNull(),
    accepted: boolean('accepted'),
    isInviataToSdi: boolean('is_inviata_to_sdi').notNull().default(false),
    /** Where the document goes (domain canaleInvioOf): 'SDI' or 'SISTEMA_TS'; null for a pro-forma. */
    canaleInvio: text('canale_invio', { enum: ['SDI', 'SISTEMA_TS'] }),
    /** Recipient, purchase-order and linked-invoice fields, stamp id (FatturaPA data). */
    datiTrasmissione: jsonb('dati_trasmissione').$type<Json>().notNull(),
    prestazione: jsonb('prestazione').$type<Json[]>().notNull(),
    tassazione: jsonb('tassazione').$type<Json>().notNull(),
    coordinateBancarie: jsonb('coordinate_bancarie').$type<Json>(),
    fatturaSettings: jsonb('fattura_settings').$type<Json>().notNull(),
    note: text('note'),
    causali: text('causali').array().notNull().default(sql`'{}'::text[]`),
    cliente: jsonb('cliente').$type<Json>().notNull(),
    /** Lower-case customer name, fiscal code, VAT number and document number: what the list's search text matches. */
    clienteSearch: text('cliente_search').notNull(),
    emittente: jsonb('emittente').$type<Json>().notNull(),
    regimeFiscale: text('regime_fiscale'),
    totaleCents: integer('totale_cents').notNull(),
    nettoCents: integer('netto_cents').notNull(),
    /** The invoice a credit note corrects; the pro-forma an invoice came from. */
    fatturaCollegataId: uuid('fattura_collegata_id'),
    proformaId: uuid('proforma_id'),
    /** For a pro-forma: the invoice it became. */
    fatturaId: uuid('fattura_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // SECURITY (law): one document per number in a register; with the counters this keeps numbering gapless and unique
    uniqueIndex('documenti_numero_uq').on(t.studioId, t.serie, t.sezionale, t.anno, t.numero),
    // the lists' order (date, number, id: newest first by a backward scan); paid state and type after them, so the
    // counts of those filters read the index alone
    index('documenti_studio_data_idx').on(
      t.studioId,
      t.serie,
      t.dataDocumento,
      t.numero,
      t.id,
      t.pagata,
      t.tipoDocumento,
    ),
    // the lists' search text: trigrams with the studio in the same GIN index (btree_gin), as patients had
    index('documenti_search_idx')
      .using('gin', t.studioId, sql`${t.clienteSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('documenti_paziente_idx').on(t.pazienteId, t.dataDocumento),
    // the stats: what a period invoiced and left unpaid or overdue, and what it collected, each from its own index
    index('documenti_stats_idx').on(
      t.studioId,
      t.serie,
      t.dataDocumento,
      t.tipoDocumento,
      t.pagata,
      t.dataScadenza,
      t.totaleCents,
    ),
    index('documenti_incasso_idx')
      .on(t.studioId, t.serie, t.dataIncasso, t.tipoDocumento, t.nettoCents)
      .where(sql`${t.pagata}`),
    // an invoice's credit notes
    index('documenti_collegata_idx').on(t.fatturaCollegataId).where(sql`${t.fatturaCollegataId} is not null`),
  ],
);

/**
 * The last number given in each register (studio, series, sezionale, year). A new document takes last + 1 in its own
 * transaction, holding the row lock until commit: concurrent creators queue, and a rolled-back creation gives the
 * number back, so there are neither duplicates nor gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    serie: text('serie', { enum: ['FATTURA', 'PROFORMA'] }).notNull(),
    sezionale: text('sezionale').notNull(),
    anno: integer('anno').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studioId, t.serie, t.sezionale, t.anno] })],
);
