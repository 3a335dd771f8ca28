/**
 * The life of a self-service import, shared by the patient import (decision 039) and the appointment import
 * (decision 045): the file stored with its row, the preview kept in memory between requests, the user's corrections
 * and choices checked against the file, the plan written and the job queued, the job writing the plan in batches
 * that are all-or-nothing each and resuming after a crash, the report's rows, the undo window and the expiry of
 * imports never started. Each import brings what is its own: its tables (a repository), its row checks, how a batch
 * is written and how an import is undone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { importApiMessages as am, type ImportStatus, type ImportTable } from '@studiolo/domain/imports';
import { sanitizeFileName } from '@studiolo/domain/shared';
import type { DbOrTx } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { recordAudit, recordAudits } from '../features/audit/audit.repository.ts';
import { AppError, notFound } from './app-error.ts';
import { type IncomingFile, readUpload, unstartedImportTtlMs, yieldToEventLoop } from './import-upload.ts';
import type { StudioContext } from './studio-context.ts';
import { createWeightedLru } from './weighted-lru.ts';

/** An import can be undone this long after it finished (decisions 039, 045). */
const importUndoWindowMs = 24 * 3600_000;
/** Plan rows inserted by one statement at the start. */
const planChunkRows = 1000;

/** The columns every import's row has. */
export type ImportRecord = {
  id: string;
  status: ImportStatus;
  fileName: string;
  storageKey: string;
  createdBy: string;
  createdByEmail: string;
  memberId: string;
  updatedAt: Date;
  finishedAt: Date | null;
};

/** What the shared machinery changes on an import's row. */
type ImportSet = {
  status?: ImportStatus;
  error?: string | null;
  counts?: Record<string, number> | null;
  finishedAt?: Date;
  undoneAt?: Date;
};

type NewImport = {
  id: string;
  createdBy: string;
  createdByEmail: string;
  memberId: string;
  fileName: string;
  storageKey: string;
  format: ImportTable['format'];
  columns: string[];
  mapping: (string | null)[];
};

/** A plan row's outcome (the appointment import has no UPDATED). */
export type ImportRowStatus = 'PENDING' | 'IMPORTED' | 'UPDATED' | 'SKIPPED' | 'REMOVED' | 'KEPT';

/** The repository functions of an import that the shared machinery calls. */
export type ImportStore<R extends ImportRecord, Plan> = {
  insert: (db: DbOrTx, ctx: StudioContext, row: NewImport) => Promise<R>;
  find: (db: DbOrTx, ctx: StudioContext, id: string) => Promise<R | null>;
  findForUpdate: (db: DbOrTx, ctx: StudioContext, id: string) => Promise<R | null>;
  update: (db: DbOrTx, ctx: StudioContext, id: string, set: ImportSet) => Promise<R | null>;
  insertPlan: (db: DbOrTx, ctx: StudioContext, rows: Plan[]) => Promise<unknown>;
  rowsOf: (
    db: DbOrTx,
    ctx: StudioContext,
    importId: string,
  ) => Promise<{ rowNumber: number; status: ImportRowStatus; name: string; reason: string | null }[]>;
  unsafeStaleStarted: (db: DbOrTx, before: Date) => Promise<{ id: string; studioId: string }[]>;
  unsafeDeleteUnstarted: (db: DbOrTx, before: Date) => Promise<number>;
};

export type ImportJob = { importId: string; studioId: string };

export type ImportKind<R extends ImportRecord, Plan> = {
  store: ImportStore<R, Plan>;
  /** The job queue's name. */
  queue: string;
  /** 'patient.import' → patient.import.create, .update, .start, .undo. */
  auditAction: string;
  /** The audit events' entity type (the tenant resource's name). */
  entityType: string;
  /** The stored name of a file uploaded without one. */
  defaultFileName: string;
  /** The automatic column mapping of a header row. */
  mapHeader: (header: string[]) => (string | null)[];
  /** The user agent of the job's audit events ('importazione pazienti'). */
  jobAgent: string;
  /** One batch of PENDING rows written in one transaction. @returns false when nothing was left to write. */
  writeBatch: (deps: AppDeps, ctx: StudioContext, imp: R) => Promise<boolean>;
};

