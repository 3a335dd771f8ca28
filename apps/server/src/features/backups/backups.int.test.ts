import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { backupSettingsMessages as m } from '@studiolo/domain/backups';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, uploadAttachment } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner } from '../../../test/helpers/login-as.ts';
import { testTarget } from '../../../test/helpers/test-db.ts';
import { createDiskStorage } from '../../adapters/storage/local.ts';
import { createS3Storage } from '../../adapters/storage/s3.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { BackupRefused, countTables, pruneBackups, restoreBackup, takeBackup } from './backup-archive.ts';
import { createBucketBackupDestination, createDirBackupDestination, fetchBackup } from './backup-destination.ts';
import { dailyBackupDue, readBackupSettings } from './backups.service.ts';

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `studiolo-${name}-`));
  dirs.push(dir);
  return dir;
};
// each test opens, migrates and restores embedded databases on disk: minutes on a busy machine (2 shared cores)
vi.setConfig({ testTimeout: 300_000 });
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const pgliteOf = (database: Database) => {
  const connection = database.jobQueueConnection;
  if (!('pglite' in connection)) throw new Error('not PGlite');
  return connection.pglite;
};

/** Every file under DATA_DIR/files, with its SHA-256. */
const fileChecksums = (dataDir: string) => {
  const root = path.join(dataDir, 'files');
  const out: Record<string, string> = {};
  for (const rel of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(root, rel);
    if (statSync(file).isFile()) out[rel] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return out;
};

/** An app on an embedded database persisted in its own data directory: the install of one studio. */
const embeddedApp = (dataDir: string) => buildTestApp({}, { persistedDataDir: dataDir });

describe('backup and restore of the embedded install', () => {
  it('restores into a fresh data directory exactly what the backup held (rows per table, file checksums)', async () => {
    const dataDir = tempDir('install');
    const t = await embeddedApp(dataDir);
    const owner = await createStudioOwner(t.app);
    const patients: string[] = [];
    for (let i = 0; i < 3; i++) patients.push(await createTenantResource(t.app, owner, 'patient'));
    for (let i = 0; i < 2; i++) await createTenantResource(t.app, owner, 'event');
    for (const id of patients.slice(0, 2)) await uploadAttachment(t.app, owner, id);

    // the secret an install without AUTH_SECRET generates (deps.ts): the keys of what the database holds encrypted
    writeFileSync(path.join(dataDir, 'auth-secret'), 'segreto-di-prova');
    const heldRows = await countTables((q) => pgliteOf(t.deps.database).query(q));
    const heldFiles = fileChecksums(dataDir);
    expect(Object.keys(heldFiles).length).toBeGreaterThanOrEqual(2);

    const before = await apiOk<{ available: boolean; backups: unknown[] }>(t.app, {
      method: 'GET',
      url: '/settings/backups',
      token: owner.token,
    });
    expect(before).toMatchObject({ available: true, backups: [] });
    const taken = await api<{ backups: { name: string; sizeBytes: number }[] }>(t.app, {
      method: 'POST',
      url: '/settings/backups',
      token: owner.token,
    });
    expect(taken.status).toBe(200);
    expect(taken.body.answer).toBe(m.taken);
    const [backup] = taken.body.response?.backups ?? [];
    if (!backup) throw new Error('no backup listed');
    const onDisk = path.join(dataDir, 'backups', backup.name);
    expect(backup.sizeBytes).toBe(statSync(onDisk).size);

    // written after the backup: not in it
    await createTenantResource(t.app, owner, 'patient');
    await uploadAttachment(t.app, owner, patients[2] as string);
    const later = await countTables((q) => pgliteOf(t.deps.database).query(q));
    expect(later['public.patients']).toBe((heldRows['public.patients'] ?? -10) + 1);

    // the owner downloads the very bytes on disk
    const download = await t.app.inject({
      method: 'GET',
      url: `/app/api/settings/backups/${backup.name}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.rawPayload.equals(readFileSync(onDisk))).toBe(true);
    await t.close();

    const fresh = path.join(tempDir('restored'), 'data');
    const restored = await restoreBackup(onDisk, fresh);
    expect(restored.tables).toEqual(heldRows);
    expect(fileChecksums(fresh)).toEqual(heldFiles);
    expect(readFileSync(path.join(fresh, 'auth-secret'))).toEqual(readFileSync(path.join(dataDir, 'auth-secret')));

    // the restored install opens and answers as before the later writes
    const reopened = await embeddedApp(fresh);
    expect(await countTables((q) => pgliteOf(reopened.deps.database).query(q))).toEqual(heldRows);
    const list = await apiOk<{ items: unknown[] } | unknown[]>(reopened.app, {
      method: 'GET',
      url: '/pazienti',
      token: owner.token,
    });
    const items = Array.isArray(list) ? list : list.items;
    expect(items.length).toBe(3);
    await reopened.close();
  });

  it('is taken at one point in time while writes go on (database and files)', async () => {
    const dataDir = tempDir('busy');
    const database = await createDatabase({ dataDir });
    const client = pgliteOf(database);
    await client.exec(`create table backup_counter (n int not null); insert into backup_counter values (0);
      create table backup_log (n int primary key, file text not null);`);
    const filesDir = path.join(dataDir, 'files', 'busy');
    mkdirSync(filesDir, { recursive: true });
    let writing = true;
    let done = 0;
    // each step writes its file, then records it and moves the counter in one transaction (files before their rows)
    const writer = (async () => {
      while (writing) {
        const n = done + 1;
        writeFileSync(path.join(filesDir, `f${n}`), `file ${n}`);
        await client.transaction(async (tx) => {
          await tx.query('insert into backup_log (n, file) values ($1, $2)', [n, `busy/f${n}`]);
          await tx.query('update backup_counter set n = $1', [n]);
        });
        done = n;
        // a request's pace: PGlite answers in microtasks, so a loop that never waits would starve the timers
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    while (done < 20) await new Promise((r) => setTimeout(r, 5));
    const taken = await takeBackup({
      client,
      dataDir,
      includeFiles: true,
      backupDir: path.join(dataDir, 'backups'),
      now: () => new Date(),
    });
    const atEnd = done + 5;
    while (done < atEnd) await new Promise((r) => setTimeout(r, 5));
    writing = false;
    await writer;
    await database.close();

    const fresh = path.join(tempDir('busy-restored'), 'data');
    await restoreBackup(path.join(dataDir, 'backups', taken.name), fresh);
    const reopened = await createDatabase({ dataDir: fresh });
    const counter = (await pgliteOf(reopened).query<{ n: number }>('select n from backup_counter')).rows[0]?.n ?? -1;
    const logged = (
      await pgliteOf(reopened).query<{ n: number; file: string }>('select n, file from backup_log order by n')
    ).rows;
    await reopened.close();
    // one point in time: the counter and the log agree, and the later writes are not there
    expect(counter).toBeGreaterThanOrEqual(20);
    expect(counter).toBeLessThan(atEnd);
    expect(logged.map((r) => r.n)).toEqual(Array.from({ length: counter }, (_, i) => i + 1));
    expect(taken.manifest.database.tables['public.backup_log']).toBe(counter);
    // every file a restored row names is there, with its bytes
    for (const row of logged) expect(readFileSync(path.join(fresh, 'files', row.file), 'utf8')).toBe(`file ${row.n}`);
  });

  it('refuses a data directory that is not empty, and a file that is not a backup, leaving both untouched', async () => {
    const dataDir = tempDir('refuse');
    const database = await createDatabase({ dataDir });
    const taken = await takeBackup({
      client: pgliteOf(database),
      dataDir,
      includeFiles: true,
      backupDir: path.join(dataDir, 'backups'),
      now: () => new Date(),
    });
    await database.close();
    const busy = tempDir('not-empty');
    writeFileSync(path.join(busy, 'note.txt'), 'mine');
    const refused = await restoreBackup(path.join(dataDir, 'backups', taken.name), busy).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefused);
    expect((refused as Error).message).toContain('non è vuota');
    expect(readdirSync(busy)).toEqual(['note.txt']);

    const bogus = path.join(tempDir('bogus'), 'finto.tar.gz');
    writeFileSync(bogus, 'non sono un backup');
    const target = path.join(tempDir('bogus-target'), 'data');
    const notBackup = await restoreBackup(bogus, target).catch((e: unknown) => e);
    expect(notBackup).toBeInstanceOf(BackupRefused);
    expect((notBackup as Error).message).toContain('non è un backup di Studiolo');
    expect(() => statSync(target)).toThrow();
  });

  it('npm run backup refuses a data directory a running server holds, and backs it up once it is free', async () => {
    const dataDir = tempDir('cli');
    const database = await createDatabase({ dataDir });
    await database.close();
    const cli = path.join(import.meta.dirname, 'backups.cli.ts');
    const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' };
    delete (env as Record<string, string | undefined>).DATABASE_URL;
    // this test's process plays the server holding DATA_DIR
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    const held = await run(process.execPath, [cli, 'backup'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((held as { code: number }).code).toBe(1);
    expect((held as { stderr: string }).stderr).toContain('Il server Studiolo è in esecuzione');
    rmSync(path.join(dataDir, 'server.pid'));
    const ok = await run(process.execPath, [cli, 'backup'], { env });
    expect(ok.stdout).toContain('Backup eseguito');
    expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('.tar.gz'))).toHaveLength(1);
    // restore into the same, non-empty directory: refused
    const [name] = readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('.tar.gz'));
    const again = await run(process.execPath, [cli, 'restore', path.join(dataDir, 'backups', name as string)], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((again as { code: number }).code).toBe(1);
    expect((again as { stderr: string }).stderr).toContain('non è vuota');
    // into a fresh one, the file named relative to where npm was run (INIT_CWD): restored and checked
    const fresh = path.join(tempDir('cli-restored'), 'data');
    const restored = await run(process.execPath, [cli, 'restore', name as string], {
      env: { ...env, DATA_DIR: fresh, INIT_CWD: path.join(dataDir, 'backups') },
    });
    expect(restored.stdout).toContain('Ripristino completato');
    expect(statSync(path.join(fresh, 'pglite', 'PG_VERSION')).isFile()).toBe(true);
    // s3:NAME only where the backups go to a bucket
    const notS3 = await run(process.execPath, [cli, 'restore', `s3:${name}`], {
      env: { ...env, DATA_DIR: path.join(tempDir('cli-s3'), 'data') },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((notS3 as { code: number }).code).toBe(1);
    expect((notS3 as { stderr: string }).stderr).toContain('solo con BACKUP_TARGET=s3');
  });

  // defined only where an S3-compatible server is named, like the S3 target of storage.int.test.ts (never a skip)
  if (s3Endpoint)
    it('npm run backup writes to the bucket, npm run restore s3:NAME restores from it', async () => {
      const { bucket, prefix, storage } = await newS3Bucket();
      const dataDir = tempDir('cli-bucket');
      const database = await createDatabase({ dataDir });
      await database.close();
      const cli = path.join(import.meta.dirname, 'backups.cli.ts');
      const env: Record<string, string | undefined> = {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        BACKUP_TARGET: 's3',
        S3_BUCKET: bucket,
        S3_PREFIX: prefix,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: s3Endpoint,
        S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
      };
      delete env.DATABASE_URL;
      const ok = await run(process.execPath, [cli, 'backup'], { env });
      expect(ok.stdout).toContain(`Backup eseguito: s3://${bucket}/${prefix}backups/studiolo-backup-`);
      const [object] = await storage.list('backups/');
      const name = object?.key.slice('backups/'.length) ?? '';
      expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([]);
      // into the same, non-empty directory: refused before any download
      const again = await run(process.execPath, [cli, 'restore', `s3:${name}`], { env }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect((again as { stderr: string }).stderr).toContain('non è vuota');
      const fresh = path.join(tempDir('cli-bucket-restored'), 'data');
      const missing = await run(process.execPath, [cli, 'restore', 's3:studiolo-backup-20200101-000000.tar.gz'], {
        env: { ...env, DATA_DIR: fresh },
      }).catch((e: { code: number; stderr: string }) => e);
      expect((missing as { stderr: string }).stderr).toContain("Nel bucket non c'è il backup");
      const restored = await run(process.execPath, [cli, 'restore', `s3:${name}`], {
        env: { ...env, DATA_DIR: fresh },
      });
      expect(restored.stdout).toContain('Ripristino completato');
      expect(statSync(path.join(fresh, 'pglite', 'PG_VERSION')).isFile()).toBe(true);
      expect(readdirSync(path.dirname(fresh))).toEqual(['data']);
    });
});

/**
 * Backups kept in a bucket (BACKUP_TARGET=s3): the destination over a Storage. Always over the local-disk Storage (a
 * folder playing the bucket: the storage contract test proves it equivalent to the S3 one, list included); over a real
 * S3-compatible server too when TEST_S3_ENDPOINT names one (a MinIO or moto server), like storage.int.test.ts.
 */
const s3Endpoint = process.env.TEST_S3_ENDPOINT;
const s3Credentials = {
  accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'test',
  secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'test',
};
type Bucket = { storage: Storage; bucket: string; prefix: string };
const newS3Bucket = async (): Promise<Bucket> => {
  const bucket = `studiolo-backups-${Math.random().toString(16).slice(2, 10)}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3Endpoint,
    forcePathStyle: true,
    credentials: s3Credentials,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const storage = createS3Storage({
    bucket,
    region: 'us-east-1',
    endpoint: s3Endpoint,
    forcePathStyle: true,
    prefix: 'installazione-a/',
    ...s3Credentials,
  });
  return { storage, bucket, prefix: 'installazione-a/' };
};
const bucketTargets: [string, () => Promise<Bucket>][] = [
  ['local-disk Storage', async () => ({ storage: createDiskStorage(tempDir('bucket')), bucket: 'prova', prefix: '' })],
];
if (s3Endpoint) bucketTargets.push([`S3-compatible (${s3Endpoint})`, newS3Bucket]);

describe.each(bucketTargets)('backups in a bucket, over the %s', (_name, make) => {
  it('takes, lists, keeps the days set, downloads and restores, leaving no local copy', async () => {
    const { storage, bucket, prefix } = await make();
    const dataDir = tempDir('to-bucket');
    const workDir = path.join(dataDir, 'backups');
    const info = { kind: 's3' as const, bucket, prefix: `${prefix}backups/`, endpoint: s3Endpoint ?? null };
    const destination = createBucketBackupDestination(storage, workDir, info);
    const t = await buildTestApp({}, { persistedDataDir: dataDir, backups: destination });
    const owner = await createStudioOwner(t.app);
    const patient = await createTenantResource(t.app, owner, 'patient');
    await uploadAttachment(t.app, owner, patient);

    const before = await apiOk<{ destination: unknown; backups: unknown[]; listError: unknown }>(t.app, {
      method: 'GET',
      url: '/settings/backups',
      token: owner.token,
    });
    expect(before).toMatchObject({ destination: info, backups: [], listError: null });

    // the settings live beside the backups, in the bucket: another process (npm run backup) reads them there
    await apiOk(t.app, { method: 'PUT', url: '/settings/backups', token: owner.token, body: { hour: 4, keepDays: 3 } });
    expect(JSON.parse((await storage.get('backups/settings.json'))?.toString() ?? 'null')).toEqual({
      hour: 4,
      keepDays: 3,
    });
    expect(await readBackupSettings(createBucketBackupDestination(storage, workDir, info))).toEqual({
      hour: 4,
      keepDays: 3,
    });

    const heldRows = await countTables((q) => pgliteOf(t.deps.database).query(q));
    const heldFiles = fileChecksums(dataDir);
    // an old backup (beyond 3 days) and an object that is not a backup
    await storage.put('backups/studiolo-backup-20200101-020000.tar.gz', Buffer.from('vecchio'));
    await storage.put('backups/leggimi.txt', Buffer.from('non è un backup'));
    const taken = await api<{ backups: { name: string; sizeBytes: number }[] }>(t.app, {
      method: 'POST',
      url: '/settings/backups',
      token: owner.token,
    });
    expect(taken.status).toBe(200);
    const listed = taken.body.response?.backups ?? [];
    expect(listed).toHaveLength(1);
    const [backup] = listed;
    if (!backup) throw new Error('no backup listed');
    const objects = await storage.list('backups/');
    expect(objects.map((o) => o.key)).toEqual([
      'backups/leggimi.txt',
      'backups/settings.json',
      `backups/${backup.name}`,
    ]);
    expect(objects.find((o) => o.key.endsWith(backup.name))?.sizeBytes).toBe(backup.sizeBytes);
    // built on the local disk, then streamed up: nothing of it is left there
    expect(readdirSync(workDir)).toEqual([]);

    const download = await t.app.inject({
      method: 'GET',
      url: `/app/api/settings/backups/${backup.name}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(backup.sizeBytes));
    const stored = await storage.get(`backups/${backup.name}`);
    expect(stored && download.rawPayload.equals(stored)).toBe(true);
    const missing = await api(t.app, {
      method: 'GET',
      url: '/settings/backups/studiolo-backup-20200101-020000.tar.gz',
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    await t.close();

    // npm run restore s3:NAME's way: fetched into a local file, then restored into an empty directory
    const file = path.join(tempDir('fetched'), 'b.tar.gz');
    expect(await fetchBackup(destination, 'studiolo-backup-20200101-020000.tar.gz', file)).toBe(false);
    expect(await fetchBackup(destination, backup.name, file)).toBe(true);
    const fresh = path.join(tempDir('from-bucket'), 'data');
    const restored = await restoreBackup(file, fresh);
    expect(restored.tables).toEqual(heldRows);
    expect(fileChecksums(fresh)).toEqual(heldFiles);
  });

  it('an upload that fails leaves no backup and no local copy; a bucket that does not answer is said so', async () => {
    const { storage, bucket, prefix } = await make();
    const dataDir = tempDir('bucket-fails');
    const workDir = path.join(dataDir, 'backups');
    const info = { kind: 's3' as const, bucket, prefix: `${prefix}backups/`, endpoint: null };
    const failing: Storage = {
      ...storage,
      putStream: async (key, stream) => {
        // the upload reads some bytes, then the connection drops
        for await (const _ of stream) break;
        throw new Error(`upload of ${key} failed`);
      },
    };
    const t = await buildTestApp(
      {},
      { persistedDataDir: dataDir, backups: createBucketBackupDestination(failing, workDir, info) },
    );
    try {
      const owner = await createStudioOwner(t.app);
      const taken = await api(t.app, { method: 'POST', url: '/settings/backups', token: owner.token });
      expect(taken.status).toBe(503);
      expect(taken.body.answer).toBe(m.storeFailedS3);
      expect(await storage.list('backups/')).toEqual([]);
      expect(readdirSync(workDir)).toEqual([]);
    } finally {
      await t.close();
    }
    const unreachable: Storage = {
      ...storage,
      list: async () => {
        throw new Error('ECONNREFUSED');
      },
      get: async () => {
        throw new Error('ECONNREFUSED');
      },
    };
    const otherDir = tempDir('bucket-unreachable');
    const u = await buildTestApp(
      {},
      {
        persistedDataDir: otherDir,
        backups: createBucketBackupDestination(unreachable, path.join(otherDir, 'backups'), info),
      },
    );
    try {
      const owner = await createStudioOwner(u.app);
      const answer = await apiOk<{ available: boolean; destination: unknown; listError: unknown; settings: unknown }>(
        u.app,
        { method: 'GET', url: '/settings/backups', token: owner.token },
      );
      expect(answer).toMatchObject({ available: true, destination: info, listError: m.unreachable });
      expect(answer.settings).toEqual({ hour: 2, keepDays: 14 });
      const take = await api(u.app, { method: 'POST', url: '/settings/backups', token: owner.token });
      expect(take.status).toBe(503);
      const put = await api(u.app, {
        method: 'PUT',
        url: '/settings/backups',
        token: owner.token,
        body: { hour: 3, keepDays: 7 },
      });
      expect(put.status).toBe(503);
      expect(put.body.answer).toBe(m.storeFailedS3);
      expect(readdirSync(otherDir)).not.toContain('backups');
    } finally {
      await u.close();
    }
  });
});

describe('retention and the daily hour', () => {
  it('deletes the backups older than the days kept, never the newest', async () => {
    const dir = tempDir('prune');
    for (const name of [
      'studiolo-backup-20260101-020000.tar.gz',
      'studiolo-backup-20260110-020000.tar.gz',
      'studiolo-backup-20260114-020000.tar.gz',
    ])
      writeFileSync(path.join(dir, name), 'x');
    expect(await pruneBackups(createDirBackupDestination(dir), 7, new Date('2026-01-15T12:00:00Z'))).toEqual([
      'studiolo-backup-20260101-020000.tar.gz',
    ]);
    expect(await pruneBackups(createDirBackupDestination(dir), 1, new Date('2026-03-01T12:00:00Z'))).toEqual([
      'studiolo-backup-20260110-020000.tar.gz',
    ]);
    expect(readdirSync(dir)).toEqual(['studiolo-backup-20260114-020000.tar.gz']);
  });

  it('is due in the set hour in Rome, once a day', () => {
    const settings = { hour: 3, keepDays: 7 };
    // 01:30 UTC in January is 02:30 in Rome: not yet
    expect(dailyBackupDue(settings, [], new Date('2026-01-15T01:30:00Z'))).toBe(false);
    expect(dailyBackupDue(settings, [], new Date('2026-01-15T02:05:00Z'))).toBe(true);
    const today = [{ name: 'b', createdAt: '2026-01-15T02:01:00.000Z', sizeBytes: 1 }];
    expect(dailyBackupDue(settings, today, new Date('2026-01-15T10:00:00Z'))).toBe(false);
    expect(dailyBackupDue(settings, today, new Date('2026-01-16T02:05:00Z'))).toBe(true);
    // not at another hour: a server started later that day is not interrupted by a backup
    expect(dailyBackupDue(settings, [], new Date('2026-01-16T09:00:00Z'))).toBe(false);
  });
});

describe('the backup routes on an install of several studios, or on PostgreSQL', () => {
  it('answers why not, takes and gives nothing, and keeps the staff admin out', async () => {
    const t = await buildTestApp();
    try {
      const a = await createStudioOwner(t.app);
      await createStudioOwner(t.app);
      const reason = testTarget === 'postgres' ? m.postgres : m.severalStudios;
      const list = await apiOk<{ available: boolean; reason: string; backups: unknown[] }>(t.app, {
        method: 'GET',
        url: '/settings/backups',
        token: a.token,
      });
      expect(list).toMatchObject({ available: false, reason, backups: [] });
      const take = await api(t.app, { method: 'POST', url: '/settings/backups', token: a.token });
      expect(take.status).toBe(409);
      expect(take.body.answer).toBe(reason);
      const put = await api(t.app, {
        method: 'PUT',
        url: '/settings/backups',
        token: a.token,
        body: { hour: 4, keepDays: 10 },
      });
      expect(put.status).toBe(409);
      const get = await api(t.app, {
        method: 'GET',
        url: '/settings/backups/studiolo-backup-20260101-020000.tar.gz',
        token: a.token,
      });
      expect(get.status).toBe(409);
      expect(readdirSync(t.dataDir)).not.toContain('backups');
      const admin = await createStaffUser(t.app, t.deps, a, 'ROLE_STAFF_ADMIN');
      expect((await api(t.app, { method: 'GET', url: '/settings/backups', token: admin.token })).status).toBe(403);
      const bad = await api(t.app, {
        method: 'PUT',
        url: '/settings/backups',
        token: a.token,
        body: { hour: 24, keepDays: 0 },
      });
      expect(bad.status).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('answers why not where the embedded database is kept in memory, not on disk', async () => {
    const t = await buildTestApp();
    try {
      const owner = await createStudioOwner(t.app);
      const reason = testTarget === 'postgres' ? m.postgres : m.notOnDisk;
      const take = await api(t.app, { method: 'POST', url: '/settings/backups', token: owner.token });
      expect(take.status).toBe(409);
      expect(take.body.answer).toBe(reason);
      expect(readdirSync(t.dataDir)).not.toContain('backups');
    } finally {
      await t.close();
    }
  });
});
