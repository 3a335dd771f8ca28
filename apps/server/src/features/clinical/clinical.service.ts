import type { ClinicalEvaluationPdfInput } from '@studiolo/documents';
import {
  type DiaryData,
  type DiaryEntry,
  type Evaluation,
  type EvaluationData,
  evaluationKindLabels,
  evaluationSectionLabels,
  evaluationSections,
  clinicalMessages as m,
  type OutcomeMeasureCode,
  type OutcomeRecord,
  OutcomeScoreError,
  type outcomeInputSchema,
  romColumnLabels,
  romSideLabels,
  scoreOutcome,
} from '@studiolo/domain/clinical';
import { isoDateToUi, sanitizeFileName } from '@studiolo/domain/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { invalidField, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { changedFieldNames } from '../audit/audit.repository.ts';
import { documentPartiesOf } from '../form-templates/form-templates.pdf.service.ts';
import {
  type Author,
  type DiaryColumns,
  type DiaryRow,
  type EvaluationColumns,
  type EvaluationRow,
  type OutcomeRow,
  clinicalRepository as repo,
  type WithAuthor,
} from './clinical.repository.ts';
import { logClinicalAccess } from './clinical-access.ts';

const authorOf = (row: { authorUserId: string | null; author: Author }) => ({
  userId: row.authorUserId,
  name: [row.author.nome, row.author.cognome].filter(Boolean).join(' ') || null,
});

