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
import { sanitizeFileName } from '@studiolo/domain/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import {
  type IncomingFile,
  readStoredImport,
  readUpload,
  unstartedImportTtlMs,
  yieldToEventLoop,
} from '../../shared/import-upload.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit, recordAudits } from '../audit/audit.repository.ts';
import { patientsRepository } from '../patients/patients.repository.ts';
import { toColumns, toPatient } from '../patients/patients.service.ts';
import {
  type PatientImportPlanRow,
  type PatientImportRow,
  patientImportsRepository as repo,
} from './patient-imports.repository.ts';

export const patientImportQueue = 'patient-import';
export type PatientImportJob = { importId: string; studioId: string };

/** Rows written in one transaction: a batch is all-or-nothing, and the progress moves by batch. */
export const importBatchSize = 500;
/** Rows checked between two turns of the event loop (about 0.1 ms a row: some 25 ms of CPU at a time). */
const checkSliceRows = 250;
const undoWindowMs = 24 * 3600_000;

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

/** The last previews computed, by import and version (its updated_at): a page of rows does not check the file again. */
const previewCache = new Map<string, { version: number; computed: Computed }>();
const previewCacheSize = 3;

const nameOf = (v: ImportValues): string =>
  [v.cognome, v.nome].filter(Boolean).join(' ') || v.ragioneSociale || v.nomeCompleto || '';

const defaultChoice = (duplicate: ImportDuplicate | null): ImportRowChoice => (duplicate ? 'skip' : 'import');

const readStoredFile = (deps: AppDeps, imp: PatientImportRow): Promise<ImportTable> =>
  readStoredImport(deps.storage, imp.storageKey, am.fileGone);

/**
 * Every row of the file through the mapping, the user's corrections and choices, checked, and matched against the
 * other rows and the studio's patients. The checks run in slices with a turn of the event loop between them
 * (decision 039): other requests are served meanwhile.
 */
const computePreview = async (
  deps: AppDeps,
  ctx: StudioContext,
  imp: PatientImportRow,
  table?: ImportTable,
): Promise<Computed> => {
  const cached = previewCache.get(imp.id);
  if (cached && cached.version === imp.updatedAt.getTime()) return cached.computed;
  const t = table ?? (await readStoredFile(deps, imp));
  const mapping = imp.mapping as ColumnMapping;
  if (!mappingNamesPatients(mapping)) return { table: t, rows: [], counts: null };
  const opts = { tags: imp.tags, today: deps.now(), date1904: t.date1904 };
  const rows: ComputedRow[] = [];
  for (let i = 0; i < t.rows.length; i++) {
    if (i > 0 && i % checkSliceRows === 0) await yieldToEventLoop();
    const row = t.rowNumbers[i] ?? i + 2;
    const { values, cellProblems } = rowValues(t.rows[i] ?? [], mapping, opts);
    const fix = imp.fixes[String(row)];
    const merged: ImportValues = fix ? { ...values, ...fix } : values;
    const problems = fix ? cellProblems.filter((p) => !(p.field in fix)) : cellProblems;
    rows.push({
      row,
      values: merged,
      check: checkImportValues(merged, opts, problems),
      duplicate: null,
      choice: 'import',
      fixed: Boolean(fix),
      action: 'SKIP',
      reason: null,
    });
  }
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
  const computed = { table: t, rows, counts };
  previewCache.delete(imp.id);
  previewCache.set(imp.id, { version: imp.updatedAt.getTime(), computed });
  while (previewCache.size > previewCacheSize) previewCache.delete(previewCache.keys().next().value as string);
  return computed;
};

/** The preview just computed stays valid for the row whose counts were saved with it. */
const keepPreviewFor = (saved: PatientImportRow) => {
  const cached = previewCache.get(saved.id);
  if (cached) cached.version = saved.updatedAt.getTime();
  return saved;
};

