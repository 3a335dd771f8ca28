/**
 * The self-service import of appointments (issue 30 item 2, decision 045), built as the patient import (decision
 * 039): a file uploaded and checked row by row with the domain's reader and checks, each row matched to a patient,
 * service and staff member of the studio (a patient is never created), corrected and decided in the preview, then
 * written by a job in batches that are all-or-nothing each, reported per row, and undone within 24 hours.
 */
import { randomUUID } from 'node:crypto';
import { eventColorOf, toRomeWall } from '@studiolo/domain/calendar';
import {
  type AppointmentColumnMapping,
  type AppointmentDuplicate,
  type AppointmentImport,
  type AppointmentImportChanges,
  type AppointmentImportField,
  type AppointmentImportInput,
  type AppointmentImportPreviewRowView,
  type AppointmentImportUndoResult,
  type AppointmentImportValues,
  type AppointmentRowCheck,
  appointmentImportApiMessages as aam,
  importApiMessages as am,
  applyAppointmentMappingOverride,
  appointmentMappingProblem,
  appointmentRowValues,
  buildImportMatchIndex,
  checkAppointmentValues,
  dateOrderOf,
  type ExistingAppointment,
  findAppointmentDuplicates,
  findStaffOverlaps,
  type ImportTable,
  mapAppointmentHeader,
  minutesText,
} from '@studiolo/domain/imports';
import { formatUiDate } from '@studiolo/domain/shared';
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
import {
  type AppointmentImportRow,
  type NewAppointmentImportPlanRow,
  appointmentImportsRepository as repo,
} from './appointment-imports.repository.ts';

export const appointmentImportQueue = 'appointment-import';
export type AppointmentImportJob = ImportJob;

/** Rows written in one transaction (smaller than the patient import's 500: PGlite holds the event loop meanwhile). */
export const appointmentImportBatchSize = 250;
const dayMs = 86_400_000;

// ---------- the preview ----------

type ComputedRow = {
  row: number;
  values: AppointmentImportValues;
  check: AppointmentRowCheck;
  duplicate: AppointmentDuplicate | null;
  choice: 'import' | 'skip';
  fixed: boolean;
  action: 'IMPORT' | 'SKIP';
  reason: string | null;
};
type Computed = {
  table: ImportTable;
  rows: ComputedRow[];
  counts: Record<string, number> | null;
  names: { services: Map<string, string>; staff: Map<string, string> };
};

const previews = previewCache<Computed>();

const readStoredFile = (deps: AppDeps, imp: AppointmentImportRow) =>
  readStoredImport(deps.storage, imp.storageKey, am.fileGone);

/** "10-07-2026 09:30 · Rossi Mario": what the report and undo name a row by. */
const labelOf = (input: AppointmentImportInput | null, values: AppointmentImportValues): string => {
  if (input) {
    const wall = toRomeWall(input.start.getTime());
    return `${formatUiDate(input.start)} ${minutesText(Math.round((wall % dayMs) / 60_000))} · ${input.patientName}`;
  }
  const who =
    values.paziente ?? ([values.cognome, values.nome].filter(Boolean).join(' ') || values.codiceFiscale || '');
  return [values.data, values.oraInizio, who].filter(Boolean).join(' ');
};

/** The matching data of the studio: its patients, services and staff. */
const matchData = async (deps: AppDeps, ctx: StudioContext) => {
  const [patients, services, staff] = await Promise.all([
    repo.patientRefs(deps.db, ctx),
    repo.serviceRefs(deps.db, ctx),
    repo.staffRefs(deps.db, ctx),
  ]);
  return {
    index: buildImportMatchIndex({ patients, services, staff, practitioners: staff.filter((s) => s.practitioner) }),
    names: {
      services: new Map(services.map((s) => [s.id, s.name])),
      staff: new Map(staff.map((s) => [s.id, `${s.name} ${s.lastname}`.trim()])),
    },
  };
};

/** The shared life of an import (upload, start, job, report, undo window, expiry) with the appointment's parts. */
const lifecycle = importLifecycle<AppointmentImportRow, NewAppointmentImportPlanRow>({
  store: repo,
  queue: appointmentImportQueue,
  auditAction: 'event.import',
  entityType: 'appointment-import',
  defaultFileName: 'appuntamenti.csv',
  mapHeader: mapAppointmentHeader,
  jobAgent: 'importazione appuntamenti',
  writeBatch: (deps, ctx, imp) => writeBatch(deps, ctx, imp),
});

