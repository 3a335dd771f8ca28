import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
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
import { type BackupInfo, backupNamePattern, listBackups, pruneBackups, takeBackup } from './backup-archive.ts';
import { backupsRepository as repo } from './backups.repository.ts';

/** DATA_DIR/backups unless BACKUP_DIR says otherwise (decision 041). */
export const backupDirOf = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));

const settingsFileOf = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  path.join(backupDirOf(config), 'settings.json');

/** The install's settings, kept beside its backups (a restore does not roll them back); the defaults when unset. */
export const readBackupSettings = async (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>): Promise<BackupSettings> => {
  const text = await readFile(settingsFileOf(config), 'utf8').catch(() => null);
  if (!text) return { ...defaultBackupSettings };
  try {
    const parsed = backupSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { ...defaultBackupSettings };
  } catch {
    return { ...defaultBackupSettings };
  }
};

const writeBackupSettings = async (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>, settings: BackupSettings) => {
  const file = settingsFileOf(config);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.partial`, JSON.stringify(settings));
  await rename(`${file}.partial`, file);
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

/** Takes a backup of this server's embedded database and files, then deletes those beyond the retention. */
export const runBackup = async (deps: AppDeps): Promise<BackupInfo> => {
  if (running) throw new AppError('CONFLICT', m.running);
  const backupDir = backupDirOf(deps.config);
  const work = (async () => {
    const taken = await takeBackup({
      client: pgliteOf(deps),
      dataDir: deps.config.DATA_DIR ? path.resolve(deps.config.DATA_DIR) : null,
      includeFiles: deps.storage.kind === 'local-disk',
      backupDir,
      now: deps.now,
      holdDeletes: deps.storageDeletes.hold,
    });
    const settings = await readBackupSettings(deps.config);
    await pruneBackups(backupDir, settings.keepDays, deps.now());
    return { name: taken.name, createdAt: taken.createdAt, sizeBytes: taken.sizeBytes };
  })();
  running = work;
  try {
    return await work;
  } finally {
    running = null;
  }
};

const answerOf = async (deps: AppDeps): Promise<BackupsAnswer> => {
  const reason = await unavailableReason(deps);
  return {
    available: reason === null,
    reason,
    database: deps.database.kind,
    settings: await readBackupSettings(deps.config),
    backups: reason === null ? await listBackups(backupDirOf(deps.config)) : [],
  };
};

/** GET /settings/backups: the list, the settings, or why backups are not taken from here. */
export const getBackups = (deps: AppDeps, _ctx: StudioContext) => answerOf(deps);

/** POST /settings/backups: a backup now, audited. */
export const backupNow = async (deps: AppDeps, ctx: StudioContext) => {
  await requireAvailable(deps);
  const taken = await runBackup(deps);
  await recordAudit(deps.db, ctx, { action: 'backups.take', entityType: 'backup', changedFields: [taken.name] });
  return answerOf(deps);
};

/** PUT /settings/backups: the hour of the daily backup and the days kept, audited. */
export const putBackupSettings = async (deps: AppDeps, ctx: StudioContext, input: BackupSettings) => {
  await requireAvailable(deps);
  const before = await readBackupSettings(deps.config);
  await writeBackupSettings(deps.config, input);
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
  const file = path.join(backupDirOf(deps.config), name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new AppError('NOT_FOUND', m.notFound);
  return { stream: createReadStream(file), sizeBytes: info.size };
};

/**
 * Whether the daily backup is due: it is the set hour in Rome and today has no backup yet. Only during that hour: a
 * server started at another time (a benchmark, a test run) is not interrupted by a backup at once; one off at that
 * hour takes the next day's.
 */
export const dailyBackupDue = (settings: BackupSettings, backups: BackupInfo[], now: Date) => {
  const wallHour = new Date(toRomeWall(now.getTime())).getUTCHours();
  if (wallHour !== settings.hour) return false;
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
      const settings = await readBackupSettings(deps.config);
      const backups = await listBackups(backupDirOf(deps.config));
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