const toView = (deps: AppDeps, imp: PatientImportRow): PatientImport => {
  const mapping = imp.mapping as (ImportField | null)[];
  const undoUntil =
    imp.status === 'DONE' && imp.finishedAt && deps.now().getTime() < imp.finishedAt.getTime() + undoWindowMs
      ? new Date(imp.finishedAt.getTime() + undoWindowMs).toISOString()
      : null;
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
    undoUntil,
  };
};

const findImport = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const imp = await repo.find(deps.db, ctx, id);
  if (!imp) throw notFound();
  return imp;
};

// ---------- upload ----------

/**
 * POST /importazioni-pazienti: the file read (refused with the reader's Italian message, nothing stored), stored,
 * its columns matched, every row checked.
 */
export const uploadImport = async (deps: AppDeps, ctx: StudioContext, file: IncomingFile): Promise<PatientImport> => {
  const read = await readUpload(file);
  const bytes = read.bytes;
  const id = randomUUID();
  const storageKey = `${ctx.studioId}/imports/${id}`;
  await deps.storage.put(storageKey, bytes);
  const imp = await deps.db
    .transaction(async (tx) => {
      const row = await repo.insert(tx, ctx, {
        id,
        createdBy: ctx.userId,
        createdByEmail: ctx.email,
        memberId: ctx.memberId,
        fileName: sanitizeFileName(file.fileName || 'pazienti.csv'),
        storageKey,
        format: read.table.format,
        columns: read.table.header,
        mapping: mapHeader(read.table.header),
      });
      await recordAudit(tx, ctx, { action: 'patient.import.create', entityType: 'patient-import', entityId: id });
      return row;
    })
    .catch(async (err: unknown) => {
      await deps.storage.delete(storageKey).catch(() => undefined);
      throw err;
    });
  const computed = await computePreview(deps, ctx, imp, read.table);
  const saved = (await repo.update(deps.db, ctx, id, { counts: computed.counts })) ?? imp;
  return toView(deps, keepPreviewFor(saved));
};

export const getImport = async (deps: AppDeps, ctx: StudioContext, id: string) =>
  toView(deps, await findImport(deps, ctx, id));

/** GET /importazioni-pazienti/:id/righe: a page of the preview's rows, those with problems only by default. */
export const previewRows = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  q: { page: number; size: number; filtro: 'problemi' | 'tutte' },
) => {
  const imp = await findImport(deps, ctx, id);
  if (imp.status !== 'PREVIEW') throw new AppError('CONFLICT', am.notInPreview);
  const { rows } = await computePreview(deps, ctx, imp);
  const chosen =
    q.filtro === 'tutte' ? rows : rows.filter((r) => !r.check.ok || r.check.warnings.length > 0 || r.duplicate);
  const content = chosen.slice(q.page * q.size, (q.page + 1) * q.size).map((r) => ({
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
  return {
    content,
    totalElements: chosen.length,
    totalPages: Math.ceil(chosen.length / q.size),
    page: q.page,
    size: q.size,
  };
};

// ---------- changes ----------

/** PATCH /importazioni-pazienti/:id: the mapping changed by hand, cells corrected, choices, tags; checked again. */
export const changeImport = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  changes: ImportChanges,
): Promise<PatientImport> => {
  const imp = await findImport(deps, ctx, id);
  if (imp.status !== 'PREVIEW') throw new AppError('CONFLICT', am.notInPreview);
  const before = await computePreview(deps, ctx, imp);
  const rowsByNumber = new Map(before.rows.map((r) => [r.row, r]));
  const fileRows = new Set(before.table.rowNumbers);
  let mapping = imp.mapping as ColumnMapping;
  if (changes.mapping) {
    for (const c of changes.mapping) {
      if (c.column >= mapping.length) {
        const message = `La colonna ${c.column + 1} non è nel file.`;
        throw new AppError('VALIDATION', message, { fields: { mapping: message } });
      }
    }
    mapping = applyMappingOverride(mapping, Object.fromEntries(changes.mapping.map((c) => [c.column, c.field])));
  }
  const fixes = { ...imp.fixes };
  for (const f of changes.fixes ?? []) {
    if (!fileRows.has(f.row)) throw new AppError('VALIDATION', am.rowUnknown(f.row));
    fixes[String(f.row)] = { ...fixes[String(f.row)], ...(f.values as Record<string, string>) };
  }
  const choices = { ...imp.choices };
  for (const c of changes.choices ?? []) {
    if (!fileRows.has(c.row)) throw new AppError('VALIDATION', am.rowUnknown(c.row));
    if (c.choice === 'update' && rowsByNumber.get(c.row)?.duplicate?.kind !== 'existing')
      throw new AppError('VALIDATION', am.updateOnlyExisting(c.row));
    choices[String(c.row)] = c.choice;
  }
  const tags = changes.tags ? [...new Map(changes.tags.map((t) => [t.toLowerCase(), t])).values()] : imp.tags;
  const changed = await deps.db.transaction(async (tx) => {
    const row = await repo.update(tx, ctx, id, { mapping, fixes, choices, tags });
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: 'patient.import.update',
      entityType: 'patient-import',
      entityId: id,
      changedFields: Object.keys(changes),
    });
    return row;
  });
  const computed = await computePreview(deps, ctx, changed, before.table);
  return toView(deps, keepPreviewFor((await repo.update(deps.db, ctx, id, { counts: computed.counts })) ?? changed));
};

