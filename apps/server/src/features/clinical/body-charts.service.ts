import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type BodyChart,
  type BodyChartInput,
  type BodyChartStroke,
  bodyChartMessages as m,
} from '@studiolo/domain/clinical';
import { patientMessages } from '@studiolo/domain/patients';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { type BodyChartRow, bodyChartsRepository as repo } from './body-charts.repository.ts';
import { logClinicalAccess } from './clinical-access.ts';

export const toBodyChart = (row: BodyChartRow): BodyChart => ({
  id: row.id,
  pazienteId: row.pazienteId,
  imageId: row.imageId as BodyChart['imageId'],
  title: row.title,
  note: row.note,
  strokes: row.strokes as BodyChartStroke[],
  valutazioneId: row.valutazioneId,
  diarioId: row.diarioId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const columnsOf = (input: BodyChartInput) => ({
  imageId: input.imageId,
  title: input.title || null,
  note: input.note || null,
  strokes: input.strokes,
  valutazioneId: input.valutazioneId,
  diarioId: input.diarioId,
});

/** The strokes are clinical content: the audit names the fields changed, never what was drawn. */
const auditedFields = ['imageId', 'title', 'note', 'strokes', 'valutazioneId', 'diarioId'];

/** A chart drawn from an evaluation or a diary entry belongs to that record's patient, in this studio. */
const checkOrigin = async (db: DbOrTx, ctx: StudioContext, pazienteId: string, input: BodyChartInput) => {
  if (input.valutazioneId) {
    const owner = await repo.patientOfEvaluation(db, ctx, input.valutazioneId);
    if (!owner) throw invalidField('valutazioneId', m.evaluationNotFound);
    if (owner !== pazienteId) throw invalidField('valutazioneId', m.evaluationOtherPatient);
  }
  if (input.diarioId) {
    const owner = await repo.patientOfDiaryEntry(db, ctx, input.diarioId);
    if (!owner) throw invalidField('diarioId', m.diaryNotFound);
    if (owner !== pazienteId) throw invalidField('diarioId', m.diaryOtherPatient);
  }
};

export const listBodyCharts = async (deps: AppDeps, ctx: StudioContext, pazienteId: string) => {
  if (!(await repo.patientExists(deps.db, ctx, pazienteId))) throw new AppError('NOT_FOUND', patientMessages.notFound);
  const rows = await repo.listOfPatient(deps.db, ctx, pazienteId);
  await logClinicalAccess(deps.db, ctx, { pazienteId, kind: 'body-chart', action: 'read' });
  return rows.map(toBodyChart);
};

export const getBodyChart = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.find(deps.db, ctx, id);
  if (!row) throw notFound();
  await logClinicalAccess(deps.db, ctx, {
    pazienteId: row.pazienteId,
    kind: 'body-chart',
    action: 'read',
    recordId: row.id,
  });
  return toBodyChart(row);
};

/**
 * A turn of the event loop between reading a drawing (up to 60,000 points parsed, guarded and validated) and writing
 * it: on the embedded database the write runs synchronously too, and the two in one stretch kept /health waiting
 * (decision 033).
 */
const beforeWriting = () => nextTurn();

export const createBodyChart = async (deps: AppDeps, ctx: StudioContext, pazienteId: string, input: BodyChartInput) => {
  await beforeWriting();
  return deps.db.transaction(async (tx) => {
    if (!(await repo.patientExists(tx, ctx, pazienteId))) throw new AppError('NOT_FOUND', patientMessages.notFound);
    await checkOrigin(tx, ctx, pazienteId, input);
    const row = await repo.insert(tx, ctx, { ...columnsOf(input), pazienteId, createdBy: ctx.userId });
    await logClinicalAccess(tx, ctx, {
      pazienteId: row.pazienteId,
      kind: 'body-chart',
      action: 'create',
      recordId: row.id,
      changedFields: auditedFields,
    });
    return toBodyChart(row);
  });
};

export const updateBodyChart = async (deps: AppDeps, ctx: StudioContext, id: string, input: BodyChartInput) => {
  await beforeWriting();
  return deps.db.transaction(async (tx) => {
    const before = await repo.find(tx, ctx, id);
    if (!before) throw notFound();
    await checkOrigin(tx, ctx, before.pazienteId, input);
    const row = await repo.update(tx, ctx, id, columnsOf(input));
    if (!row) throw notFound();
    await logClinicalAccess(tx, ctx, {
      pazienteId: row.pazienteId,
      kind: 'body-chart',
      action: 'update',
      recordId: row.id,
      changedFields: auditedFields,
    });
    return toBodyChart(row);
  });
};

export const deleteBodyChart = async (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.delete(tx, ctx, id);
    if (!row) throw notFound();
    await logClinicalAccess(tx, ctx, {
      pazienteId: row.pazienteId,
      kind: 'body-chart',
      action: 'delete',
      recordId: row.id,
    });
    return { id: row.id };
  });
