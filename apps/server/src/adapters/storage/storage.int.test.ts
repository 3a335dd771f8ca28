import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/**
 * The storage contract, on every implementation available: the local disk always; an S3-compatible server when
 * TEST_S3_ENDPOINT names one (a MinIO or moto server in tests; credentials "test"/"test" unless
 * TEST_S3_ACCESS_KEY_ID/TEST_S3_SECRET_ACCESS_KEY say otherwise). Same file, two targets, like the database.
 */
const localDir = mkdtempSync(path.join(tmpdir(), 'studiolo-storage-contract-'));
afterAll(() => rmSync(localDir, { recursive: true, force: true }));

const s3Endpoint = process.env.TEST_S3_ENDPOINT;
const targets: [string, () => Promise<Storage>][] = [['local disk', async () => createLocalStorage(localDir)]];
if (s3Endpoint) {
  targets.push([
    `S3-compatible (${s3Endpoint})`,
    async () => {
      const bucket = `studiolo-test-${randomBytes(4).toString('hex')}`;
      const credentials = {
        accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'test',
        secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'test',
      };
      const client = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, credentials });
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return createS3Storage({
        bucket,
        region: 'us-east-1',
        endpoint: s3Endpoint,
        forcePathStyle: true,
        prefix: 'installazione-a/',
        ...credentials,
      });
    },
  ]);
}

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** Bytes in 64 kB chunks, never held whole by the stream itself. */
const chunked = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
    })(),
  );

describe.each(targets)('storage contract: %s', (_name, make) => {
  it('stores bytes and a stream of several parts, reads them back, deletes them', async () => {
    const s = await make();
    await s.put('studio-a/logo/l-1.png', Buffer.from('logo'));
    expect((await s.get('studio-a/logo/l-1.png'))?.toString()).toBe('logo');

    // 18 MB: more than two 8 MB parts of a multipart upload
    const big = randomBytes(18 * 1024 * 1024);
    await s.putStream('studio-a/attachments/p-1/a-1', chunked(big), 'application/pdf');
    const object = await s.open('studio-a/attachments/p-1/a-1');
    expect(object?.sizeBytes).toBe(big.length);
    expect((await read(object?.stream as Readable)).equals(big)).toBe(true);

    await s.delete('studio-a/attachments/p-1/a-1');
    expect(await s.open('studio-a/attachments/p-1/a-1')).toBeNull();
    expect(await s.get('studio-a/attachments/p-1/a-1')).toBeNull();
    // deleting what is not there is not an error (a retried delete)
    await s.delete('studio-a/attachments/p-1/a-1');
  }, 60_000);

  it('keeps nothing of a stream that fails midway', async () => {
    const s = await make();
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 200) this.push(randomBytes(65_536));
        else this.destroy(new Error('connessione persa'));
      },
    });
    await expect(s.putStream('studio-a/attachments/p-1/a-2', failing)).rejects.toThrow();
    expect(await s.open('studio-a/attachments/p-1/a-2')).toBeNull();
  }, 60_000);

  it('lists a folder of keys at any depth with sizes and dates, not its neighbours', async () => {
    const s = await make();
    const before = Date.now() - 60_000;
    await s.put('listing/b/studiolo-backup-2.tar.gz', Buffer.from('due'));
    await s.putStream('listing/a.json', chunked(Buffer.from('{"uno":1}')));
    await s.put('listing-accanto/x', Buffer.from('fuori'));
    const listed = await s.list('listing/');
    expect(listed.map((o) => [o.key, o.sizeBytes])).toEqual([
      ['listing/a.json', 9],
      ['listing/b/studiolo-backup-2.tar.gz', 3],
    ]);
    for (const o of listed) expect(o.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await s.list('vuota/')).toEqual([]);
    await s.delete('listing/a.json');
    expect((await s.list('listing/')).map((o) => o.key)).toEqual(['listing/b/studiolo-backup-2.tar.gz']);
    await expect(s.list('../')).rejects.toThrow('bad storage key');
    await expect(s.list('listing')).rejects.toThrow('bad storage prefix');
  });

  it('refuses keys that are paths', async () => {
    const s = await make();
    await expect(s.put('../fuori', Buffer.from('x'))).rejects.toThrow('bad storage key');
  });
});
