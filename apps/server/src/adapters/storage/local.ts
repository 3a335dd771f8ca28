import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkStorageKey, checkStoragePrefix, type ListedObject, type Storage } from './storage.ts';

/** Files under DATA_DIR/files; keys are generated ids, so no path from a request ever reaches the disk. */
export const createLocalStorage = (dataDir: string): Storage => createDiskStorage(path.resolve(dataDir, 'files'));

/** Files under `root`: the local storage's implementation, for any folder (tests keep a "bucket" in one). */
export const createDiskStorage = (root: string): Storage => {
  const fileOf = (key: string) => path.join(root, checkStorageKey(key));
  return {
    kind: 'local-disk',
    put: async (key, bytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    putStream: async (key: string, stream: Readable) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // written beside and renamed: a reader never sees half a file, a failed write leaves nothing behind
      const partial = `${file}.partial`;
      try {
        await pipeline(stream, createWriteStream(partial));
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    get: async (key) => readFile(fileOf(key)).catch(() => null),
    open: async (key) => {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), sizeBytes: info.size };
    },
    delete: async (key) => rm(fileOf(key), { force: true }),
    list: async (prefix) => {
      const out: ListedObject[] = [];
      const walk = async (rel: string) => {
        const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
        for (const e of entries) {
          const child = `${rel}${e.name}`;
          if (e.isDirectory()) await walk(`${child}/`);
          else if (e.isFile() && !e.name.endsWith('.partial')) {
            const info = await stat(path.join(root, child)).catch(() => null);
            if (info) out.push({ key: child, sizeBytes: info.size, modifiedAt: info.mtime });
          }
        }
      };
      await walk(checkStoragePrefix(prefix));
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
};