const outcomeLabels: Record<ImportRowStatus, string> = {
  PENDING: 'In attesa',
  IMPORTED: 'Importato',
  UPDATED: 'Aggiornato',
  SKIPPED: 'Saltato',
  REMOVED: 'Rimosso (importazione annullata)',
  KEPT: 'Mantenuto all’annullamento',
};

/** Until when a finished import can be undone (ISO), null when it cannot. */
export const importUndoUntil = (deps: AppDeps, imp: ImportRecord): string | null =>
  imp.status === 'DONE' && imp.finishedAt && deps.now().getTime() < imp.finishedAt.getTime() + importUndoWindowMs
    ? new Date(imp.finishedAt.getTime() + importUndoWindowMs).toISOString()
    : null;

/** The job writes as the user who uploaded the file (audit trail), with no request behind it. */
const jobContext = (
  studioId: string,
  imp: Pick<ImportRecord, 'createdBy' | 'createdByEmail' | 'memberId'>,
  userAgent: string,
): StudioContext => ({
  userId: imp.createdBy,
  email: imp.createdByEmail,
  platformRole: null,
  actorUserId: null,
  actorEmail: null,
  meta: { requestId: null, ip: null, userAgent },
  studioId,
  role: 'ROLE_USER',
  memberId: imp.memberId,
  versions: null,
});

