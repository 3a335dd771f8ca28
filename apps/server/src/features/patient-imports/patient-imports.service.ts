/**
 * The self-service import of patients (issue 30 item 1, decision 039): a file uploaded and checked row by row with
 * the domain's reader and checks, corrected and decided in the preview, then written by a job in batches that are
 * all-or-nothing each, reported per row, and undone within 24 hours.
 */
import { randomUUID } from 'node:crypto';
import {
  importApiMessages as am,
  applyMappingOverride,
  type ColumnMapping,
  checkImportValues,
  type ExistingPatient,
  findImportDuplicates,
  type ImportChanges,
  type ImportDuplicate,
  type ImportField,
  type ImportRowCheck,
  type ImportRowChoice,
  type ImportTable,
  type ImportUndoResult,
  type ImportValues,
  importMessages as m,
  mapHeader,
  mappingNamesPatients,
  type PatientImport,
  rowValues,
} from '@studiolo/domain/imports';
import { type PatientData, type PatientInput, patientInputSchema } from '@studiolo/domain/patients';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  checkRows,
  type ImportJob,
  importLifecycle,
  importUndoUntil,
  inCheckTurn,
  mergeRowChanges,
  previewCache,
  previewPage,
} from '../../shared/import-lifecycle.ts';
import { type IncomingFile, readStoredImport } from '../../shared/import-upload.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudits } from '../audit/audit.repository.ts';
import { patientsRepository } from '../patients/patients.repository.ts';
import { toColumns, toPatient } from '../patients/patients.service.ts';
import {
  type NewPatientImportPlanRow,
  type PatientImportPlanRow,
  type PatientImportRow,
  patientImportsRepository as repo,
} from './patient-imports.repository.ts';

export const patientImportQueue = 'patient-import';
export type PatientImportJob = ImportJob;

/** Rows written in one transaction: a batch is all-or-nothing, and the progress moves by batch. */
export const importBatchSize = 500;

// ---------- the preview ----------

type ComputedRow = {
  row: number;
  values: ImportValues;
  check: ImportRowCheck;
  duplicate: ImportDuplicate | null;
  choice: ImportRowChoice;
  fixed: boolean;
  action: 'IMPORT' | 'UPDATE' | 'SKIP';
  reason: string | null;
};
type Computed = {
  table: ImportTable;
  rows: ComputedRow[];
  counts: Record<string, number> | null;
};

const previews = previewCache<Computed>();

const nameOf = (v: ImportValues): string =>
  [v.cognome, v.nome].filter(Boolean).join(' ') || v.ragioneSociale || v.nomeCompleto || '';

const defaultChoice = (duplicate: ImportDuplicate | null): ImportRowChoice => (duplicate ? 'skip' : 'import');

const readStoredFile = (deps: AppDeps, imp: PatientImportRow): Promise<ImportTable> =>
  readStoredImport(deps.storage, imp.storageKey, am.fileGone);

/** The shared life of an import (upload, start, job, report, undo window, expiry) with the patient's parts. */
const lifecycle = importLifecycle<PatientImportRow, NewPatientImportPlanRow>({
  store: repo,
  queue: patientImportQueue,
  auditAction: 'patient.import',
  entityType: 'patient-import',
  defaultFileName: 'pazienti.csv',
  mapHeader,
  jobAgent: 'importazione pazienti',
  writeBatch: (deps, ctx, imp) => writeBatch(deps, ctx, imp.id),
});

/**
 * Every row of the file through the mapping, the user's corrections and choices, checked, and matched against the
 * other rows and the studio's patients. The checks run in slices with a turn of the event loop between them
 * (decision 039): other requests are served meanwhile.
 */
