import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { documentiContabili } from './invoices.ts';
import { studios } from './studios.ts';

type Json = Record<string, unknown>;

/**
 * Every file sent to the SDI for a document (issue 13): a rejected invoice is corrected and sent again as a new
 * attempt, so its history stays whole. The row is written in the transaction that accepts the request to send and is
 * the durable record the queue's job works from: a job finds it 'IN_CODA' or does nothing (never sent twice).
 */
export const sdiInvii = pgTable(
  'sdi_invii',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    documentoId: uuid('documento_id')
      .notNull()
      .references(() => documentiContabili.id, { onDelete: 'cascade' }),
    progressivoInvio: text('progressivo_invio').notNull(),
    fileName: text('file_name').notNull(),
    xml: text('xml').notNull(),
    /** IN_CODA, INVIATO, SCARTATO, CONSEGNATO, NON_CONSEGNATO, ACCETTATO, RIFIUTATO, DECORRENZA_TERMINI, ERRORE_INVIO */
    stato: text('stato').notNull(),
    /** Who transmitted: 'simulatore' or the intermediary's name. */
    canale: text('canale').notNull(),
    identificativoSdi: text('identificativo_sdi'),
    errore: text('errore'),
    createdAt: createdAt(),
    inviatoAt: timestamp('inviato_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // SECURITY (law): a file name is never used twice by a transmitter (the SDI refuses it: 00002)
    uniqueIndex('sdi_invii_file_uq').on(t.studioId, t.fileName),
    index('sdi_invii_documento_idx').on(t.documentoId, t.createdAt),
  ],
);

/** What the SDI answered about an attempt (spec part 2 §3 "SDI notification"). */
export const sdiNotifiche = pgTable(
  'sdi_notifiche',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    documentoId: uuid('documento_id')
      .notNull()
      .references(() => documentiContabili.id, { onDelete: 'cascade' }),
    invioId: uuid('invio_id')
      .notNull()
      .references(() => sdiInvii.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: jsonb('message').$type<Json>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sdi_notifiche_documento_idx').on(t.documentoId, t.createdAt)],
);

/** A studio's counter of files sent (ProgressivoInvio and the file name's progressive). */
export const sdiCounters = pgTable('sdi_counters', {
  studioId: uuid('studio_id')
    .primaryKey()
    .references(() => studios.id, { onDelete: 'cascade' }),
  lastProgressivo: integer('last_progressivo').notNull(),
});

/**
 * An invoice received from a supplier (fatturazione passiva): a cost of the studio, one row per document of the file,
 * with the file kept as received and what the SDI's checks say about it.
 */
export const documentiRicevuti = pgTable(
  'documenti_ricevuti',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    /** SHA-256 of the file and the document's index in it: the same file never imports twice. */
    hash: text('hash').notNull(),
    indice: integer('indice').notNull(),
    fileName: text('file_name').notNull(),
    origine: text('origine', { enum: ['UPLOAD', 'SDI'] }).notNull(),
    fornitore: text('fornitore').notNull(),
    fornitorePartitaIva: text('fornitore_partita_iva'),
    fornitoreCodiceFiscale: text('fornitore_codice_fiscale'),
    tipoDocumento: text('tipo_documento').notNull(),
    numero: text('numero').notNull(),
    dataDocumento: text('data_documento').notNull(),
    dataScadenza: text('data_scadenza'),
    imponibileCents: bigint('imponibile_cents', { mode: 'number' }).notNull(),
    ivaCents: bigint('iva_cents', { mode: 'number' }).notNull(),
    totaleCents: bigint('totale_cents', { mode: 'number' }).notNull(),
    ritenutaCents: bigint('ritenuta_cents', { mode: 'number' }).notNull(),
    avvisi: jsonb('avvisi').$type<Json[]>().notNull(),
    /** The signature of a .p7m: who signed and whether it verified. */
    firma: jsonb('firma').$type<Json>(),
    /**
     * Where the file's XML is kept: the storage adapter's key (the rows of one file share it). Not in the row: a file
     * at the SDI's 5 MB limit written into a text column held the embedded database, and with it every request, for
     * 0.1-0.3 s (decision 033). A trigger records the key for the storage sweep when the file's last row goes.
     */
    storageKey: text('storage_key'),
    /**
     * The XML of rows written before migration 0028, until the start-up step moves it to storage (storage_key set,
     * xml null); never written now. Readers fall back to it while a row is not moved yet.
     */
    xml: text('xml'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('documenti_ricevuti_hash_uq').on(t.studioId, t.hash, t.indice),
    index('documenti_ricevuti_data_idx').on(t.studioId, t.dataDocumento),
    index('documenti_ricevuti_search_idx').on(t.studioId, sql`lower(${t.fornitore})`),
    index('documenti_ricevuti_storage_idx').on(t.storageKey),
    check('documenti_ricevuti_xml_kept', sql`${t.storageKey} is not null or ${t.xml} is not null`),
  ],
);

/**
 * The signatures of the intermediary's webhook calls already received: a call replayed (the same signature again)
 * is refused. Kept a day; older ones are refused anyway by their signature's creation time.
 */
export const sdiWebhookReceipts = pgTable('sdi_webhook_receipts', {
  signatureHash: text('signature_hash').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