/** The shared life of one import, bound to its repository, queue, texts and batch writer. */
export const importLifecycle = <R extends ImportRecord, Plan>(kind: ImportKind<R, Plan>) => {
  const { store } = kind;
  const audit = (action: string, id: string) => ({
    action: `${kind.auditAction}.${action}`,
    entityType: kind.entityType,
    entityId: id,
  });
  const queueJob = (deps: AppDeps, importId: string, studioId: string) =>
    deps.jobs.send<ImportJob>(kind.queue, { importId, studioId }, { singletonKey: importId });

  const find = async (deps: AppDeps, ctx: StudioContext, id: string): Promise<R> => {
    const imp = await store.find(deps.db, ctx, id);
    if (!imp) throw notFound();
    return imp;
  };

  /**
   * The job: the PENDING rows of the plan, a batch at a time; a failure rolls its batch back and the retry (or, after
   * a crash, pg-boss handing the expired job out again) starts at the first row still PENDING.
   */
  const runJob = async (deps: AppDeps, job: ImportJob) => {
    const probe = jobContext(job.studioId, { createdBy: '', createdByEmail: '', memberId: '' }, kind.jobAgent);
    const imp = await store.find(deps.db, probe, job.importId);
    if (!imp || (imp.status !== 'QUEUED' && imp.status !== 'RUNNING')) return;
    const ctx = jobContext(job.studioId, imp, kind.jobAgent);
    await store.update(deps.db, ctx, imp.id, { status: 'RUNNING', error: null });
    try {
      while (await kind.writeBatch(deps, ctx, imp)) await yieldToEventLoop();
    } catch (err) {
      await store
        .update(deps.db, ctx, imp.id, { error: 'Errore durante l’importazione: nuovo tentativo in corso.' })
        .catch(() => undefined);
      throw err;
    }
    await store.update(deps.db, ctx, imp.id, { status: 'DONE', finishedAt: deps.now(), error: null });
    // the rows are in the plan: the file is no longer needed
    await deps.storage.delete(imp.storageKey).catch(() => undefined);
  };

  return {
    find,

    /** The import, still in preview (409 once started). */
    findInPreview: async (deps: AppDeps, ctx: StudioContext, id: string): Promise<R> => {
      const imp = await find(deps, ctx, id);
      if (imp.status !== 'PREVIEW') throw new AppError('CONFLICT', am.notInPreview);
      return imp;
    },

    /**
     * The upload: the file read (refused with the reader's Italian message, nothing stored), stored, its row
     * inserted with the automatic mapping; the file is deleted again when the row cannot be written.
     */
    create: async (deps: AppDeps, ctx: StudioContext, file: IncomingFile): Promise<{ imp: R; table: ImportTable }> => {
      const { bytes, table } = await readUpload(file);
      const id = randomUUID();
      const storageKey = `${ctx.studioId}/imports/${id}`;
      await deps.storage.put(storageKey, bytes);
      const imp = await deps.db
        .transaction(async (tx) => {
          const row = await store.insert(tx, ctx, {
            id,
            createdBy: ctx.userId,
            createdByEmail: ctx.email,
            memberId: ctx.memberId,
            fileName: sanitizeFileName(file.fileName || kind.defaultFileName),
            storageKey,
            format: table.format,
            columns: table.header,
            mapping: kind.mapHeader(table.header),
          });
          await recordAudit(tx, ctx, audit('create', id));
          return row;
        })
        .catch(async (err: unknown) => {
          await deps.storage.delete(storageKey).catch(() => undefined);
          throw err;
        });
      return { imp, table };
    },

    /** The counts of the preview just computed, saved with the import. */
    saveCounts: async (deps: AppDeps, ctx: StudioContext, imp: R, counts: Record<string, number> | null) =>
      (await store.update(deps.db, ctx, imp.id, { counts })) ?? imp,

    /** The user's changes saved (`update` writes them) with their audit event, in one transaction. */
    saveChanges: (
      deps: AppDeps,
      ctx: StudioContext,
      id: string,
      changedFields: string[],
      update: (tx: DbOrTx) => Promise<R | null>,
    ) =>
      deps.db.transaction(async (tx) => {
        const row = await update(tx);
        if (!row) throw notFound();
        await recordAudit(tx, ctx, { ...audit('update', id), changedFields });
        return row;
      }),

    /**
     * The start: the plan (what each row becomes) written in one transaction with the status (`queued` sets it), as
     * long as nobody changed the import since its preview was computed; then the job queued.
     */
    queue: async (
      deps: AppDeps,
      ctx: StudioContext,
      imp: R,
      plan: Plan[],
      queued: (tx: DbOrTx) => Promise<R | null>,
    ): Promise<R> => {
      const started = await deps.db.transaction(async (tx) => {
        const locked = await store.findForUpdate(tx, ctx, imp.id);
        if (locked?.status !== 'PREVIEW' || locked.updatedAt.getTime() !== imp.updatedAt.getTime())
          throw new AppError('CONFLICT', am.notInPreview);
        for (let i = 0; i < plan.length; i += planChunkRows)
          await store.insertPlan(tx, ctx, plan.slice(i, i + planChunkRows));
        const row = await queued(tx);
        await recordAudit(tx, ctx, audit('start', imp.id));
        return row as R;
      });
      await queueJob(deps, imp.id, ctx.studioId);
      return started;
    },

    runJob,

    registerJobs: (deps: AppDeps) => {
      deps.jobs.define<ImportJob>(kind.queue, { retryLimit: 5, retryBackoff: true, retryDelay: 10 }, (job) =>
        runJob(deps, job),
      );
    },

    /** At start-up: imports started whose job a crash lost before the queue go to it now (the job resumes). */
    recover: async (deps: AppDeps) => {
      for (const { id, studioId } of await store.unsafeStaleStarted(deps.db, new Date(deps.now().getTime() - 60_000)))
        await queueJob(deps, id, studioId);
    },

    /** Deletes the imports never started and untouched for a week; their files go with the storage sweep. */
    expireUnstarted: (deps: AppDeps) =>
      store.unsafeDeleteUnstarted(deps.db, new Date(deps.now().getTime() - unstartedImportTtlMs)),

    /** The report's rows: row, outcome, name, reason (the route escapes every cell). */
    reportRows: async (deps: AppDeps, ctx: StudioContext, id: string) => {
      const imp = await find(deps, ctx, id);
      if (imp.status === 'PREVIEW') throw new AppError('CONFLICT', am.notDone);
      const rows = await store.rowsOf(deps.db, ctx, id);
      return {
        fileName: imp.fileName,
        rows: rows.map((r) => [String(r.rowNumber), outcomeLabels[r.status], r.name, r.reason ?? '']),
      };
    },

    /** The import locked for its undo: done, not undone yet, within 24 hours of the end (409 otherwise). */
    lockForUndo: async (deps: AppDeps, tx: DbOrTx, ctx: StudioContext, id: string): Promise<R> => {
      const imp = await store.findForUpdate(tx, ctx, id);
      if (!imp) throw notFound();
      if (imp.status === 'UNDONE') throw new AppError('CONFLICT', am.alreadyUndone);
      if (imp.status !== 'DONE' || !imp.finishedAt) throw new AppError('CONFLICT', am.notDone);
      if (deps.now().getTime() > imp.finishedAt.getTime() + importUndoWindowMs)
        throw new AppError('CONFLICT', am.undoExpired);
      return imp;
    },

    /** The undo's end: the import marked undone, with its audit event and one per record it deleted. */
    markUndone: async (
      deps: AppDeps,
      tx: DbOrTx,
      ctx: StudioContext,
      id: string,
      deleted: { action: string; entityType: string; ids: string[] },
    ) => {
      await store.update(tx, ctx, id, { status: 'UNDONE', undoneAt: deps.now() });
      await recordAudits(tx, ctx, [
        audit('undo', id),
        ...deleted.ids.map((entityId) => ({
          action: deleted.action,
          entityType: deleted.entityType,
          entityId,
          detail: 'importazione annullata',
        })),
      ]);
    },
  };
};