export const toEvaluation = (row: WithAuthor<EvaluationRow>): Evaluation => ({
  id: row.id,
  pazienteId: row.pazienteId,
  tipo: row.tipo,
  data: row.data,
  motivoInvio: row.motivoInvio,
  anamnesi: row.anamnesi,
  doloreNrs: row.doloreNrs,
  doloreSede: row.doloreSede,
  doloreCaratteristiche: row.doloreCaratteristiche,
  esameObiettivo: row.esameObiettivo,
  testFunzionali: row.testFunzionali,
  articolarita: row.articolarita.map((r) => ({
    distretto: r.distretto,
    movimento: r.movimento,
    lato: r.lato ?? null,
    attivo: r.attivo ?? null,
    passivo: r.passivo ?? null,
    note: r.note ?? null,
  })),
  diagnosi: row.diagnosi,
  obiettivi: row.obiettivi,
  pianoTrattamento: row.pianoTrattamento,
  note: row.note,
  autore: authorOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toDiaryEntry = (row: WithAuthor<DiaryRow>): DiaryEntry => ({
  id: row.id,
  pazienteId: row.pazienteId,
  data: row.data,
  eventId: row.eventId,
  appuntamentoInizio: row.appuntamentoInizio?.toISOString() ?? null,
  soggettivo: row.soggettivo,
  oggettivo: row.oggettivo,
  valutazione: row.valutazione,
  piano: row.piano,
  trattamenti: row.trattamenti,
  autore: authorOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toOutcome = (row: WithAuthor<OutcomeRow>): OutcomeRecord => {
  const codice = row.codice as OutcomeMeasureCode;
  // the scale's range and direction come from the domain, the stored score is what was computed when filled
  const scored = scoreOutcome(codice, row.risposte);
  return {
    id: row.id,
    pazienteId: row.pazienteId,
    codice,
    data: row.data,
    risposte: row.risposte,
    punteggio: row.punteggio,
    min: scored.min,
    max: scored.max,
    unita: scored.unit,
    fascia: row.fascia,
    peggioreSeAlto: scored.higherIsWorse,
    note: row.note,
    autore: authorOf(row),
    createdAt: row.createdAt.toISOString(),
  };
};

/** The patient must be the studio's: another studio's (or no) patient is not found. */
const requirePatient = async (db: DbOrTx, ctx: StudioContext, pazienteId: string) => {
  if (!(await repo.findPatient(db, ctx, pazienteId))) throw notFound();
};

// ——— evaluations ———

const evaluationColumns = (input: EvaluationData): EvaluationColumns => ({
  tipo: input.tipo,
  data: input.data,
  motivoInvio: input.motivoInvio,
  anamnesi: input.anamnesi,
  doloreNrs: input.doloreNrs ?? null,
  doloreSede: input.doloreSede,
  doloreCaratteristiche: input.doloreCaratteristiche,
  esameObiettivo: input.esameObiettivo,
  testFunzionali: input.testFunzionali,
  articolarita: input.articolarita.map((r) => ({
    distretto: r.distretto,
    movimento: r.movimento,
    lato: r.lato ?? null,
    attivo: r.attivo ?? null,
    passivo: r.passivo ?? null,
    note: r.note,
  })),
  diagnosi: input.diagnosi,
  obiettivi: input.obiettivi,
  pianoTrattamento: input.pianoTrattamento,
  note: input.note,
});

export const listEvaluations = (deps: AppDeps, ctx: StudioContext, pazienteId: string) =>
  deps.db.transaction(async (tx) => {
    await requirePatient(tx, ctx, pazienteId);
    const rows = await repo.listEvaluations(tx, ctx, pazienteId);
    await logClinicalAccess(tx, ctx, { pazienteId, kind: 'valutazione', action: 'read' });
    return rows.map(toEvaluation);
  });

export const getEvaluation = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.findEvaluation(tx, ctx, id);
    if (!row) throw notFound();
    await logClinicalAccess(tx, ctx, { pazienteId: row.pazienteId, kind: 'valutazione', action: 'read', recordId: id });
    return toEvaluation(row);
  });

/** The written sections of an evaluation in the record's order: texts (pain on one line), and the ROM as a table. */
const evaluationBlocks = (e: Evaluation): ClinicalEvaluationPdfInput['sections'] =>
  evaluationSections.flatMap((s): ClinicalEvaluationPdfInput['sections'] => {
    const label = evaluationSectionLabels[s];
    if (s === 'articolarita')
      return e.articolarita.length === 0
        ? []
        : [
            {
              label,
              table: {
                headers: [
                  romColumnLabels.distretto,
                  romColumnLabels.movimento,
                  romColumnLabels.lato,
                  romColumnLabels.attivo,
                  romColumnLabels.passivo,
                ],
                rows: e.articolarita.map((r) => [
                  r.distretto,
                  r.movimento,
                  r.lato ? romSideLabels[r.lato] : '—',
                  r.attivo === null ? '—' : String(r.attivo),
                  r.passivo === null ? '—' : String(r.passivo),
                ]),
              },
            },
          ];
    const text =
      s === 'dolore'
        ? [e.doloreNrs !== null ? `NRS ${e.doloreNrs}/10` : null, e.doloreSede, e.doloreCaratteristiche]
            .filter(Boolean)
            .join(' · ')
        : e[s];
    return text ? [{ label, text }] : [];
  });

/**
 * GET /valutazioni/{id}/pdf: one evaluation as a document to read, print or hand to the patient's doctor (issue 16
 * item 6), built on the PDF workers; written to the clinical access log as an export of that record.
 */
export const evaluationPdf = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.findEvaluation(deps.db, ctx, id);
  if (!row) throw notFound();
  const e = toEvaluation(row);
  const { values, logo, today } = await documentPartiesOf(deps, ctx, e.pazienteId);
  const patientName = values['paziente.nomeCompleto'] ?? '';
  const title = evaluationKindLabels[e.tipo];
  const date = isoDateToUi(e.data);
  const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' - ') || null;
  const address = line(
    values['studio.indirizzo'],
    [values['studio.cap'], values['studio.comune'], values['studio.provincia'] && `(${values['studio.provincia']})`]
      .filter(Boolean)
      .join(' '),
  );
  const bytes = await deps.pdfs.renderClinicalEvaluation({
    studio: {
      name: values['studio.nome'] ?? '',
      details: line(
        values['studio.professione'],
        address,
        values['studio.partitaIva'] && `P.IVA ${values['studio.partitaIva']}`,
      ),
    },
    logo,
    patient: {
      name: patientName,
      details: line(
        values['paziente.codiceFiscale'] && `C.F. ${values['paziente.codiceFiscale']}`,
        values['paziente.dataNascita'] && `nato/a il ${values['paziente.dataNascita']}`,
      ),
    },
    title,
    date,
    author: e.autore.name,
    sections: evaluationBlocks(e),
    generatedAt: today,
  });
  await logClinicalAccess(deps.db, ctx, {
    pazienteId: e.pazienteId,
    kind: 'valutazione',
    action: 'export',
    recordId: id,
  });
  return { bytes, fileName: sanitizeFileName(`${title} ${patientName} ${date}.pdf`) };
};