const checkPreview = async (
  deps: AppDeps,
  ctx: StudioContext,
  imp: PatientImportRow,
  table?: ImportTable,
): Promise<Computed> => {
  const t = table ?? (await readStoredFile(deps, imp));
  const mapping = imp.mapping as ColumnMapping;
  if (!mappingNamesPatients(mapping)) return { table: t, rows: [], counts: null };
  const opts = { tags: imp.tags, today: deps.now(), date1904: t.date1904 };
  const checked = await checkRows(
    t,
    imp.fixes,
    (cells) => rowValues(cells, mapping, opts),
    (values, problems) => checkImportValues(values, opts, problems),
  );
  const rows: ComputedRow[] = checked.map((r) => ({
    ...r,
    duplicate: null,
    choice: 'import',
    action: 'SKIP',
    reason: null,
  }));
  const existing: ExistingPatient[] = await repo.existingPatients(deps.db, ctx);
  const duplicates = findImportDuplicates(
    rows.flatMap((r) => (r.check.ok ? [{ row: r.row, input: r.check.input }] : [])),
    existing,
  );
  const counts = { total: rows.length, valid: 0, invalid: 0, duplicates: 0, withWarnings: 0 } as Record<string, number>;
  let toImport = 0;
  let toUpdate = 0;
  for (const r of rows) {
    r.duplicate = duplicates.get(r.row) ?? null;
    const wanted = imp.choices[String(r.row)];
    // a choice that no longer fits the row (the mapping changed) falls back to the default
    r.choice =
      wanted === 'skip' ||
      (wanted === 'update' && r.duplicate?.kind === 'existing') ||
      (wanted === 'import' && !r.duplicate)
        ? wanted
        : defaultChoice(r.duplicate);
    if (r.check.ok) (counts.valid as number)++;
    if (r.check.warnings.length > 0) (counts.withWarnings as number)++;
    if (r.duplicate) (counts.duplicates as number)++;
    if (!r.check.ok) {
      r.reason = am.skippedInvalid(r.check.problems.map((p) => p.message).join(' '));
    } else if (r.choice === 'skip') {
      r.reason = r.duplicate ? am.skippedDuplicate(r.duplicate.message) : am.skippedByUser;
    } else if (r.choice === 'update') {
      r.action = 'UPDATE';
      toUpdate++;
    } else {
      r.action = 'IMPORT';
      toImport++;
    }
  }
  counts.invalid = rows.length - (counts.valid as number);
  counts.toImport = toImport;
  counts.toUpdate = toUpdate;
  counts.toSkip = rows.length - toImport - toUpdate;
  return { table: t, rows, counts };
};

/** The preview of the import as it is now: kept from an earlier request, else checked (one file at a time). */
const computePreview = (deps: AppDeps, ctx: StudioContext, imp: PatientImportRow, table?: ImportTable) =>
  previews.of(imp, () => checkPreview(deps, ctx, imp, table));

const toView = (deps: AppDeps, imp: PatientImportRow): PatientImport => {
  const mapping = imp.mapping as (ImportField | null)[];
  return {
    id: imp.id,
    fileName: imp.fileName,
    status: imp.status,
    format: imp.format,
    columns: imp.columns,
    mapping,
    tags: imp.tags,
    counts: (imp.counts as PatientImport['counts']) ?? null,
    mappingProblem: mappingNamesPatients(mapping) ? null : m.noMappedName,
    progress: { toWrite: imp.toWrite, written: imp.written },
    result: { imported: imp.imported, updated: imp.updated, skipped: imp.skipped },
    error: imp.error,
    createdAt: imp.createdAt.toISOString(),
    finishedAt: imp.finishedAt?.toISOString() ?? null,
    undoUntil: importUndoUntil(deps, imp),
  };
};

/** The counts of the preview just computed saved with the import, which the preview stays valid for. */
const savePreview = async (deps: AppDeps, ctx: StudioContext, imp: PatientImportRow, table?: ImportTable) => {
  const computed = await computePreview(deps, ctx, imp, table);
  return toView(deps, previews.keep(await lifecycle.saveCounts(deps, ctx, imp, computed.counts)));
};

// ---------- upload ----------

/**
 * POST /importazioni-pazienti: the file read (refused with the reader's Italian message, nothing stored), stored,
 * its columns matched, every row checked.
 */
export const uploadImport = async (deps: AppDeps, ctx: StudioContext, file: IncomingFile): Promise<PatientImport> =>
  // one turn for the file's reading and its whole check (inCheckTurn)
  inCheckTurn(async () => {
    const { imp, table } = await lifecycle.create(deps, ctx, file);
    return savePreview(deps, ctx, imp, table);
  });