// ---------- the preview ----------

/**
 * Tasks run one after the other, each when the one before has ended (fulfilled or not). A task asking for a turn
 * from inside its own runs at once (an upload's preview is checked within the upload's turn).
 */
export const serialQueue = () => {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = new AsyncLocalStorage<true>();
  return <T>(task: () => Promise<T>): Promise<T> => {
    if (inTurn.getStore()) return task();
    const run = tail.then(() => inTurn.run(true, task));
    tail = run.catch(() => undefined);
    return run;
  };
};

/**
 * The files of both imports are read and checked one at a time in the process: reading and checking 50,000 rows
 * peaks at a few hundred MB (decision 039), so studios that upload or preview at the same moment wait their turn
 * (seconds) instead of adding their peaks. Never asked for inside a transaction: a check reads the studio's patients
 * and calendar, and on PGlite a transaction waiting for its turn would hold the one connection.
 */
export const inCheckTurn = serialQueue();

/** The rows of the previews kept in memory for one import (about one file of the largest size). */
const previewCacheRows = 60_000;

/**
 * The last previews computed, by import and version (its updated_at): a page of rows, a correction or the start do
 * not check the file again. Weighed by their rows: a preview of 50,000 rows holds tens of MB, so a large file pushes
 * the older previews out (they are checked again if asked for).
 */
export const previewCache = <Computed extends { table: ImportTable }>() => {
  const cache = createWeightedLru<{ version: number; computed: Computed }>({
    maxWeight: previewCacheRows,
    weigh: (entry) => entry.computed.table.rows.length,
  });
  const fresh = (imp: ImportRecord) => {
    const cached = cache.get(imp.id);
    return cached && cached.version === imp.updatedAt.getTime() ? cached.computed : null;
  };
  return {
    /** The preview just computed stays valid for the row whose counts were saved with it. */
    keep: <R extends ImportRecord>(saved: R): R => {
      const cached = cache.peek(saved.id);
      if (cached) cached.version = saved.updatedAt.getTime();
      return saved;
    },
    delete: (id: string) => cache.delete(id),
    /** The preview of this version of the import: kept, else checked in the process's check turn and kept. */
    of: async (imp: ImportRecord, check: () => Promise<Computed>): Promise<Computed> =>
      fresh(imp) ??
      inCheckTurn(async () => {
        // another request for this import may have checked it while this one waited
        const done = fresh(imp);
        if (done) return done;
        const computed = await check();
        cache.set(imp.id, { version: imp.updatedAt.getTime(), computed });
        return computed;
      }),
  };
};

