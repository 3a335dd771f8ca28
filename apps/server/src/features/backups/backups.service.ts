import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type BackupSettings,
  type BackupsAnswer,
  backupSettingsSchema,
  defaultBackupSettings,
  backupSettingsMessages as m,
} from '@studiolo/domain/backups';
import { romeDateOf, toRomeWall } from '@studiolo/domain/calendar';
import type { Config } from '../../config/env.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type BackupInfo, backupNamePattern, pruneBackups, takeBackup } from './backup-archive.ts';
import type { BackupDestination } from './backup-destination.ts';
import { backupsRepository as repo } from './backups.repository.ts';

/**
 * The install's settings, kept beside its backups (BACKUP_DIR/settings.json, or backups/settings.json in the bucket):
 * a restore does not roll them back; the defaults when unset or unreadable as settings.
 */
export const readBackupSettings = async (destination: BackupDestination): Promise<BackupSettings> => {
  const text = await destination.readSettings();
  if (!text) return { ...defaultBackupSettings };
  try {
    const parsed = backupSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { ...defaultBackupSettings };
  } catch {
    return { ...defaultBackupSettings };
  }
};

/**
 * Whether this install's backups are the caller's to take and download here. A backup holds every studio of the
 * install, so a studio's owner may only where the install has that one studio; PostgreSQL has its own tools.
 */
const unavailableReason = async (deps: AppDeps): Promise<string | null> => {
  if (deps.database.kind !== 'pglite') return m.postgres;
  if ((await repo.unsafeCountStudios(deps.db)) !== 1) return m.severalStudios;
  return (await databaseOnDisk(deps.config)) ? null : m.notOnDisk;
};

/** An embedded database kept in memory (as the API tests keep theirs) has no data directory to copy. */
const databaseOnDisk = async (config: Config) =>
  Boolean(config.DATA_DIR) &&
  (await stat(path.join(path.resolve(config.DATA_DIR), 'pglite', 'PG_VERSION')).catch(() => null)) !== null;

const requireAvailable = async (deps: AppDeps) => {
  const reason = await unavailableReason(deps);
  if (reason) throw new AppError('CONFLICT', reason);
};

const pgliteOf = (deps: AppDeps) => {
  const connection = deps.database.jobQueueConnection;
  if (!('pglite' in connection) || !connection.pglite) throw new AppError('CONFLICT', m.postgres);
  return connection.pglite;
};

/** One backup at a time per install. */
let running: Promise<unknown> | null = null;

/**
 * Takes a backup of this server's embedded database and files into the destination (built in its work folder, then
 * stored: renamed in a directory, streamed up to a bucket), then deletes those beyond the retention.
 */
export const runBackup = async (deps: AppDeps): Promise<BackupInfo> => {
  if (running) throw new AppError('CONFLICT', m.running);
  const destination = deps.backups;
  const work = (async () => {
    const taken = await takeBackup({
      client: pgliteOf(deps),
      dataDir: deps.config.DATA_DIR ? path.resolve(deps.config.DATA_DIR) : null,
      includeFiles: deps.storage.kind === 'local-disk',
      backupDir: destination.workDir,
      taken: (await destination.list()).map((b) => b.name),
      now: deps.now,
      holdDeletes: deps.storageDeletes.hold,
    });
    await destination.store(taken.name, path.join(destination.workDir, taken.name));
    const settings = await readBackupSettings(destination);
    await pruneBackups(destination, settings.keepDays, deps.now());
    return { name: taken.name, createdAt: taken.createdAt, sizeBytes: taken.sizeBytes };
  })();
  running = work;
  try {
    return await work;
  } finally {
    running = null;
  }
};

/** Where a failure to reach the destination is told (the request's log): the error, no personal data. */
export type BackupsLog = { warn: (obj: object, msg: string) => void };

const answerOf = async (deps: AppDeps, log?: BackupsLog): Promise<BackupsAnswer> => {
  const reason = await unavailableReason(deps);
  const answer: BackupsAnswer = {
    available: reason === null,
    reason,
    database: deps.database.kind,
    settings: { ...defaultBackupSettings },
    destination: reason === null ? deps.backups.info : null,
    backups: [],
    listError: null,
  };
  // a bucket that does not answer still shows the page, and says so
  try {
    answer.settings = await readBackupSettings(deps.backups);
    if (reason === null) answer.backups = await deps.backups.list();
  } catch (err) {
    log?.warn({ err }, 'backups: the destination did not answer');
    if (reason === null) answer.listError = m.unreachable;
  }
  return answer;
};