export const getImport = async (deps: AppDeps, ctx: StudioContext, id: string) =>
  toView(deps, await lifecycle.find(deps, ctx, id));

/** GET /importazioni-pazienti/:id/righe: a page of the preview's rows, those with problems only by default. */
export const previewRows = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  q: { page: number; size: number; filtro: 'problemi' | 'tutte' },
) => {
  const { rows } = await computePreview(deps, ctx, await lifecycle.findInPreview(deps, ctx, id));
  return previewPage(rows, q, (r) => ({
    row: r.row,
    values: r.values as Record<string, string>,
    ok: r.check.ok,
    problems: r.check.ok ? [] : r.check.problems,
    warnings: r.check.warnings,
    filled: r.check.filled,
    duplicate: r.duplicate
      ? {
          kind: r.duplicate.kind,
          message: r.duplicate.message,
          patientId: r.duplicate.kind === 'existing' ? r.duplicate.patientId : null,
        }
      : null,
    choice: r.choice,
    fixed: r.fixed,
  }));
};

// ---------- changes ----------

/** PATCH /importazioni-pazienti/:id: the mapping changed by hand, cells corrected, choices, tags; checked again. */
export const changeImport = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  changes: ImportChanges,
): Promise<PatientImport> => {
  const imp = await lifecycle.findInPreview(deps, ctx, id);
  const before = await computePreview(deps, ctx, imp);
  const rowsByNumber = new Map(before.rows.map((r) => [r.row, r]));
  const { fixes, choices } = mergeRowChanges(imp, changes, new Set(before.table.rowNumbers), (row, choice) => {
    if (choice === 'update' && rowsByNumber.get(row)?.duplicate?.kind !== 'existing')
      throw new AppError('VALIDATION', am.updateOnlyExisting(row));
  });
  const mapping = changes.mapping
    ? applyMappingOverride(
        imp.mapping as ColumnMapping,
        Object.fromEntries(changes.mapping.map((c) => [c.column, c.field])),
      )
    : (imp.mapping as ColumnMapping);
  const tags = changes.tags ? [...new Map(changes.tags.map((t) => [t.toLowerCase(), t])).values()] : imp.tags;
  const changed = await lifecycle.saveChanges(deps, ctx, id, Object.keys(changes), (tx) =>
    repo.update(tx, ctx, id, { mapping, fixes, choices, tags }),
  );
  return savePreview(deps, ctx, changed, before.table);
};

// ---------- start and the job ----------

/**
 * POST /importazioni-pazienti/:id/avvio: the plan (what each row becomes) written in one transaction with the status,
 * then the job queued; skipped rows are already in the report.
 */
export const startImport = async (deps: AppDeps, ctx: StudioContext, id: string): Promise<PatientImport> => {
  const imp = await lifecycle.findInPreview(deps, ctx, id);
  if (!mappingNamesPatients(imp.mapping as ColumnMapping)) throw new AppError('VALIDATION', m.noMappedName);
  const { rows, counts } = await computePreview(deps, ctx, imp);
  const toWrite = (counts?.toImport ?? 0) + (counts?.toUpdate ?? 0);
  if (toWrite === 0) throw new AppError('VALIDATION', am.nothingToImport);
  const plan = rows.map((r) => ({
    importId: id,
    rowNumber: r.row,
    action: r.action,
    status: r.action === 'SKIP' ? ('SKIPPED' as const) : ('PENDING' as const),
    input: r.action === 'SKIP' || !r.check.ok ? null : r.check.input,
    name: nameOf(r.values).slice(0, 300),
    reason: r.reason,
    // a new patient's id is chosen now: the job's batch then marks its rows written in one statement
    patientId:
      r.action === 'IMPORT'
        ? randomUUID()
        : r.action === 'UPDATE' && r.duplicate?.kind === 'existing'
          ? r.duplicate.patientId
          : null,
  }));
  const started = await lifecycle.queue(deps, ctx, imp, plan, (tx) =>
    repo.update(tx, ctx, id, { status: 'QUEUED', toWrite, skipped: counts?.toSkip ?? 0, startedAt: deps.now() }),
  );
  previews.delete(id);
  return toView(deps, started);
};