export const createEvaluation = (deps: AppDeps, ctx: StudioContext, pazienteId: string, input: EvaluationData) =>
  deps.db.transaction(async (tx) => {
    await requirePatient(tx, ctx, pazienteId);
    const id = await repo.insertEvaluation(tx, ctx, pazienteId, evaluationColumns(input));
    await logClinicalAccess(tx, ctx, { pazienteId, kind: 'valutazione', action: 'create', recordId: id });
    return toEvaluation((await repo.findEvaluation(tx, ctx, id)) as WithAuthor<EvaluationRow>);
  });

export const updateEvaluation = (deps: AppDeps, ctx: StudioContext, id: string, input: EvaluationData) =>
  deps.db.transaction(async (tx) => {
    const before = await repo.findEvaluation(tx, ctx, id);
    if (!before) throw notFound();
    const columns = evaluationColumns(input);
    await repo.updateEvaluation(tx, ctx, id, columns);
    await logClinicalAccess(tx, ctx, {
      pazienteId: before.pazienteId,
      kind: 'valutazione',
      action: 'update',
      recordId: id,
      changedFields: changedFieldNames(before as Record<string, unknown>, columns as Record<string, unknown>),
    });
    return toEvaluation((await repo.findEvaluation(tx, ctx, id)) as WithAuthor<EvaluationRow>);
  });

export const deleteEvaluation = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.deleteEvaluation(tx, ctx, id);
    if (!row) throw notFound();
    await logClinicalAccess(tx, ctx, {
      pazienteId: row.pazienteId,
      kind: 'valutazione',
      action: 'delete',
      recordId: id,
    });
  });

// ——— diary ———

/** The appointment a diary entry belongs to: the studio's, and the same patient's (an occurrence names its series). */
const appointmentOf = async (
  db: DbOrTx,
  ctx: StudioContext,
  pazienteId: string,
  eventId: string | null | undefined,
): Promise<Pick<DiaryColumns, 'eventId' | 'appuntamentoInizio'>> => {
  if (!eventId) return { eventId: null, appuntamentoInizio: null };
  const [uuid, instant] = eventId.split('_');
  const event = await repo.findEvent(db, ctx, (uuid as string).toLowerCase());
  if (!event || (instant && !event.rrule)) throw invalidField('eventId', m.eventNotFound);
  if (event.pazienteId !== pazienteId) throw invalidField('eventId', m.eventOtherPatient);
  const start = instant
    ? new Date(
        `${instant.slice(0, 4)}-${instant.slice(4, 6)}-${instant.slice(6, 8)}T${instant.slice(9, 11)}:${instant.slice(11, 13)}:${instant.slice(13, 15)}Z`,
      )
    : event.startAt;
  if (Number.isNaN(start.getTime())) throw invalidField('eventId', m.eventNotFound);
  return { eventId, appuntamentoInizio: start };
};

const diaryColumns = async (
  db: DbOrTx,
  ctx: StudioContext,
  pazienteId: string,
  input: DiaryData,
): Promise<DiaryColumns> => ({
  data: input.data,
  ...(await appointmentOf(db, ctx, pazienteId, input.eventId)),
  soggettivo: input.soggettivo,
  oggettivo: input.oggettivo,
  valutazione: input.valutazione,
  piano: input.piano,
  trattamenti: input.trattamenti,
});

