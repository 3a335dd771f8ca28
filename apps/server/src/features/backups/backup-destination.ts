import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BackupDestinationInfo } from '@studiolo/domain/backups';
import { createS3Storage } from '../../adapters/storage/s3.ts';
import type { Storage, StoredObject } from '../../adapters/storage/storage.ts';
import type { Config } from '../../config/env.ts';
import { type BackupInfo, backupNamePattern, createdAtOf, listBackups } from './backup-archive.ts';

/**
 * Where the backups go (decision 041): a directory (BACKUP_DIR, default DATA_DIR/backups) or, with BACKUP_TARGET=s3,
 * the `backups/` folder of the S3-compatible bucket the S3_* variables name. The archive is always built on the local
 * disk first (`workDir`: the data directory's copy and the gzipped tar), then `store` puts it in place. Listing,
 * retention, downloads, the daily job, `npm run backup` and `npm run restore s3:NAME` all go through this interface.
 */
export type BackupDestination = {
  info: BackupDestinationInfo;
  /** The local folder where a backup is built; for a directory, the directory itself. */
  workDir: string;
  /** Puts a finished archive (a file in workDir) in the destination as `name`; the local file is gone after. */
  store: (name: string, file: string) => Promise<void>;
  /** The backups there, newest first. */
  list: () => Promise<BackupInfo[]>;
  open: (name: string) => Promise<StoredObject | null>;
  delete: (name: string) => Promise<void>;
  /** The settings' JSON kept beside the backups (null when never saved). */
  readSettings: () => Promise<string | null>;
  writeSettings: (json: string) => Promise<void>;
};

const checkName = (name: string) => {
  if (!backupNamePattern.test(name)) throw new Error(`bad backup name ${name}`);
  return name;
};

/** Backups as files of one directory; settings in its settings.json. The archive is built in place (renamed). */
export const createDirBackupDestination = (dir: string): BackupDestination => {
  const root = path.resolve(dir);
  const settingsFile = path.join(root, 'settings.json');
  return {
    info: { kind: 'dir', path: root },
    workDir: root,
    store: async (name, file) => {
      const target = path.join(root, checkName(name));
      if (path.resolve(file) !== target) await rename(file, target);
    },
    list: () => listBackups(root),
    open: async (name) => {
      const file = path.join(root, checkName(name));
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), sizeBytes: info.size };
    },
    delete: (name) => rm(path.join(root, checkName(name)), { force: true }),
    readSettings: () => readFile(settingsFile, 'utf8').catch(() => null),
    writeSettings: async (json) => {
      await mkdir(root, { recursive: true });
      await writeFile(`${settingsFile}.partial`, json);
      await rename(`${settingsFile}.partial`, settingsFile);
    },
  };
};

const folder = 'backups/';

/**
 * Backups as objects `backups/NAME` of a Storage (an S3-compatible bucket; the local-disk Storage in the tests, which
 * the storage contract test proves equivalent); settings in `backups/settings.json`. An archive is streamed up as a
 * multipart upload (8 MB parts, memory flat) and its local copy removed, whether the upload worked or not. The
 * settings are cached once read or written: this process is their only writer, and the daily job reads them every
 * minute.
 */
export const createBucketBackupDestination = (
  storage: Storage,
  workDir: string,
  info: BackupDestinationInfo,
): BackupDestination => {
  let settings: string | null | undefined;
  return {
    info,
    workDir: path.resolve(workDir),
    store: async (name, file) => {
      try {
        await storage.putStream(`${folder}${checkName(name)}`, createReadStream(file), 'application/gzip');
      } finally {
        await rm(file, { force: true });
      }
    },
    list: async () =>
      (await storage.list(folder))
        .map((o) => ({ name: o.key.slice(folder.length), sizeBytes: o.sizeBytes, modifiedAt: o.modifiedAt }))
        .filter((o) => backupNamePattern.test(o.name))
        .map((o) => ({ name: o.name, createdAt: createdAtOf(o.name, o.modifiedAt), sizeBytes: o.sizeBytes }))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name)),
    open: (name) => storage.open(`${folder}${checkName(name)}`),
    delete: (name) => storage.delete(`${folder}${checkName(name)}`),
    readSettings: async () => {
      if (settings === undefined) settings = (await storage.get(`${folder}settings.json`))?.toString('utf8') ?? null;
      return settings;
    },
    writeSettings: async (json) => {
      await storage.put(`${folder}settings.json`, Buffer.from(json));
      settings = json;
    },
  };
};

/** DATA_DIR/backups unless BACKUP_DIR says otherwise: the backups' directory, or with S3 where they are built. */
export const backupDirOf = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));

/** The destination the configuration names (BACKUP_TARGET). */
export const backupDestinationOf = (config: Config): BackupDestination => {
  if (config.BACKUP_TARGET !== 's3') return createDirBackupDestination(backupDirOf(config));
  const storage = createS3Storage({
    bucket: config.S3_BUCKET as string,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
  return createBucketBackupDestination(storage, backupDirOf(config), {
    kind: 's3',
    bucket: config.S3_BUCKET as string,
    prefix: `${config.S3_PREFIX ?? ''}${folder}`,
    endpoint: config.S3_ENDPOINT ?? null,
  });
};

/**
 * Brings the backup `name` from the destination into the local file `file` (streamed, memory flat), for a restore.
 * @returns false when the destination has no such backup.
 */
export const fetchBackup = async (destination: BackupDestination, name: string, file: string) => {
  if (!backupNamePattern.test(name)) return false;
  const object = await destination.open(name);
  if (!object) return false;
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(object.stream, createWriteStream(file));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return true;
};