/**
 * Every row of the file through the mapping and the user's corrections, checked and matched, then against the other
 * rows and the studio's calendar (duplicates, a staff member's overlaps). In slices (decision 039).
 */
const checkPreview = async (
  deps: AppDeps,
  ctx: StudioContext,
  imp: AppointmentImportRow,
  table?: ImportTable,
): Promise<Computed> => {
  const t = table ?? (await readStoredFile(deps, imp));
  const mapping = imp.mapping as AppointmentColumnMapping;
  const { index, names } = await matchData(deps, ctx);
  if (appointmentMappingProblem(mapping)) return { table: t, rows: [], counts: null, names };
  // day-first or month-first is decided for the whole date column (a Google export writes 03/25/2026)
  const dateColumn = mapping.indexOf('data');
  const dateOrder = dateOrderOf(
    t.rows.flatMap((cells) => (typeof cells[dateColumn] === 'string' ? [cells[dateColumn] as string] : [])),
  );
  const opts = { index, today: deps.now(), dateOrder };
  const checked = await checkRows(
    t,
    imp.fixes,
    (cells) => appointmentRowValues(cells, mapping, { date1904: t.date1904 }),
    (values, problems) => checkAppointmentValues(values, opts, problems),
  );
  const rows: ComputedRow[] = checked.map((r) => ({
    ...r,
    duplicate: null,
    choice: 'import',
    action: 'SKIP',
    reason: null,
  }));
  const valid = rows.flatMap((r) => (r.check.ok ? [{ row: r.row, input: r.check.input }] : []));
  let existing: ExistingAppointment[] = [];
  if (valid.length > 0) {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const v of valid) {
      first = Math.min(first, v.input.start.getTime());
      last = Math.max(last, v.input.start.getTime());
    }
    // bounded by the studio's own calendar over the file's span (a day of margin for the longest appointments)
    existing = await repo.appointmentsBetween(deps.db, ctx, new Date(first - dayMs), new Date(last + dayMs));
  }
  const duplicates = findAppointmentDuplicates(valid, existing);
  const counts = {
    total: rows.length,
    valid: valid.length,
    invalid: rows.length - valid.length,
    duplicates: 0,
    withWarnings: 0,
  } as Record<string, number>;
  let toImport = 0;
  for (const r of rows) {
    r.duplicate = duplicates.get(r.row) ?? null;
    const wanted = imp.choices[String(r.row)];
    r.choice = wanted ?? (r.duplicate ? 'skip' : 'import');
    if (r.duplicate) (counts.duplicates as number)++;
    if (!r.check.ok) r.reason = aam.skippedInvalid(r.check.problems.map((p) => p.message).join(' '));
    else if (r.choice === 'skip')
      r.reason = r.duplicate ? aam.skippedDuplicate(r.duplicate.message) : aam.skippedByUser;
    else {
      r.action = 'IMPORT';
      toImport++;
    }
  }
  // overlaps among what would be written and what the calendar holds: warnings only (the calendar allows them)
  const overlaps = findStaffOverlaps(
    rows.flatMap((r) => (r.action === 'IMPORT' && r.check.ok ? [{ row: r.row, input: r.check.input }] : [])),
    existing,
  );
  for (const r of rows) {
    const overlap = overlaps.get(r.row);
    if (overlap) r.check.warnings.push({ field: 'operatore', message: overlap });
    if (r.check.warnings.length > 0) (counts.withWarnings as number)++;
  }
  counts.toImport = toImport;
  counts.toUpdate = 0;
  counts.toSkip = rows.length - toImport;
  return { table: t, rows, counts, names };
};

/** The preview of the import as it is now: kept from an earlier request, else checked (one file at a time). */
const computePreview = (deps: AppDeps, ctx: StudioContext, imp: AppointmentImportRow, table?: ImportTable) =>
  previews.of(imp, () => checkPreview(deps, ctx, imp, table));

const toView = (deps: AppDeps, imp: AppointmentImportRow): AppointmentImport => {
  const mapping = imp.mapping as (AppointmentImportField | null)[];
  return {
    id: imp.id,
    fileName: imp.fileName,
    status: imp.status,
    format: imp.format,
    columns: imp.columns,
    mapping,
    calendarId: imp.calendarId,
    pastPaid: imp.pastPaid,
    counts: (imp.counts as AppointmentImport['counts']) ?? null,
    mappingProblem: appointmentMappingProblem(mapping),
    progress: { toWrite: imp.toWrite, written: imp.written },
    result: { imported: imp.imported, updated: 0, skipped: imp.skipped },
    error: imp.error,
    createdAt: imp.createdAt.toISOString(),
    finishedAt: imp.finishedAt?.toISOString() ?? null,
    undoUntil: importUndoUntil(deps, imp),
  };
};

