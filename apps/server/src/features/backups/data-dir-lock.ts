import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded server writes its process id to DATA_DIR/server.pid while it runs (decision 041): `npm run backup` and
 * `npm run restore` refuse a data directory a live server holds (PGlite has one session: a second process opening the
 * same files would corrupt them). A file left by a killed server names a dead process and is ignored.
 */
const pidFileOf = (dataDir: string) => path.resolve(dataDir, 'server.pid');

export const holdDataDir = (dataDir: string) => {
  const file = pidFileOf(dataDir);
  try {
    writeFileSync(file, String(process.pid));
  } catch {
    return () => {};
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
};

/** The live process holding the data directory, other than this one; null when none does. */
export const dataDirHolder = (dataDir: string): number | null => {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFileOf(dataDir), 'utf8').trim(), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, another user's
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
};