// ---------- start and the job ----------

/**
 * POST /importazioni-pazienti/:id/avvio: the plan (what each row becomes) written in one transaction with the status,
 * then the job queued; skipped rows are already in the report.
 */
export const startImport = async (deps: AppDeps, ctx: StudioContext, id: string): Promise<PatientImport> => {
  const imp = await findImport(deps, ctx, id);
  if (imp.status !== 'PREVIEW') throw new AppError('CONFLICT', am.notInPreview);
  if (!mappingNamesPatients(imp.mapping as ColumnMapping)) throw new AppError('VALIDATION', m.noMappedName);
  const { rows, counts } = await computePreview(deps, ctx, imp);
  const toWrite = (counts?.toImport ?? 0) + (counts?.toUpdate ?? 0);
  if (toWrite === 0) throw new AppError('VALIDATION', am.nothingToImport);
  const started = await deps.db.transaction(async (tx) => {
    const locked = await repo.findForUpdate(tx, ctx, id);
    if (locked?.status !== 'PREVIEW' || locked.updatedAt.getTime() !== imp.updatedAt.getTime())
      throw new AppError('CONFLICT', am.notInPreview);
    for (let i = 0; i < rows.length; i += 1000) {
      await repo.insertPlan(
        tx,
        ctx,
        rows.slice(i, i + 1000).map((r) => ({
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
        })),
      );
    }
    const row = await repo.update(tx, ctx, id, {
      status: 'QUEUED',
      toWrite,
      skipped: counts?.toSkip ?? 0,
      startedAt: deps.now(),
    });
    await recordAudit(tx, ctx, { action: 'patient.import.start', entityType: 'patient-import', entityId: id });
    return row as PatientImportRow;
  });
  previewCache.delete(id);
  await deps.jobs.send<PatientImportJob>(
    patientImportQueue,
    { importId: id, studioId: ctx.studioId },
    { singletonKey: id },
  );
  return toView(deps, started);
};

const jobContext = (studioId: string, imp: PatientImportRow): StudioContext => ({
  userId: imp.createdBy,
  email: imp.createdByEmail,
  platformRole: null,
  actorUserId: null,
  actorEmail: null,
  meta: { requestId: null, ip: null, userAgent: 'importazione pazienti' },
  studioId,
  role: 'ROLE_USER',
  memberId: imp.memberId,
  versions: null,
});

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

/**
 * The job: the PENDING rows of the plan, a batch at a time; a failure rolls its batch back and the retry (or, after
 * a crash, pg-boss handing the expired job out again) starts at the first row still PENDING.
 */
