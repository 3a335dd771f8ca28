import type { BodyChart, BodyChartInput, BodyChartStroke } from '@studiolo/domain/clinical';
import { patientMessages } from '@studiolo/domain/patients';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type BodyChartRow, bodyChartsRepository as repo } from './body-charts.repository.ts';

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

export const listBodyCharts = async (deps: AppDeps, ctx: StudioContext, pazienteId: string) => {
  if (!(await repo.patientExists(deps.db, ctx, pazienteId))) throw new AppError('NOT_FOUND', patientMessages.notFound);
  return (await repo.listOfPatient(deps.db, ctx, pazienteId)).map(toBodyChart);
};

export const getBodyChart = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.find(deps.db, ctx, id);
  if (!row) throw notFound();
  return toBodyChart(row);
};

export const createBodyChart = async (deps: AppDeps, ctx: StudioContext, pazienteId: string, input: BodyChartInput) =>
  deps.db.transaction(async (tx) => {
    if (!(await repo.patientExists(tx, ctx, pazienteId))) throw new AppError('NOT_FOUND', patientMessages.notFound);
    const row = await repo.insert(tx, ctx, { ...columnsOf(input), pazienteId, createdBy: ctx.userId });
    await recordAudit(tx, ctx, {
      action: 'body-chart.create',
      entityType: 'body-chart',
      entityId: row.id,
      changedFields: auditedFields,
    });
    return toBodyChart(row);
  });

export const updateBodyChart = async (deps: AppDeps, ctx: StudioContext, id: string, input: BodyChartInput) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.update(tx, ctx, id, columnsOf(input));
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'body-chart.update',
      entityType: 'body-chart',
      entityId: row.id,
      changedFields: auditedFields,
    });
    return toBodyChart(row);
  });

export const deleteBodyChart = async (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.delete(tx, ctx, id);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, { action: 'body-chart.delete', entityType: 'body-chart', entityId: row.id });
    return { id: row.id };
  });
