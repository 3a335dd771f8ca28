import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { documentiContabili } from './invoices.ts';
import { studios } from './studios.ts';

type Json = Record<string, unknown>;

/**
 * One transmission to the Sistema Tessera Sanitaria (issue 14): a file of health-expense records, sent once and
 * answered with a protocol, then with each record's outcome. The row is written in the transaction that accepts the
 * request; the queue's job finds it 'IN_CODA' or does nothing (never sent twice).
 */
export const tsLotti = pgTable(
  'ts_lotti',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    /** The file as sent (the citizens' fiscal codes in it are encrypted with the Sistema TS's certificate). */
    xml: text('xml').notNull(),
    /** IN_CODA, INVIO_IN_CORSO, INVIATO (protocol received), ELABORATO (outcomes received), ERRORE_INVIO */
    stato: text('stato').notNull(),
    /** Who transmitted: 'simulator' or 'webservice'. */
    canale: text('canale').notNull(),
    protocollo: text('protocollo'),
    errore: text('errore'),
    createdAt: createdAt(),
    inviatoAt: timestamp('inviato_at', { withTimezone: true, mode: 'date' }),
    esitoAt: timestamp('esito_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('ts_lotti_studio_idx').on(t.studioId, t.createdAt)],
);

/**
 * A document's record in a transmission: inserimento, variazione, cancellazione or rimborso, with the record's data
 * as sent (to see whether the document changed since, and to cancel it even after the document is deleted).
 */
export const tsInvii = pgTable(
  'ts_invii',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    lottoId: uuid('lotto_id')
      .notNull()
      .references(() => tsLotti.id, { onDelete: 'cascade' }),
    documentoId: uuid('documento_id').references(() => documentiContabili.id, { onDelete: 'set null' }),
    /** The expense's year (of its payment): the yearly deadline it belongs to. */
    anno: integer('anno').notNull(),
    numeroDocumento: text('numero_documento').notNull(),
    dataEmissione: text('data_emissione').notNull(),
    /** I inserimento, V variazione, C cancellazione, R rimborso */
    operazione: text('operazione').notNull(),
    record: jsonb('record').$type<Json>().notNull(),
    /** IN_CODA, INVIATO, ACCETTATO, SCARTATO, ERRORE_INVIO */
    stato: text('stato').notNull(),
    errori: jsonb('errori').$type<Json[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('ts_invii_documento_idx').on(t.documentoId, t.createdAt),
    index('ts_invii_anno_idx').on(t.studioId, t.anno),
    index('ts_invii_lotto_idx').on(t.lottoId),
    // SECURITY (law): a document is never in two transmissions at once
    uniqueIndex('ts_invii_in_corso_uq').on(t.documentoId).where(sql`${t.stato} in ('IN_CODA', 'INVIATO')`),
  ],
);
