import { date, index, jsonb, pgTable, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { patients } from './patients.ts';
import { studios } from './studios.ts';
import { users } from './users.ts';

/** One range-of-motion measure as stored (docs/decisions/029). */
export type StoredRomRow = {
  distretto: string;
  movimento: string;
  lato: 'DX' | 'SX' | 'BILATERALE' | null;
  attivo: number | null;
  passivo: number | null;
  note: string | null;
};

const studioId = () =>
  uuid('studio_id')
    .notNull()
    .references(() => studios.id, { onDelete: 'cascade' });
/**
 * The clinical record is a record the studio must keep (issue 30 item 5, decision 040): deleting its patient is
 * refused (patients.service maps the constraint to the message). NO ACTION, not RESTRICT: deleting a whole studio
 * removes the patient and the record in one statement, checked at its end (as signature_requests).
 */
const pazienteId = () =>
  uuid('paziente_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'no action' });
/** Who wrote it; kept when the user leaves the platform as null (the record stays the studio's). */
const authorUserId = () => uuid('author_user_id').references(() => users.id, { onDelete: 'set null' });

/** An initial evaluation or a follow-up of a patient (issue 16 part 1): its sections as columns, free text each. */
export const clinicalEvaluations = pgTable(
  'clinical_evaluations',
  {
    id: id(),
    studioId: studioId(),
    pazienteId: pazienteId(),
    tipo: text('tipo', { enum: ['INIZIALE', 'CONTROLLO'] }).notNull(),
    data: date('data').notNull(),
    motivoInvio: text('motivo_invio'),
    anamnesi: text('anamnesi'),
    doloreNrs: smallint('dolore_nrs'),
    doloreSede: text('dolore_sede'),
    doloreCaratteristiche: text('dolore_caratteristiche'),
    esameObiettivo: text('esame_obiettivo'),
    testFunzionali: text('test_funzionali'),
    articolarita: jsonb('articolarita').$type<StoredRomRow[]>().notNull().default([]),
    diagnosi: text('diagnosi'),
    obiettivi: text('obiettivi'),
    pianoTrattamento: text('piano_trattamento'),
    note: text('note'),
    authorUserId: authorUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clinical_evaluations_patient_idx').on(t.studioId, t.pazienteId, t.data)],
);

/** One treatment session's note (issue 16 part 2), SOAP, optionally linked to its appointment. */
export const clinicalDiaryEntries = pgTable(
  'clinical_diary_entries',
  {
    id: id(),
    studioId: studioId(),
    pazienteId: pazienteId(),
    data: date('data').notNull(),
    /**
     * The appointment as the calendar names it: an event's id or a series occurrence's (`<uuid>_<instant>`), so no
     * foreign key; deleting the appointment leaves the note (a clinical record outlives the calendar).
     */
    eventId: text('event_id'),
    appuntamentoInizio: timestamp('appuntamento_inizio', { withTimezone: true }),
    soggettivo: text('soggettivo'),
    oggettivo: text('oggettivo'),
    valutazione: text('valutazione'),
    piano: text('piano'),
    trattamenti: text('trattamenti'),
    authorUserId: authorUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clinical_diary_patient_idx').on(t.studioId, t.pazienteId, t.data, t.createdAt),
    index('clinical_diary_event_idx').on(t.studioId, t.eventId),
  ],
);

/** A questionnaire filled in (issue 16 part 5): the answers and the score the domain computed from them. */
export const clinicalOutcomeMeasures = pgTable(
  'clinical_outcome_measures',
  {
    id: id(),
    studioId: studioId(),
    pazienteId: pazienteId(),
    codice: text('codice').notNull(),
    data: date('data').notNull(),
    risposte: jsonb('risposte').$type<Record<string, number | null>>().notNull(),
    punteggio: real('punteggio').notNull(),
    fascia: text('fascia').notNull(),
    note: text('note'),
    authorUserId: authorUserId(),
    createdAt: createdAt(),
  },
  (t) => [index('clinical_outcome_patient_idx').on(t.studioId, t.pazienteId, t.codice, t.data)],
);