const emptyValue = (v: unknown) => v === null || v === undefined || v === '';
/** The imported values over the patient's, field by field; what the file leaves empty keeps the patient's value. */
const over = <T extends object>(mine: T, theirs: T): T => {
  const out = { ...mine } as Record<string, unknown>;
  for (const [k, v] of Object.entries(theirs)) if (!emptyValue(v)) out[k] = v;
  return out as T;
};

/** The update of an existing patient with an imported row (residence as a whole: an address is not mixed). */
const mergedPatient = (before: ReturnType<typeof toPatient>, row: PatientData): PatientData => {
  const tags = [...before.tags];
  for (const t of row.tags ?? []) if (!tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t);
  const { nomeCompleto: _, ...generali } = before.datiGenerali;
  return {
    ...row,
    state: before.state,
    tags,
    datiGenerali: over(generali as PatientData['datiGenerali'], row.datiGenerali),
    contatti: over(before.contatti, row.contatti),
    residenza: row.residenza.indirizzo ? row.residenza : before.residenza,
    datiSanitari: {
      ...over(before.datiSanitari, row.datiSanitari),
      trasmissioneSistemaSanitario: before.datiSanitari.trasmissioneSistemaSanitario,
    },
  };
};

/** One batch in one transaction. @returns false when nothing was left to write. */
const writeBatch = (deps: AppDeps, ctx: StudioContext, importId: string) =>
  deps.db.transaction(async (tx) => {
    const batch = await repo.nextPending(tx, ctx, importId, importBatchSize);
    if (batch.length === 0) return false;
    const outcome = { written: batch.length, imported: 0, updated: 0, skipped: 0 };
    const audits: { action: string; entityType: string; entityId: string; detail: string }[] = [];
    const parsed = batch.map((r) => ({ r, data: patientInputSchema.safeParse(r.input as PatientInput) }));
    const codes = parsed.flatMap(({ r, data }) =>
      r.action === 'IMPORT' && data.success && data.data.datiGenerali.codiceFiscale
        ? [data.data.datiGenerali.codiceFiscale]
        : [],
    );
    const taken = await repo.takenCodes(tx, ctx, codes);
    const inserts: { r: PatientImportPlanRow; id: string; data: PatientData }[] = [];
    const skip = async (r: PatientImportPlanRow, reason: string) => {
      outcome.skipped++;
      await repo.setRowOutcome(tx, ctx, importId, r.rowNumber, { status: 'SKIPPED', reason, input: null });
    };
    for (const { r, data } of parsed) {
      if (!data.success) {
        await skip(r, am.skippedInvalid(data.error.issues.map((i) => i.message).join(' ')));
        continue;
      }
      const code = data.data.datiGenerali.codiceFiscale;
      if (r.action === 'IMPORT') {
        if (code && taken.has(code)) await skip(r, am.skippedExistsNow);
        else inserts.push({ r, id: r.patientId ?? randomUUID(), data: data.data });
        continue;
      }
      // UPDATE: the patient the row matched, as it is now
      const existing = r.patientId ? await patientsRepository.findForUpdate(tx, ctx, r.patientId) : null;
      if (!existing) {
        await skip(r, 'Il paziente da aggiornare non esiste più.');
        continue;
      }
      const merged = mergedPatient(toPatient(existing), data.data);
      const mergedCode = merged.datiGenerali.codiceFiscale;
      if (mergedCode && mergedCode !== existing.codiceFiscale) {
        const other = await patientsRepository.findByCodiceFiscale(tx, ctx, mergedCode);
        if (other && other.id !== existing.id) {
          await skip(r, am.skippedExistsNow);
          continue;
        }
      }
      const updated = await patientsRepository.update(tx, ctx, existing.id, toColumns(merged));
      outcome.updated++;
      audits.push({ action: 'patient.update', entityType: 'patient', entityId: existing.id, detail: 'importazione' });
      await repo.setRowOutcome(tx, ctx, importId, r.rowNumber, {
        status: 'UPDATED',
        input: null,
        writtenAt: updated?.updatedAt ?? null,
      });
    }
    if (inserts.length > 0) {
      const written = await repo.insertPatients(
        tx,
        ctx,
        inserts.map((i) => ({ id: i.id, ...toColumns(i.data) })),
      );
      // one INSERT: every patient of the batch has the same updated_at (the transaction's time)
      const writtenAt = written[0]?.updatedAt ?? deps.now();
      for (const i of inserts) {
        outcome.imported++;
        audits.push({ action: 'patient.create', entityType: 'patient', entityId: i.id, detail: 'importazione' });
      }
      await repo.markImported(
        tx,
        ctx,
        importId,
        inserts.map((i) => i.r.rowNumber),
        writtenAt,
      );
    }
    if (audits.length > 0) await recordAudits(tx, ctx, audits);
    await repo.addProgress(tx, ctx, importId, outcome);
    return true;
  });