/** Rows checked between two turns of the event loop (about 0.1 ms a row: some 25 ms of CPU at a time). */
const checkSliceRows = 250;

/**
 * Every row of the file read through the mapping (`read`), with the user's corrections over its cells, and checked
 * (`check`: the cells' problems the corrections replaced are dropped). In slices with a turn of the event loop
 * between them (decision 039): other requests are served meanwhile.
 */
export const checkRows = async <Values extends object, Problem extends { field: string }, Check>(
  table: ImportTable,
  fixes: Record<string, Record<string, string>>,
  read: (cells: ImportTable['rows'][number]) => { values: Values; cellProblems: Problem[] },
  check: (values: Values, problems: Problem[]) => Check,
) => {
  const rows: { row: number; values: Values; check: Check; fixed: boolean }[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    if (i > 0 && i % checkSliceRows === 0) await yieldToEventLoop();
    const row = table.rowNumbers[i] ?? i + 2;
    const { values, cellProblems } = read(table.rows[i] ?? []);
    const fix = fixes[String(row)];
    const merged: Values = fix ? { ...values, ...fix } : values;
    const problems = fix ? cellProblems.filter((p) => !(p.field in fix)) : cellProblems;
    rows.push({ row, values: merged, check: check(merged, problems), fixed: Boolean(fix) });
  }
  return rows;
};

type PreviewRow = { check: { ok: boolean; warnings: unknown[] }; duplicate: unknown };

/** A page of the preview's rows: those with problems, warnings or a duplicate by default, or all of them. */
export const previewPage = <Row extends PreviewRow, View>(
  rows: Row[],
  q: { page: number; size: number; filtro: 'problemi' | 'tutte' },
  view: (row: Row) => View,
) => {
  const chosen =
    q.filtro === 'tutte' ? rows : rows.filter((r) => !r.check.ok || r.check.warnings.length > 0 || r.duplicate);
  return {
    content: chosen.slice(q.page * q.size, (q.page + 1) * q.size).map(view),
    totalElements: chosen.length,
    totalPages: Math.ceil(chosen.length / q.size),
    page: q.page,
    size: q.size,
  };
};

/**
 * The user's corrections and choices merged into the import's, each row checked to be in the file (`checkChoice`
 * refuses a choice that does not fit its row); a mapping change naming a column the file lacks is refused.
 */
export const mergeRowChanges = <Choice extends string>(
  imp: { mapping: unknown[]; fixes: Record<string, Record<string, string>>; choices: Record<string, Choice> },
  changes: {
    mapping?: { column: number }[] | undefined;
    fixes?: { row: number; values: Partial<Record<string, string>> }[] | undefined;
    choices?: { row: number; choice: Choice }[] | undefined;
  },
  fileRows: Set<number>,
  checkChoice?: (row: number, choice: Choice) => void,
) => {
  for (const c of changes.mapping ?? []) {
    if (c.column >= imp.mapping.length) {
      const message = `La colonna ${c.column + 1} non è nel file.`;
      throw new AppError('VALIDATION', message, { fields: { mapping: message } });
    }
  }
  const fixes = { ...imp.fixes };
  for (const f of changes.fixes ?? []) {
    if (!fileRows.has(f.row)) throw new AppError('VALIDATION', am.rowUnknown(f.row));
    fixes[String(f.row)] = { ...fixes[String(f.row)], ...(f.values as Record<string, string>) };
  }
  const choices = { ...imp.choices };
  for (const c of changes.choices ?? []) {
    if (!fileRows.has(c.row)) throw new AppError('VALIDATION', am.rowUnknown(c.row));
    checkChoice?.(c.row, c.choice);
    choices[String(c.row)] = c.choice;
  }
  return { fixes, choices };
};
