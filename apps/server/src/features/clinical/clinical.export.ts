import { pipeline, Readable } from 'node:stream';
import { evaluationKindLabels, romSideLabels } from '@studiolo/domain/clinical';
import { isoDateToUi } from '@studiolo/domain/shared';
import { stringify } from 'csv-stringify';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../shared/app-error.ts';
import { spreadsheetSafe } from '../../shared/spreadsheet.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import {
  type Author,
  clinicalExportBatch,
  type ExportCursor,
  clinicalRepository as repo,
} from './clinical.repository.ts';
import { logClinicalAccess } from './clinical-access.ts';

type PatientCols = {
  nome: string | null;
  cognome: string | null;
  ragioneSociale: string | null;
  codiceFiscale: string | null;
};
type Batch<R> = { row: R; author: Author | null; patient: PatientCols }[];

const patientName = (p: PatientCols) => [p.cognome, p.nome].filter(Boolean).join(' ') || p.ragioneSociale || '';
const authorName = (a: Author | null) => [a?.nome, a?.cognome].filter(Boolean).join(' ');
const dateTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });

type Row<R> = Batch<R>[number];
type Column<R> = [header: string, value: (r: Row<R>) => string | number | null];

async function* rowsOf<R extends { pazienteId: string; data: string; id: string }>(
  next: (after: ExportCursor) => Promise<Batch<R>>,
  columns: Column<R>[],
) {
  let after: ExportCursor = null;
  for (;;) {
    const batch = await next(after);
    for (const r of batch)
      yield columns.map(([, value]) => {
        const v = value(r);
        return typeof v === 'number' ? String(v) : spreadsheetSafe(v);
      });
    const last = batch.at(-1);
    if (!last || batch.length < clinicalExportBatch) return;
    after = { pazienteId: last.row.pazienteId, data: last.row.data, id: last.row.id };
  }
}

const csvOf = <R extends { pazienteId: string; data: string; id: string }>(
  next: (after: ExportCursor) => Promise<Batch<R>>,
  columns: Column<R>[],
  onError: (error: Error) => void,
) => {
  // UTF-8 with BOM and semicolons: what Italian Excel opens as columns (as the registry export)
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: columns.map(([h]) => h),
  });
  pipeline(Readable.from(rowsOf(next, columns)), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
};

type EvaluationRow = Awaited<ReturnType<typeof repo.evaluationsBatch>>[number]['row'];
type DiaryRow = Awaited<ReturnType<typeof repo.diaryBatch>>[number]['row'];

const evaluationColumns: Column<EvaluationRow>[] = [
  ['Paziente', (r) => patientName(r.patient)],
  ['Codice fiscale', (r) => r.patient.codiceFiscale],
  ['Data', (r) => isoDateToUi(r.row.data)],
  ['Tipo', (r) => evaluationKindLabels[r.row.tipo]],
  ['Motivo dell’invio', (r) => r.row.motivoInvio],
  ['Anamnesi', (r) => r.row.anamnesi],
  ['Dolore NRS', (r) => r.row.doloreNrs],
  ['Sede del dolore', (r) => r.row.doloreSede],
  ['Caratteristiche del dolore', (r) => r.row.doloreCaratteristiche],
  ['Esame obiettivo', (r) => r.row.esameObiettivo],
  ['Test funzionali', (r) => r.row.testFunzionali],
  [
    'Articolarità',
    (r) =>
      r.row.articolarita
        .map(
          (m) =>
            `${m.distretto} ${m.movimento}${m.lato ? ` ${romSideLabels[m.lato]}` : ''}: attivo ${m.attivo ?? '—'}°, passivo ${m.passivo ?? '—'}°${m.note ? ` (${m.note})` : ''}`,
        )
        .join('; '),
  ],
  ['Diagnosi', (r) => r.row.diagnosi],
  ['Obiettivi', (r) => r.row.obiettivi],
  ['Piano di trattamento', (r) => r.row.pianoTrattamento],
  ['Note', (r) => r.row.note],
  ['Autore', (r) => authorName(r.author)],
];

const diaryColumns: Column<DiaryRow>[] = [
  ['Paziente', (r) => patientName(r.patient)],
  ['Codice fiscale', (r) => r.patient.codiceFiscale],
  ['Data', (r) => isoDateToUi(r.row.data)],
  ['Appuntamento', (r) => (r.row.appuntamentoInizio ? dateTime.format(r.row.appuntamentoInizio) : '')],
  ['Soggettivo', (r) => r.row.soggettivo],
  ['Oggettivo', (r) => r.row.oggettivo],
  ['Valutazione', (r) => r.row.valutazione],
  ['Piano', (r) => r.row.piano],
  ['Trattamenti eseguiti', (r) => r.row.trattamenti],
  ['Autore', (r) => authorName(r.author)],
];

/** GET /data-exporter/valutazioni-pazienti: every evaluation (or one patient's) as CSV, streamed in keyset pages. */
export const exportEvaluations = async (
  deps: AppDeps,
  ctx: StudioContext,
  pazienteId: string | undefined,
  onError: (error: Error) => void,
) => {
  if (pazienteId && !(await repo.findPatient(deps.db, ctx, pazienteId))) throw notFound();
  const total = await repo.count(deps.db, ctx, 'valutazione', pazienteId);
  await logClinicalAccess(deps.db, ctx, { pazienteId: pazienteId ?? null, kind: 'valutazione', action: 'export' });
  return {
    total,
    stream: csvOf((after) => repo.evaluationsBatch(deps.db, ctx, after, pazienteId), evaluationColumns, onError),
  };
};

/** GET /data-exporter/diari-pazienti: every diary entry (or one patient's) as CSV, streamed in keyset pages. */
export const exportDiary = async (
  deps: AppDeps,
  ctx: StudioContext,
  pazienteId: string | undefined,
  onError: (error: Error) => void,
) => {
  if (pazienteId && !(await repo.findPatient(deps.db, ctx, pazienteId))) throw notFound();
  const total = await repo.count(deps.db, ctx, 'diario', pazienteId);
  await logClinicalAccess(deps.db, ctx, { pazienteId: pazienteId ?? null, kind: 'diario', action: 'export' });
  return { total, stream: csvOf((after) => repo.diaryBatch(deps.db, ctx, after, pazienteId), diaryColumns, onError) };
};
