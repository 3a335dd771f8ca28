import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.ts';

/** Files under DATA_DIR/files; keys are generated ids, so no path from a request ever reaches the disk. */
export const createLocalStorage = (dataDir: string): Storage => {
  const root = path.resolve(dataDir, 'files');
  const fileOf = (key: string) => {
    if (!/^[a-z0-9-]+(\/[a-z0-9.-]+)*$/i.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local-disk',
    put: async (key, bytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    get: async (key) => readFile(fileOf(key)).catch(() => null),
    delete: async (key) => rm(fileOf(key), { force: true }),
  };
};