export const listDiary = (deps: AppDeps, ctx: StudioContext, pazienteId: string) =>
  deps.db.transaction(async (tx) => {
    await requirePatient(tx, ctx, pazienteId);
    const rows = await repo.listDiary(tx, ctx, pazienteId);
    await logClinicalAccess(tx, ctx, { pazienteId, kind: 'diario', action: 'read' });
    return rows.map(toDiaryEntry);
  });

export const getDiaryEntry = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.findDiary(tx, ctx, id);
    if (!row) throw notFound();
    await logClinicalAccess(tx, ctx, { pazienteId: row.pazienteId, kind: 'diario', action: 'read', recordId: id });
    return toDiaryEntry(row);
  });

export const createDiaryEntry = (deps: AppDeps, ctx: StudioContext, pazienteId: string, input: DiaryData) =>
  deps.db.transaction(async (tx) => {
    await requirePatient(tx, ctx, pazienteId);
    const id = await repo.insertDiary(tx, ctx, pazienteId, await diaryColumns(tx, ctx, pazienteId, input));
    await logClinicalAccess(tx, ctx, { pazienteId, kind: 'diario', action: 'create', recordId: id });
    return toDiaryEntry((await repo.findDiary(tx, ctx, id)) as WithAuthor<DiaryRow>);
  });

export const updateDiaryEntry = (deps: AppDeps, ctx: StudioContext, id: string, input: DiaryData) =>
  deps.db.transaction(async (tx) => {
    const before = await repo.findDiary(tx, ctx, id);
    if (!before) throw notFound();
    const columns = await diaryColumns(tx, ctx, before.pazienteId, input);
    await repo.updateDiary(tx, ctx, id, columns);
    await logClinicalAccess(tx, ctx, {
      pazienteId: before.pazienteId,
      kind: 'diario',
      action: 'update',
      recordId: id,
      changedFields: changedFieldNames(before as Record<string, unknown>, columns as Record<string, unknown>),
    });
    return toDiaryEntry((await repo.findDiary(tx, ctx, id)) as WithAuthor<DiaryRow>);
  });

export const deleteDiaryEntry = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.deleteDiary(tx, ctx, id);
    if (!row) throw notFound();
    await logClinicalAccess(tx, ctx, { pazienteId: row.pazienteId, kind: 'diario', action: 'delete', recordId: id });
  });

// ——— outcome measures ———

export const listOutcomes = (deps: AppDeps, ctx: StudioContext, pazienteId: string) =>
  deps.db.transaction(async (tx) => {
    await requirePatient(tx, ctx, pazienteId);
    const rows = await repo.listOutcomes(tx, ctx, pazienteId);
    await logClinicalAccess(tx, ctx, { pazienteId, kind: 'misura-esito', action: 'read' });
    return rows.map(toOutcome);
  });

export const createOutcome = (deps: AppDeps, ctx: StudioContext, input: z.output<typeof outcomeInputSchema>) =>
  deps.db.transaction(async (tx) => {
    await requirePatient(tx, ctx, input.pazienteId);
    let scored: ReturnType<typeof scoreOutcome>;
    try {
      scored = scoreOutcome(input.codice, input.risposte);
    } catch (error) {
      if (error instanceof OutcomeScoreError) throw invalidField('risposte', error.message);
      throw error;
    }
    const id = await repo.insertOutcome(tx, ctx, {
      pazienteId: input.pazienteId,
      codice: input.codice,
      data: input.data,
      risposte: input.risposte,
      punteggio: scored.score,
      fascia: scored.band,
      note: input.note,
    });
    await logClinicalAccess(tx, ctx, {
      pazienteId: input.pazienteId,
      kind: 'misura-esito',
      action: 'create',
      recordId: id,
    });
    return toOutcome((await repo.findOutcome(tx, ctx, id)) as WithAuthor<OutcomeRow>);
  });

export const deleteOutcome = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.deleteOutcome(tx, ctx, id);
    if (!row) throw notFound();
    await logClinicalAccess(tx, ctx, {
      pazienteId: row.pazienteId,
      kind: 'misura-esito',
      action: 'delete',
      recordId: id,
    });
  });
