import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../db/pglite-template.ts';
import { readTar, tarEnd, tarHeader, tarPadding, writeTo } from './tar.ts';

/**
 * The backup of the embedded default (decision 041): one gzipped tar holding
 *   database/pglite/…    PGlite's data directory, copied while no statement ran (PGlite opens it as its dataDir),
 *   auth-secret          the install's secret (the keys of what the database holds encrypted), when it has one,
 *   files/…, outbox/…    the uploaded files and the local mail, as they were at the snapshot,
 *   manifest.json        last: the rows of every table and every file's size and SHA-256 at the snapshot.
 */
export const backupFormat = 'studiolo-backup';
export const backupFormatVersion = 1;
/** The folders of DATA_DIR a backup holds beside the database. */
const dataFolders = ['files', 'outbox'] as const;
const secretFile = 'auth-secret';
const databaseFolder = 'database/pglite';
const manifestEntry = 'manifest.json';

export type BackupManifest = {
  format: typeof backupFormat;
  version: number;
  createdAt: string;
  /** The data directory's files are in `files` too, under database/pglite/. */
  database: {
    kind: 'pglite';
    sizeBytes: number;
    tables: Record<string, number>;
    /** Every folder of the data directory, empty ones included (PostgreSQL needs them; a tar of files loses them). */
    directories: string[];
  };
  files: { path: string; sizeBytes: number; sha256: string }[];
};

/** A refusal the CLI prints and the routes answer: its message is the Italian text shown. */
export class BackupRefused extends Error {}

export const backupNamePattern = /^studiolo-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;
const stampOf = (d: Date) => d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

const hashing = (hash: ReturnType<typeof createHash>) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });

/** Every table's rows, counted through `query` (one point in time when run inside one transaction). */
export const countTables = async (query: (sql: string) => Promise<{ rows: unknown[] }>) => {
  const tables = (
    await query(
      `select table_schema as s, table_name as t from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2`,
    )
  ).rows as { s: string; t: string }[];
  const counts: Record<string, number> = {};
  for (const { s, t } of tables) {
    const quoted = `"${s.replace(/"/g, '""')}"."${t.replace(/"/g, '""')}"`;
    const row = (await query(`select count(*)::int as n from ${quoted}`)).rows[0] as { n: number };
    counts[`${s}.${t}`] = row.n;
  }
  return counts;
};

/** Every file under `root/folder`, relative to root. */
const listTree = async (root: string, folder: string) => {
  const files: string[] = [];
  const directories: string[] = [];
  const walk = async (rel: string) => {
    directories.push(rel);
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) files.push(child);
    }
  };
  await walk(folder);
  return { files, directories };
};

/** The files of DATA_DIR's folders, relative to DATA_DIR, skipping what is being written ('.partial'). */
const listFiles = async (dataDir: string) => {
  const out: string[] = [];
  const walk = async (rel: string) => {
    const entries = await readdir(path.join(dataDir, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile() && !e.name.endsWith('.partial')) out.push(child);
    }
  };
  for (const folder of dataFolders) await walk(folder);
  return out;
};

export type TakeBackupInput = {
  client: PGlite;
  /** DATA_DIR, whose files, outbox and secret go in; null for a database in memory (tests). */
  dataDir: string | null;
  /** Whether DATA_DIR/files holds the uploaded files (local storage); with S3 they stay in the bucket. */
  includeFiles: boolean;
  /** Where the archive is written (renamed from .partial once complete): the backups' directory, or a work folder. */
  backupDir: string;
  /** Names the destination already holds (a second backup in the same second is named -2, -3 …). */
  taken?: string[];
  now: () => Date;
  /** Held while the files are copied: a file the snapshot names is not deleted meanwhile. */
  holdDeletes?: () => () => Promise<void>;
};
export type BackupInfo = { name: string; createdAt: string; sizeBytes: number };

/**
 * Takes a backup: the database's rows are counted and its data directory copied inside one PGlite transaction (no
 * other statement runs in between: PGlite has one session and queues every other query behind it), then the files
 * written before that moment are streamed in. Written beside as .partial and renamed: no half backup is ever listed.
 */
