import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';

const dirs: string[] = [];
const storage = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studiolo-storage-'));
  dirs.push(dir);
  return { dir, s: createLocalStorage(dir) };
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('local storage', () => {
  it('stores a stream and opens it again with its size', async () => {
    const { s } = storage();
    await s.putStream('studio-1/attachments/p-1/a-1', Readable.from([Buffer.from('ciao '), Buffer.from('mondo')]));
    const object = await s.open('studio-1/attachments/p-1/a-1');
    expect(object?.sizeBytes).toBe(10);
    expect((await read(object?.stream as Readable)).toString()).toBe('ciao mondo');
    expect(await s.open('studio-1/attachments/p-1/none')).toBeNull();
  });

  it('leaves nothing behind when the incoming stream fails midway', async () => {
    const { dir, s } = storage();
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(s.putStream('studio-1/attachments/p-1/a-2', failing)).rejects.toThrow('connection lost');
    expect(readdirSync(path.join(dir, 'files', 'studio-1', 'attachments', 'p-1'))).toEqual([]);
    expect(await s.open('studio-1/attachments/p-1/a-2')).toBeNull();
  });

  it('refuses a key that is a path from outside (SECURITY: keys are ids)', async () => {
    const { s } = storage();
    await expect(s.putStream('../../etc/passwd', Readable.from([]))).rejects.toThrow('bad storage key');
    await expect(s.open('a/../../b')).rejects.toThrow('bad storage key');
  });
});