/** The counts of the preview just computed saved with the import, which the preview stays valid for. */
const savePreview = async (deps: AppDeps, ctx: StudioContext, imp: AppointmentImportRow, table?: ImportTable) => {
  const computed = await computePreview(deps, ctx, imp, table);
  return toView(deps, previews.keep(await lifecycle.saveCounts(deps, ctx, imp, computed.counts)));
};

// ---------- upload ----------

/** POST /importazioni-appuntamenti: the file read (refused: nothing stored), stored, its columns matched, rows checked. */
export const uploadAppointmentImport = async (
  deps: AppDeps,
  ctx: StudioContext,
  file: IncomingFile,
): Promise<AppointmentImport> =>
  // one turn for the file's reading and its whole check (inCheckTurn)
  inCheckTurn(async () => {
    const { imp, table } = await lifecycle.create(deps, ctx, file);
    return savePreview(deps, ctx, imp, table);
  });

export const getAppointmentImport = async (deps: AppDeps, ctx: StudioContext, id: string) =>
  toView(deps, await lifecycle.find(deps, ctx, id));

/** GET /importazioni-appuntamenti/:id/righe: a page of the preview, rows with problems, warnings or duplicates first. */
export const appointmentPreviewRows = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  q: { page: number; size: number; filtro: 'problemi' | 'tutte' },
) => {
  const { rows, names } = await computePreview(deps, ctx, await lifecycle.findInPreview(deps, ctx, id));
  return previewPage(
    rows,
    q,
    (r): AppointmentImportPreviewRowView => ({
      row: r.row,
      values: r.values as Record<string, string>,
      ok: r.check.ok,
      problems: r.check.ok ? [] : r.check.problems,
      warnings: r.check.warnings,
      filled: r.check.filled,
      duplicate: r.duplicate ? { kind: r.duplicate.kind, message: r.duplicate.message, patientId: null } : null,
      choice: r.choice,
      fixed: r.fixed,
      appointment: r.check.ok
        ? {
            start: r.check.input.start.toISOString(),
            end: r.check.input.end.toISOString(),
            patientName: r.check.input.patientName,
            serviceName: r.check.input.productId ? (names.services.get(r.check.input.productId) ?? null) : null,
            staffName: r.check.input.staffMemberId ? (names.staff.get(r.check.input.staffMemberId) ?? null) : null,
          }
        : null,
    }),
  );
};

// ---------- changes ----------

/** PATCH /importazioni-appuntamenti/:id: mapping, corrections, choices, calendar, past as paid; checked again. */
export const changeAppointmentImport = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
  changes: AppointmentImportChanges,
): Promise<AppointmentImport> => {
  const imp = await lifecycle.findInPreview(deps, ctx, id);
  // the file as the last preview read it (kept in memory): a correction does not read 20 MB again
  const { table } = await computePreview(deps, ctx, imp);
  const { fixes, choices } = mergeRowChanges(imp, changes, new Set(table.rowNumbers));
  const mapping = changes.mapping
    ? applyAppointmentMappingOverride(
        imp.mapping as AppointmentColumnMapping,
        Object.fromEntries(changes.mapping.map((c) => [c.column, c.field])),
      )
    : (imp.mapping as AppointmentColumnMapping);
  if (changes.calendarId && !(await repo.calendarExists(deps.db, ctx, changes.calendarId)))
    throw new AppError('VALIDATION', aam.calendarNotFound, { fields: { calendarId: aam.calendarNotFound } });
  const changed = await lifecycle.saveChanges(deps, ctx, id, Object.keys(changes), (tx) =>
    repo.update(tx, ctx, id, {
      mapping,
      fixes,
      choices,
      ...(changes.calendarId ? { calendarId: changes.calendarId } : {}),
      ...(changes.pastPaid !== undefined ? { pastPaid: changes.pastPaid } : {}),
    }),
  );
  return savePreview(deps, ctx, changed, table);
};

// ---------- start and the job ----------