/** The job: the plan's PENDING rows a batch at a time (see importLifecycle: a failed batch rolls back, resumed). */
export const runImportJob = (deps: AppDeps, job: PatientImportJob) => lifecycle.runJob(deps, job);

export const registerPatientImportJobs = (deps: AppDeps) => lifecycle.registerJobs(deps);

/** Deletes the imports never started and untouched for a week; their files go with the storage sweep. */
export const expireUnstartedPatientImports = (deps: AppDeps) => lifecycle.expireUnstarted(deps);

/** At start-up: imports started whose job a crash lost before the queue go to it now (the job resumes where it was). */
export const recoverPatientImports = (deps: AppDeps) => lifecycle.recover(deps);

// ---------- report and undo ----------

/** GET /importazioni-pazienti/:id/report.csv's rows: row, outcome, name, reason (the route escapes every cell). */
export const reportRows = (deps: AppDeps, ctx: StudioContext, id: string) => lifecycle.reportRows(deps, ctx, id);

/**
 * POST /importazioni-pazienti/:id/annulla: within 24 hours of the end, the patients the import created and nobody
 * changed since, without appointments, documents or clinical records, are removed; the others are listed and kept
 * (patients it updated too: their previous values are not kept).
 */
export const undoImport = async (deps: AppDeps, ctx: StudioContext, id: string): Promise<ImportUndoResult> =>
  deps.db.transaction(async (tx) => {
    await lifecycle.lockForUndo(deps, tx, ctx, id);
    const rows = await repo.rowsOf(tx, ctx, id);
    const created = rows.filter((r) => r.status === 'IMPORTED' && r.patientId);
    const ids = created.map((r) => r.patientId as string);
    const now = new Map((await repo.patientsForUndo(tx, ctx, ids)).map((p) => [p.id, p.updatedAt]));
    const linked = await repo.linkedPatients(tx, ctx, ids);
    const remove: string[] = [];
    const kept: ImportUndoResult['kept'] = [];
    for (const r of created) {
      const pid = r.patientId as string;
      const updatedAt = now.get(pid);
      if (!updatedAt) continue; // deleted since
      const reason =
        r.writtenAt && updatedAt.getTime() > r.writtenAt.getTime()
          ? am.keptChanged
          : linked.has(pid)
            ? am.keptLinked
            : null;
      if (reason) {
        kept.push({ row: r.rowNumber, patientId: pid, name: r.name, reason });
        await repo.setRowOutcome(tx, ctx, id, r.rowNumber, { status: 'KEPT', reason });
      } else {
        remove.push(pid);
      }
    }
    for (const r of rows) {
      if (r.status === 'UPDATED' && r.patientId)
        kept.push({ row: r.rowNumber, patientId: r.patientId, name: r.name, reason: am.keptUpdated });
    }
    const removed = await repo.deletePatients(tx, ctx, remove);
    const removedIds = new Set(removed.map((p) => p.id));
    const removedRows = created.filter((r) => removedIds.has(r.patientId as string));
    await repo.markRemoved(
      tx,
      ctx,
      id,
      removedRows.map((r) => r.rowNumber),
    );
    await lifecycle.markUndone(deps, tx, ctx, id, {
      action: 'patient.delete',
      entityType: 'patient',
      ids: removed.map((p) => p.id),
    });
    return { removed: removed.length, kept };
  });