export const takeBackup = async (input: TakeBackupInput): Promise<BackupInfo & { manifest: BackupManifest }> => {
  await mkdir(input.backupDir, { recursive: true });
  const release = input.holdDeletes?.() ?? (async () => {});
  try {
    if (!input.dataDir || !(await stat(path.join(input.dataDir, 'pglite', 'PG_VERSION')).catch(() => null)))
      throw new Error('backups: the embedded database is not on disk under DATA_DIR/pglite');
    const pgliteDir = path.join(input.dataDir, 'pglite');
    const staging = path.join(input.backupDir, `.copying-${process.pid}-${Date.now()}`);
    // the write-ahead log flushed first: the copy then replays little when it is opened
    await input.client.exec('CHECKPOINT');
    const snapshot = await input.client.transaction(async (tx) => {
      const tables = await countTables((sql) => tx.query(sql));
      const at = input.now();
      // the data directory copied on the same disk while no other statement runs (seconds; memory flat), then packed
      // with the API answering
      await cp(pgliteDir, path.join(staging, 'pglite'), { recursive: true });
      return { tables, at };
    });
    const createdAt = snapshot.at;
    let name = `studiolo-backup-${stampOf(createdAt)}.tar.gz`;
    const isTaken = async (n: string) =>
      input.taken?.includes(n) || (await stat(path.join(input.backupDir, n)).catch(() => null)) !== null;
    for (let i = 2; await isTaken(name); i++) name = `studiolo-backup-${stampOf(createdAt)}-${i}.tar.gz`;
    const target = path.join(input.backupDir, name);
    const partial = `${target}.partial`;
    const gzip = createGzip({ level: 6 });
    const out = createWriteStream(partial);
    const written = pipeline(gzip, out);
    const manifest: BackupManifest = {
      format: backupFormat,
      version: backupFormatVersion,
      createdAt: createdAt.toISOString(),
      database: { kind: 'pglite', sizeBytes: 0, tables: snapshot.tables, directories: [] },
      files: [],
    };
    try {
      const tree = await listTree(staging, 'pglite');
      manifest.database.directories = tree.directories;
      for (const rel of tree.files) {
        const file = path.join(staging, rel);
        const info = await stat(file);
        await addFile(gzip, `database/${rel}`, file, info.size, info.mtime, manifest);
        manifest.database.sizeBytes += info.size;
      }
      await rm(staging, { recursive: true, force: true });

      {
        const secret = await readFile(path.join(input.dataDir, secretFile)).catch(() => null);
        if (secret) await addBuffer(gzip, secretFile, secret, createdAt, manifest);
        for (const rel of await listFiles(input.dataDir)) {
          if (!input.includeFiles && rel.startsWith('files/')) continue;
          const file = path.join(input.dataDir, rel);
          const info = await stat(file).catch(() => null);
          // written after the snapshot: no row of the snapshot names it (keys are written once, rows after their file)
          if (!info?.isFile() || info.mtime.getTime() > createdAt.getTime()) continue;
          await addFile(gzip, rel, file, info.size, info.mtime, manifest);
        }
      }
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
      await writeTo(gzip, tarHeader(manifestEntry, manifestBytes.length, createdAt));
      await writeTo(gzip, manifestBytes);
      await writeTo(gzip, tarPadding(manifestBytes.length));
      await writeTo(gzip, tarEnd());
      gzip.end();
      await written;
      await rename(partial, target);
    } catch (err) {
      gzip.destroy();
      await written.catch(() => undefined);
      await rm(partial, { force: true });
      throw err;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    const size = (await stat(target)).size;
    return { name, createdAt: manifest.createdAt, sizeBytes: size, manifest };
  } finally {
    await release();
  }
};

/** Streams one file of `size` bytes into the archive, its checksum into the manifest. */
const addFile = async (
  gzip: import('node:stream').Writable,
  name: string,
  file: string,
  size: number,
  mtime: Date,
  manifest: BackupManifest,
) => {
  const hash = createHash('sha256');
  await writeTo(gzip, tarHeader(name, size, mtime));
  let sent = 0;
  if (size > 0)
    for await (const chunk of createReadStream(file, { start: 0, end: size - 1 })) {
      const bytes = (chunk as Buffer).subarray(0, size - sent);
      hash.update(bytes);
      sent += bytes.length;
      await writeTo(gzip, bytes);
    }
  if (sent !== size) throw new Error(`file changed while backed up: ${name}`);
  await writeTo(gzip, tarPadding(size));
  manifest.files.push({ path: name, sizeBytes: size, sha256: hash.digest('hex') });
};

const addBuffer = async (
  gzip: NodeJS.WritableStream & import('node:stream').Writable,
  name: string,
  bytes: Buffer,
  at: Date,
  manifest: BackupManifest,
) => {
  await writeTo(gzip, tarHeader(name, bytes.length, at));
  await writeTo(gzip, bytes);
  await writeTo(gzip, tarPadding(bytes.length));
  manifest.files.push({
    path: name,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
};

/** The backups in a directory, newest first. */
export const listBackups = async (backupDir: string): Promise<BackupInfo[]> => {
  const names = (await readdir(backupDir).catch(() => [] as string[])).filter((n) => backupNamePattern.test(n));
  const out: BackupInfo[] = [];
  for (const name of names) {
    const info = await stat(path.join(backupDir, name)).catch(() => null);
    if (info?.isFile()) out.push({ name, createdAt: createdAtOf(name, info.mtime), sizeBytes: info.size });
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
};

/** The moment in a backup's name (UTC), else its file's time. */
export const createdAtOf = (name: string, fallback: Date) => {
  const m = /(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z` : fallback.toISOString();
};

/** Deletes the backups older than `keepDays` days; the newest one is always kept. @returns the names deleted. */
export const pruneBackups = async (
  destination: { list: () => Promise<BackupInfo[]>; delete: (name: string) => Promise<void> },
  keepDays: number,
  now: Date,
) => {
  const all = await destination.list();
  const limit = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  const gone = all.slice(1).filter((b) => new Date(b.createdAt).getTime() < limit);
  for (const b of gone) await destination.delete(b.name);
  return gone.map((b) => b.name);
};

export const isEmptyDir = async (dir: string) => {
  const entries = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  return entries.length === 0;
};

/** A name inside the archive that may be written under DATA_DIR. */
const safeEntry = (name: string) =>
  name === secretFile ||
  ([...dataFolders, databaseFolder].some((f) => name.startsWith(`${f}/`)) &&
    !name.split('/').some((part) => part === '..' || part === '.' || part === '') &&
    !name.includes('\\'));

export type RestoreResult = { manifest: BackupManifest; tables: Record<string, number> };

/**
 * Restores a backup into an empty (or missing) data directory: unpacked beside it, checked against its manifest (every
 * checksum, and the rows of every table once PGlite has opened the database), then renamed into place. A non-empty
 * directory is refused: a restore never mixes with, nor overwrites, data.
 */
export const restoreBackup = async (file: string, dataDir: string): Promise<RestoreResult> => {
  const target = path.resolve(dataDir);
  if (!(await isEmptyDir(target)))
    throw new BackupRefused(
      `La cartella dei dati ${target} non è vuota: il ripristino avviene solo in una cartella vuota o inesistente, per non sovrascrivere nessun dato. Indica una cartella nuova con DATA_DIR.`,
    );
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupRefused(`Il file ${file} non esiste.`);
  const staging = `${target}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const seen = new Map<string, { sizeBytes: number; sha256: string }>();
    let manifest: BackupManifest | null = null;
    try {
      for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
        if (entry.name === manifestEntry) {
          const chunks: Buffer[] = [];
          for await (const c of entry.body) chunks.push(c as Buffer);
          manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
          continue;
        }
        // database/pglite/… becomes DATA_DIR/pglite/…
        const rel = entry.name.startsWith('database/') ? entry.name.slice('database/'.length) : entry.name;
        const dest = safeEntry(entry.name) ? path.join(staging, rel) : null;
        if (!dest) throw new BackupRefused(`Il backup contiene un file non previsto: ${entry.name}.`);
        await mkdir(path.dirname(dest), { recursive: true });
        const hash = createHash('sha256');
        await pipeline(entry.body, hashing(hash), createWriteStream(dest));
        seen.set(entry.name, { sizeBytes: entry.size, sha256: hash.digest('hex') });
      }
    } catch (err) {
      if (err instanceof BackupRefused) throw err;
      throw new BackupRefused(
        `Il file ${path.basename(file)} non è un backup di Studiolo leggibile (archivio danneggiato o di altro tipo).`,
      );
    }
    if (manifest?.format !== backupFormat)
      throw new BackupRefused(`Il file ${path.basename(file)} non è un backup di Studiolo (manca il manifesto).`);
    if (!seen.has(`${databaseFolder}/PG_VERSION`))
      throw new BackupRefused('Il backup è danneggiato: non contiene il database.');
    for (const dir of manifest.database.directories ?? []) {
      if (dir !== 'pglite' && !(dir.startsWith('pglite/') && safeEntry(`database/${dir}/x`)))
        throw new BackupRefused(`Il backup contiene una cartella non prevista: ${dir}.`);
      await mkdir(path.join(staging, dir), { recursive: true });
    }
    for (const f of manifest.files) {
      const got = seen.get(f.path);
      if (!got || got.sha256 !== f.sha256 || got.sizeBytes !== f.sizeBytes)
        throw new BackupRefused(`Il backup è danneggiato: il file ${f.path} non corrisponde al manifesto.`);
    }
    if (seen.size !== manifest.files.length)
      throw new BackupRefused('Il backup è danneggiato: contiene file che il manifesto non elenca.');

    const client = await PGlite.create({
      dataDir: path.join(staging, 'pglite'),
      extensions: pgliteExtensions,
    });
    let tables: Record<string, number>;
    try {
      tables = await countTables((sql) => client.query(sql));
      await client.exec('CHECKPOINT');
    } finally {
      await client.close();
    }
    if (JSON.stringify(tables) !== JSON.stringify(manifest.database.tables))
      throw new BackupRefused(
        'Il backup è danneggiato: le righe del database ripristinato non corrispondono al manifesto.',
      );
    await rm(target, { recursive: true, force: true }); // empty or missing, checked above
    await rename(staging, target);
    return { manifest, tables };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
};
