/**
 * Durability of the embedded database: the real server process (node apps/server/src/server.ts) on a PGlite
 * DATA_DIR, killed with SIGKILL in the middle of concurrent sign-ups, restarts to ready within 5 s with every
 * acknowledged write present; a clean SIGTERM stop restarts with its data too.
 *
 * PGlite only, whatever TEST_DATABASE_URL says: an external PostgreSQL does its own crash recovery, and
 * start-up WAL replay is a property of the embedded default (GUIDE §5). A SIGKILL is a process crash: what the
 * process had written reached the operating system, so this does not simulate a power loss.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

const readyWithinMs = 5000;
/** DURABILITY_WRITE_MS lengthens the write phase to see how recovery grows with the WAL (with CHECKPOINT_INTERVAL_SECONDS). */
const writeForMsFromEnv = Number(process.env.DURABILITY_WRITE_MS ?? 3000);
const password = 'durability-password-1';
const concurrency = 4;

const children = new Set<ChildProcess>();
const dataDirs: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studiolo-durability-'));
  dataDirs.push(dir);
  return dir;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

type Server = {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** spawn() to the STUDIOLO_READY line, as the parent sees it (Node's boot included). */
  readyMs: number;
  /** What the server printed: from the start of server.ts (database open, WAL replay, migrations, listen). */
  reportedMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
};

/** Spawns the real server on `dataDir` and resolves at its STUDIOLO_READY line (rejects on exit or timeout). */
const startServer = async (dataDir: string, timeoutMs = 30_000): Promise<Server> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SCRYPT_COST_LOG2: '10',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    RATE_LIMIT_ACCOUNT_PER_15_MIN: '1000000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '10000000',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'durability-secret-durability-secret-0123456789',
  };
  // The embedded database is what is under test.
  delete env.DATABASE_URL;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let out = '';
  const collect = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const ready = await new Promise<{ readyMs: number; reportedMs: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      const match = /STUDIOLO_READY (\d+)ms/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ readyMs: performance.now() - startedAt, reportedMs: Number(match[1]) });
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited before ready (code ${code}, signal ${signal}):\n${out}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}/app/api`, dataDir, ...ready, exited, output: () => out };
};

const post = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: string; response?: { token?: string } } };
};

const signUp = (server: Server, email: string) =>
  post(`${server.baseUrl}/user/signup`, { email, password, nome: 'Durata', cognome: 'Prova' });

/**
 * A sign-up is a pending account until its mailed link is opened (issue 25 item 8): the link is read from the local
 * outbox (DATA_DIR/outbox/*.eml) and opened; 200 means the acknowledged sign-up survived. No mail: never present.
 */
const confirmationLinks = (dataDir: string) => {
  const links = new Map<string, string>();
  const dir = path.join(dataDir, 'outbox');
  for (const file of readdirSync(dir, { withFileTypes: true }).filter((f) => f.name.endsWith('.eml'))) {
    const raw = readFileSync(path.join(dir, file.name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const to = /^To: (.+)$/m.exec(raw)?.[1]?.trim();
    const token = /verificaEmail\?token=([A-Za-z0-9_\-%]+)/.exec(raw)?.[1];
    if (to && token) links.set(to, decodeURIComponent(token));
  }
  return links;
};
const linksOf = new WeakMap<Server, Map<string, string>>();
const logIn = async (server: Server, email: string) => {
  const links = linksOf.get(server) ?? confirmationLinks(server.dataDir);
  linksOf.set(server, links);
  const token = links.get(email);
  if (!token) return { status: 0 };
  return post(`${server.baseUrl}/user/verify-email`, { token });
};

/** Runs `fn` over `items` with at most `limit` calls in flight. */
const mapLimited = async <T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

/** Every acknowledged user must sign in; returns how many of the others exist too (either is allowed). */
const expectAllCanLogIn = async (server: Server, acknowledged: string[], unacknowledged: string[] = []) => {
  const answers = await mapLimited(acknowledged, concurrency, async (email) => ({
    email,
    status: (await logIn(server, email)).status,
  }));
  const missing = answers.filter((a) => a.status !== 200);
  expect(missing, `acknowledged sign-ups that cannot log in after restart: ${JSON.stringify(missing)}`).toEqual([]);
  const others = await mapLimited(unacknowledged, concurrency, async (email) => (await logIn(server, email)).status);
  return others.filter((s) => s === 200).length;
};

describe('crash recovery of the embedded PGlite database', () => {
  it(
    'restarts to ready within 5 s after a SIGKILL during concurrent sign-ups, with every acknowledged sign-up present',
    async () => {
      const dataDir = newDataDir();
      const first = await startServer(dataDir);
      const run = Date.now().toString(36);
      const acknowledged: string[] = [];
      const unacknowledged: string[] = [];
      const rejected: { email: string; status: number; code: string }[] = [];
      let seq = 0;
      let inFlight = 0;
      let stop = false;
      let killedAt = 0;
      // Writes go on for at least this long and until enough sign-ups were acknowledged, then the process is
      // killed at a moment when every writer has a request outstanding.
      const writeForMs = writeForMsFromEnv;
      const minAcknowledged = 50;
      const startedWritingAt = performance.now();
      let signalKill: () => void = () => {};
      const killed = new Promise<void>((resolve) => {
        signalKill = resolve;
      });
      const maybeKill = () => {
        if (stop || inFlight < concurrency) return;
        if (performance.now() - startedWritingAt < writeForMs || acknowledged.length < minAcknowledged) return;
        stop = true;
        killedAt = performance.now();
        first.child.kill('SIGKILL');
        signalKill();
      };

      const writer = async () => {
        while (!stop) {
          const email = `crash-${run}-${seq++}@example.com`;
          inFlight++;
          const request = signUp(first, email);
          maybeKill();
          try {
            const res = await request;
            if (res.status === 200) acknowledged.push(email);
            else rejected.push({ email, status: res.status, code: res.body.code });
          } catch {
            // Connection reset or refused by the kill: never acknowledged.
            unacknowledged.push(email);
          } finally {
            inFlight--;
          }
        }
      };
      const writers = Promise.all(Array.from({ length: concurrency }, writer));
      // A safety net for a server that stops answering: writers would otherwise wait forever.
      const watchdog = setTimeout(() => {
        if (!stop) {
          stop = true;
          first.child.kill('SIGKILL');
          signalKill();
        }
      }, writeForMs + 20_000);
      await killed;
      clearTimeout(watchdog);
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      await writers;
      const writingMs = Math.round(killedAt - startedWritingAt);

      expect(rejected, 'sign-ups refused while the server was up').toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(minAcknowledged);
      // Requests were still in flight when the process died.
      expect(unacknowledged.length).toBeGreaterThan(0);

      const restarted = await startServer(dataDir);
      expect(
        restarted.readyMs,
        `restart after SIGKILL took ${Math.round(restarted.readyMs)} ms:\n${restarted.output()}`,
      ).toBeLessThan(readyWithinMs);

      const presentUnacknowledged = await expectAllCanLogIn(restarted, acknowledged, unacknowledged);
      // The recovered database takes new writes.
      expect((await signUp(restarted, `after-crash-${run}@example.com`)).status).toBe(200);

      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toEqual({ code: 0, signal: null });

      // A clean reopen of the same directory, for comparison: the difference is the crash recovery (WAL replay).
      const clean = await startServer(dataDir);
      clean.child.kill('SIGTERM');
      expect(await clean.exited).toEqual({ code: 0, signal: null });

      console.log(
        `[durability] SIGKILL after ${writingMs} ms of writes (${concurrency} in flight): ${acknowledged.length} acknowledged, ` +
          `${unacknowledged.length} in flight at the kill (${presentUnacknowledged} of them present after restart). ` +
          `Cold start ${Math.round(first.readyMs)} ms (server ${first.reportedMs} ms); ` +
          `restart after SIGKILL ${Math.round(restarted.readyMs)} ms (server ${restarted.reportedMs} ms); ` +
          `clean reopen ${Math.round(clean.readyMs)} ms (server ${clean.reportedMs} ms); ` +
          `crash recovery ≈ ${restarted.reportedMs - clean.reportedMs} ms.`,
      );
    },
    writeForMsFromEnv + 90_000,
  );

  it('stops cleanly on SIGTERM and restarts to ready within 5 s with its data', async () => {
    const dataDir = newDataDir();
    const first = await startServer(dataDir);
    const run = Date.now().toString(36);
    const emails = Array.from({ length: 40 }, (_, i) => `clean-${run}-${i}@example.com`);
    const statuses = await mapLimited(emails, concurrency, async (email) => (await signUp(first, email)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const stopAt = performance.now();
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toEqual({ code: 0, signal: null });
    const stopMs = Math.round(performance.now() - stopAt);

    const restarted = await startServer(dataDir);
    expect(restarted.readyMs).toBeLessThan(readyWithinMs);
    await expectAllCanLogIn(restarted, emails);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
    console.log(
      `[durability] SIGTERM stop ${stopMs} ms; restart ${Math.round(restarted.readyMs)} ms (server ${restarted.reportedMs} ms).`,
    );
  }, 90_000);
});