/** The event columns a planned row writes (JSON in the plan: instants as ISO text). */
type PlannedEvent = {
  start: string;
  end: string;
  pazienteId: string;
  summary: string;
  productId: string | null;
  priceCents: number | null;
  staffMemberId: string | null;
  note: string | null;
  isPagato: boolean;
};

/**
 * POST /importazioni-appuntamenti/:id/avvio: the plan written in one transaction with the status (each new event's id
 * chosen now), then the job queued.
 */
export const startAppointmentImport = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
): Promise<AppointmentImport> => {
  const imp = await lifecycle.findInPreview(deps, ctx, id);
  const mappingProblem = appointmentMappingProblem(imp.mapping as AppointmentColumnMapping);
  if (mappingProblem) throw new AppError('VALIDATION', mappingProblem);
  const calendarId = imp.calendarId ?? (await repo.calendarIds(deps.db, ctx))[0];
  if (!calendarId) throw new AppError('VALIDATION', aam.noCalendar);
  const { rows, counts } = await computePreview(deps, ctx, imp);
  const toWrite = counts?.toImport ?? 0;
  if (toWrite === 0) throw new AppError('VALIDATION', aam.nothingToImport);
  const now = deps.now();
  const plan = rows.map((r) => {
    const input = r.check.ok ? r.check.input : null;
    const planned: PlannedEvent | null =
      r.action === 'IMPORT' && input
        ? {
            start: input.start.toISOString(),
            end: input.end.toISOString(),
            pazienteId: input.pazienteId,
            summary: input.patientName.slice(0, 200) || 'Appuntamento',
            productId: input.productId,
            priceCents: input.priceCents,
            staffMemberId: input.staffMemberId,
            note: input.note,
            // decision 045: a past appointment was settled in the program the studio leaves (when chosen)
            isPagato: imp.pastPaid && input.end.getTime() <= now.getTime(),
          }
        : null;
    return {
      importId: id,
      rowNumber: r.row,
      action: r.action,
      status: r.action === 'SKIP' ? ('SKIPPED' as const) : ('PENDING' as const),
      input: planned,
      name: labelOf(input, r.values).slice(0, 300),
      reason: r.reason,
      eventId: r.action === 'IMPORT' ? randomUUID() : null,
    };
  });
  const started = await lifecycle.queue(deps, ctx, imp, plan, (tx) =>
    repo.update(tx, ctx, id, { status: 'QUEUED', calendarId, toWrite, skipped: counts?.toSkip ?? 0, startedAt: now }),
  );
  previews.delete(id);
  return toView(deps, started);
};

const defaultColor = eventColorOf(null).hex;

/** One batch in one transaction. @returns false when nothing was left to write. */
const writeBatch = (deps: AppDeps, ctx: StudioContext, imp: AppointmentImportRow) =>
  deps.db.transaction(async (tx) => {
    const batch = await repo.nextPending(tx, ctx, imp.id, appointmentImportBatchSize);
    if (batch.length === 0) return false;
    const planned = batch.map((r) => ({ r, e: r.input as PlannedEvent }));
    // what was matched at the start may have gone since: a patient (the row is skipped), a staff member or a
    // service (the appointment goes without)
    const patientsNow = await repo.existingPatientIds(tx, ctx, [...new Set(planned.map((p) => p.e.pazienteId))]);
    const refs = await repo.existingRefs(
      tx,
      ctx,
      [...new Set(planned.flatMap((p) => (p.e.staffMemberId ? [p.e.staffMemberId] : [])))],
      [...new Set(planned.flatMap((p) => (p.e.productId ? [p.e.productId] : [])))],
    );
    const gone = planned.filter((p) => !patientsNow.has(p.e.pazienteId));
    const writing = planned.filter((p) => patientsNow.has(p.e.pazienteId));
    await repo.setRowOutcome(
      tx,
      ctx,
      imp.id,
      gone.map((p) => p.r.rowNumber),
      { status: 'SKIPPED', reason: aam.skippedPatientGone, input: null },
    );
    if (writing.length > 0) {
      const written = await repo.insertEvents(
        tx,
        ctx,
        writing.map(({ r, e }) => {
          const start = new Date(e.start);
          const end = new Date(e.end);
          return {
            id: r.eventId ?? randomUUID(),
            calendarId: imp.calendarId,
            summary: e.summary,
            startAt: start,
            endAt: end,
            untilAt: end,
            allDay: false,
            rrule: null,
            color: defaultColor,
            pazienteId: e.pazienteId,
            staffMemberId: e.staffMemberId && refs.staff.has(e.staffMemberId) ? e.staffMemberId : null,
            productId: e.productId && refs.products.has(e.productId) ? e.productId : null,
            priceCents: e.priceCents,
            isPagato: e.isPagato,
            note: e.note,
          };
        }),
      );
      const writtenAt = written[0]?.updatedAt ?? deps.now();
      await repo.setRowOutcome(
        tx,
        ctx,
        imp.id,
        writing.map((p) => p.r.rowNumber),
        { status: 'IMPORTED', input: null, writtenAt },
      );
      await recordAudits(
        tx,
        ctx,
        written.map((w) => ({ action: 'event.create', entityType: 'event', entityId: w.id, detail: 'importazione' })),
      );
    }
    await repo.addProgress(tx, ctx, imp.id, { written: batch.length, imported: writing.length, skipped: gone.length });
    return true;
  });