/** GET /settings/backups: the list, the settings, where they go, or why backups are not taken from here. */
export const getBackups = (deps: AppDeps, _ctx: StudioContext, log?: BackupsLog) => answerOf(deps, log);

/**
 * The destination failed (a bucket that does not answer, a full or read-only disk): 503 with what to check, the error
 * itself in the request's log. Nothing is left behind (the destination cleans its work file).
 */
const destinationFailed = (deps: AppDeps, log: BackupsLog | undefined) => (err: unknown) => {
  if (err instanceof AppError) throw err;
  log?.warn({ err }, 'backups: the destination failed');
  throw new AppError('SERVICE_UNAVAILABLE', deps.backups.info.kind === 's3' ? m.storeFailedS3 : m.storeFailedDir);
};

/** POST /settings/backups: a backup now, audited. */
export const backupNow = async (deps: AppDeps, ctx: StudioContext, log?: BackupsLog) => {
  await requireAvailable(deps);
  const taken = await runBackup(deps).catch(destinationFailed(deps, log));
  await recordAudit(deps.db, ctx, { action: 'backups.take', entityType: 'backup', changedFields: [taken.name] });
  return answerOf(deps);
};

/** PUT /settings/backups: the hour of the daily backup and the days kept, audited. */
export const putBackupSettings = async (deps: AppDeps, ctx: StudioContext, input: BackupSettings, log?: BackupsLog) => {
  await requireAvailable(deps);
  const before = await readBackupSettings(deps.backups).catch(destinationFailed(deps, log));
  await deps.backups.writeSettings(JSON.stringify(input)).catch(destinationFailed(deps, log));
  await recordAudit(deps.db, ctx, {
    action: 'backups.settings',
    entityType: 'settings',
    entityId: ctx.studioId,
    changedFields: (Object.keys(input) as (keyof BackupSettings)[]).filter((k) => before[k] !== input[k]),
  });
  return answerOf(deps);
};

/** GET /settings/backups/:name: one backup's bytes, streamed. */
export const openBackup = async (deps: AppDeps, _ctx: StudioContext, name: string) => {
  await requireAvailable(deps);
  if (!backupNamePattern.test(name)) throw new AppError('NOT_FOUND', m.notFound);
  const object = await deps.backups.open(name);
  if (!object) throw new AppError('NOT_FOUND', m.notFound);
  return object;
};

/** Whether it is the hour of the daily backup in Rome. */
const inBackupHour = (settings: BackupSettings, now: Date) =>
  new Date(toRomeWall(now.getTime())).getUTCHours() === settings.hour;

/**
 * Whether the daily backup is due: it is the set hour in Rome and today has no backup yet. Only during that hour: a
 * server started at another time (a benchmark, a test run) is not interrupted by a backup at once; one off at that
 * hour takes the next day's.
 */
export const dailyBackupDue = (settings: BackupSettings, backups: BackupInfo[], now: Date) => {
  if (!inBackupHour(settings, now)) return false;
  const today = romeDateOf(now);
  return !backups.some((b) => romeDateOf(new Date(b.createdAt)) === today);
};

/**
 * The daily backup (embedded database only, whatever the number of studios: the install's administrator reads it on
 * the server's disk): checked every minute, taken once a day in the hour the owner set.
 */
export const startBackupSchedule = (deps: AppDeps, onError: (err: unknown) => void) => {
  if (deps.database.kind !== 'pglite') return async () => {};
  let pass: Promise<void> | null = null;
  const tick = () => {
    if (pass || running) return;
    pass = (async () => {
      // the settings are cached by a bucket's destination; the list is read only in the set hour (a bucket's requests)
      const settings = await readBackupSettings(deps.backups);
      if (!inBackupHour(settings, deps.now())) return;
      const backups = await deps.backups.list();
      if (dailyBackupDue(settings, backups, deps.now())) await runBackup(deps);
    })()
      .catch(onError)
      .finally(() => {
        pass = null;
      });
  };
  const timer = setInterval(tick, 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await pass;
  };
};