export const runImportJob = async (deps: AppDeps, job: PatientImportJob) => {
  const probe = jobContext(job.studioId, {
    createdBy: '',
    createdByEmail: '',
    memberId: '',
  } as PatientImportRow);
  const imp = await repo.find(deps.db, probe, job.importId);
  if (!imp || (imp.status !== 'QUEUED' && imp.status !== 'RUNNING')) return;
  const ctx = jobContext(job.studioId, imp);
  await repo.update(deps.db, ctx, imp.id, { status: 'RUNNING', error: null });
  try {
    while (await writeBatch(deps, ctx, imp.id)) await yieldToEventLoop();
  } catch (err) {
    await repo
      .update(deps.db, ctx, imp.id, { error: 'Errore durante l’importazione: nuovo tentativo in corso.' })
      .catch(() => undefined);
    throw err;
  }
  await repo.update(deps.db, ctx, imp.id, { status: 'DONE', finishedAt: deps.now(), error: null });
  // the rows are in the plan: the file is no longer needed
  await deps.storage.delete(imp.storageKey).catch(() => undefined);
};

export const registerPatientImportJobs = (deps: AppDeps) => {
  deps.jobs.define<PatientImportJob>(patientImportQueue, { retryLimit: 5, retryBackoff: true, retryDelay: 10 }, (job) =>
    runImportJob(deps, job),
  );
};

/** At start-up: imports started whose job a crash lost before the queue go to it now (the job resumes where it was). */
/** Deletes the imports never started and untouched for a week; their files go with the storage sweep. */
export const expireUnstartedPatientImports = (deps: AppDeps) =>
  repo.unsafeDeleteUnstarted(deps.db, new Date(deps.now().getTime() - unstartedImportTtlMs));

export const recoverPatientImports = async (deps: AppDeps) => {
  for (const { id, studioId } of await repo.unsafeStaleStarted(deps.db, new Date(deps.now().getTime() - 60_000)))
    await deps.jobs.send<PatientImportJob>(patientImportQueue, { importId: id, studioId }, { singletonKey: id });
};

// ---------- report and undo ----------

const outcomeLabels: Record<PatientImportPlanRow['status'], string> = {
  PENDING: 'In attesa',
  IMPORTED: 'Importato',
  UPDATED: 'Aggiornato',
  SKIPPED: 'Saltato',
  REMOVED: 'Rimosso (importazione annullata)',
  KEPT: 'Mantenuto all’annullamento',
};

/** GET /importazioni-pazienti/:id/report.csv's rows: row, outcome, name, reason (the route escapes every cell). */
export const reportRows = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const imp = await findImport(deps, ctx, id);
  if (imp.status === 'PREVIEW') throw new AppError('CONFLICT', am.notDone);
  const rows = await repo.rowsOf(deps.db, ctx, id);
  return {
    fileName: imp.fileName,
    rows: rows.map((r) => [String(r.rowNumber), outcomeLabels[r.status], r.name, r.reason ?? '']),
  };
};

/**
 * POST /importazioni-pazienti/:id/annulla: within 24 hours of the end, the patients the import created and nobody
 * changed since, without appointments, documents or clinical records, are removed; the others are listed and kept
 * (patients it updated too: their previous values are not kept).
 */
export const undoImport = async (deps: AppDeps, ctx: StudioContext, id: string): Promise<ImportUndoResult> =>
  deps.db.transaction(async (tx) => {
    const imp = await repo.findForUpdate(tx, ctx, id);
    if (!imp) throw notFound();
    if (imp.status === 'UNDONE') throw new AppError('CONFLICT', am.alreadyUndone);
    if (imp.status !== 'DONE' || !imp.finishedAt) throw new AppError('CONFLICT', am.notDone);
    if (deps.now().getTime() > imp.finishedAt.getTime() + undoWindowMs) throw new AppError('CONFLICT', am.undoExpired);
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
    await repo.update(tx, ctx, id, { status: 'UNDONE', undoneAt: deps.now() });
    await recordAudits(tx, ctx, [
      { action: 'patient.import.undo', entityType: 'patient-import', entityId: id },
      ...removed.map((p) => ({
        action: 'patient.delete',
        entityType: 'patient',
        entityId: p.id,
        detail: 'importazione annullata',
      })),
    ]);
    return { removed: removed.length, kept };
  });
