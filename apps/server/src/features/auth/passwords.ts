import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * At most one hash per core at a time: each takes ~0.4 s and 128 MiB, and a burst of sign-ins would otherwise
 * take every thread of libuv's pool (file and DNS work queue there too) and all the memory bandwidth.
 */
const maxHashesInFlight = Math.max(1, availableParallelism());
let inFlight = 0;
const waiting: (() => void)[] = [];
const acquire = async () => {
  if (inFlight >= maxHashesInFlight) await new Promise<void>((resolve) => waiting.push(resolve));
  inFlight++;
};
const release = () => {
  inFlight--;
  waiting.shift()?.();
};

const run = async (password: string, salt: Buffer, n: number, r: number, p: number) => {
  await acquire();
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, 32, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    );
  } finally {
    release();
  }
};

/** scrypt (memory-hard), parameters stored with the hash so they can be raised later. */
export const hashPassword = async (password: string, costLog2: number): Promise<string> => {
  const salt = randomBytes(16);
  const n = 2 ** costLog2;
  const key = await run(password, salt, n, 8, 1);
  return `scrypt$${n}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await run(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (costLog2: number) => {
  dummyHash ??= hashPassword('not-a-real-password', costLog2);
  return dummyHash;
};