/** The job: the PENDING rows a batch at a time; a failure rolls its batch back and the retry resumes there. */
export const runAppointmentImportJob = (deps: AppDeps, job: AppointmentImportJob) => lifecycle.runJob(deps, job);

export const registerAppointmentImportJobs = (deps: AppDeps) => lifecycle.registerJobs(deps);

/** Deletes the imports never started and untouched for a week (as the patient import's); files go with the sweep. */
export const expireUnstartedAppointmentImports = (deps: AppDeps) => lifecycle.expireUnstarted(deps);

/** At start-up: started imports whose job a crash lost before the queue go to it now. */
export const recoverAppointmentImports = (deps: AppDeps) => lifecycle.recover(deps);

// ---------- report and undo ----------

/** GET /importazioni-appuntamenti/:id/report.csv's rows: row, outcome, appointment, reason. */
export const appointmentReportRows = (deps: AppDeps, ctx: StudioContext, id: string) =>
  lifecycle.reportRows(deps, ctx, id);

const keptReminded = 'Il paziente ha già ricevuto il promemoria.';

/**
 * POST /importazioni-appuntamenti/:id/annulla: within 24 hours of the end, the appointments the import wrote and
 * nobody touched since (not changed, not linked to a document, no diary entry, no reminder sent) are removed; the
 * others are listed and kept.
 */
export const undoAppointmentImport = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
): Promise<AppointmentImportUndoResult> =>
  deps.db.transaction(async (tx) => {
    await lifecycle.lockForUndo(deps, tx, ctx, id);
    const rows = await repo.rowsOf(tx, ctx, id);
    const created = rows.filter((r) => r.status === 'IMPORTED' && r.eventId);
    const ids = created.map((r) => r.eventId as string);
    const now = new Map((await repo.eventsForUndo(tx, ctx, ids)).map((e) => [e.id, e]));
    const { linked, reminded } = await repo.linkedEvents(tx, ctx, ids);
    const remove: string[] = [];
    const kept: AppointmentImportUndoResult['kept'] = [];
    const keptRows: { row: number; reason: string }[] = [];
    for (const r of created) {
      const eid = r.eventId as string;
      const event = now.get(eid);
      if (!event) continue; // deleted since
      const reason =
        r.writtenAt && event.updatedAt.getTime() > r.writtenAt.getTime()
          ? aam.keptChanged
          : event.linkedDocumentoContabileId || linked.has(eid)
            ? aam.keptLinked
            : reminded.has(eid)
              ? keptReminded
              : null;
      if (reason) {
        kept.push({ row: r.rowNumber, eventId: eid, name: r.name, reason });
        keptRows.push({ row: r.rowNumber, reason });
      } else remove.push(eid);
    }
    for (const k of keptRows) await repo.setRowOutcome(tx, ctx, id, [k.row], { status: 'KEPT', reason: k.reason });
    const removed = await repo.deleteEvents(tx, ctx, remove);
    const removedIds = new Set(removed.map((e) => e.id));
    await repo.setRowOutcome(
      tx,
      ctx,
      id,
      created.filter((r) => removedIds.has(r.eventId as string)).map((r) => r.rowNumber),
      { status: 'REMOVED' },
    );
    await lifecycle.markUndone(deps, tx, ctx, id, {
      action: 'event.delete',
      entityType: 'event',
      ids: removed.map((e) => e.id),
    });
    return { removed: removed.length, kept };
  });
