import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/** A patient of a studio (spec part 1 §3): datiGenerali, contatti, residenza and datiSanitari as flat columns. */
export const patients = pgTable(
  'patients',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['ACTIVE', 'UNACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    tipologiaPersona: text('tipologia_persona', { enum: ['FISICA', 'GIURIDICA'] }).notNull(),
    nome: text('nome'),
    cognome: text('cognome'),
    ragioneSociale: text('ragione_sociale'),
    sesso: text('sesso', { enum: ['U', 'D'] })
      .notNull()
      .default('U'),
    codiceFiscale: text('codice_fiscale'),
    partitaIva: text('partita_iva'),
    codiceDestinatario: text('codice_destinatario'),
    dataNascita: date('data_nascita', { mode: 'string' }),
    comuneNascita: text('comune_nascita'),
    provinciaNascita: text('provincia_nascita'),
    nazionalita: text('nazionalita').notNull().default('IT'),
    isPubblicaAmministrazione: boolean('is_pubblica_amministrazione').notNull().default(false),
    note: text('note'),
    cellulare: text('cellulare'),
    telefono: text('telefono'),
    email: text('email'),
    pec: text('pec'),
    indirizzo: text('indirizzo'),
    cap: text('cap'),
    comune: text('comune'),
    provincia: text('provincia'),
    numeroTesseraSanitaria: text('numero_tessera_sanitaria'),
    documentoIdentita: text('documento_identita'),
    trasmissioneSistemaSanitario: boolean('trasmissione_sistema_sanitario').notNull().default(true),
    /** The patient asked not to get automatic appointment reminders (issue 29, decision 036). */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /** Names, codes, e-mails and phones, lower case without accents (patientSearchText): what search matches. */
    searchText: text('search_text').notNull(),
    /** The display name, normalised: the list's order. */
    sortName: text('sort_name').notNull(),
    /** How the patient came: null when the studio entered them, 'ONLINE_BOOKING' when an online booking created them. */
    source: text('source', { enum: ['ONLINE_BOOKING'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // name order for pages, the export and the load of the in-memory search index
    index('patients_studio_sort_idx').on(t.studioId, t.sortName, t.id),
    // one fiscal code per studio (part 1 §7 issue rule: a second patient with the same code is refused)
    uniqueIndex('patients_studio_codice_fiscale_idx')
      .on(t.studioId, t.codiceFiscale)
      .where(sql`${t.codiceFiscale} is not null`),
    // fastupdate off: no pending list, which PGlite (no autovacuum) would otherwise let grow and slow every filter
    index('patients_tags_idx').using('gin', t.tags).with({ fastupdate: false }),
    check('patients_source', sql`${t.source} is null or ${t.source} = 'ONLINE_BOOKING'`),
  ],
);

/**
 * A counter per studio that moves whenever what search reads of its patients changes (names, search text, state,
 * tags, a patient added or removed), bumped by triggers in the writing transaction whatever wrote. Each server keeps
 * its studios' search index in memory (patient-search-index.ts) and brings it up to date when this counter has moved.
 */
export const patientSearchVersions = pgTable('patient_search_versions', {
  studioId: uuid('studio_id')
    .primaryKey()
    .references(() => studios.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

/**
 * Which patients each version changed (the same triggers write it), so that a server can bring its search index up to
 * date with those rows alone. A statement changing more than 1,000 patients of a studio writes none (its version then
 * has no rows: the index is read again whole), and only the last 1,000 versions of a studio are kept.
 */
export const patientSearchChanges = pgTable(
  'patient_search_changes',
  {
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'bigint' }).notNull(),
    patientId: uuid('patient_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studioId, t.version, t.patientId] })],
);
