import type { Readable } from 'node:stream';

/** A stored object opened for reading: its bytes as a stream and its size. */
export type StoredObject = { stream: Readable; sizeBytes: number };

/** One stored object as a listing shows it. */
export type ListedObject = { key: string; sizeBytes: number; modifiedAt: Date };

/**
 * Where uploaded file bytes live (logos, patient attachments). Keys are opaque and never user input.
 * Local disk under DATA_DIR by default, S3-compatible object storage by configuration (decision 030).
 */
export type Storage = {
  kind: 'local-disk' | 's3';
  put: (key: string, bytes: Buffer) => Promise<void>;
  /** Stores a stream without holding it in memory; resolves once every byte is durable. */
  putStream: (key: string, stream: Readable, contentType?: string) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  /** Opens an object for streaming; null when it does not exist. */
  open: (key: string) => Promise<StoredObject | null>;
  delete: (key: string) => Promise<void>;
  /**
   * The objects whose keys start with `prefix` (a folder, ending with '/'), at any depth, in key order; objects being
   * stored (not complete yet) are not listed. Used by the backups kept in a bucket (decision 041).
   */
  list: (prefix: string) => Promise<ListedObject[]>;
};

/** SECURITY: keys are built by the server from ids; anything else (a path, "..") is a bug and is refused. */
export const checkStorageKey = (key: string) => {
  if (!/^[a-z0-9-]+(\/[a-z0-9.-]+)*$/i.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
  return key;
};

/** A listing's prefix: a folder of keys, such as `backups/`. */
export const checkStoragePrefix = (prefix: string) => {
  checkStorageKey(prefix.slice(0, -1));
  if (!prefix.endsWith('/')) throw new Error(`bad storage prefix ${prefix}`);
  return prefix;
};
