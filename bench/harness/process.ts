import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/ is one level below it). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

/** High enough that no bench request is ever rate limited. */
export const unlimitedRateLimits = {
  RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
  RATE_LIMIT_ACCOUNT_PER_15_MIN: '100000000',
  RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000000',
} as const;

/** Asks the kernel for a free TCP port (the server prints its configured PORT, so 0 cannot be used). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** Resident set size of a process in kB, from /proc/<pid>/status (Linux only; null elsewhere). */
export const rssKbOf = (pid: number): number | null => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) : null;
  } catch {
    return null;
  }
};

export type RunningProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** Wall-clock time from spawn() to the ready line, measured by the parent. */
  readyMs: number;
  /** The time the process reported on its ready line (from its own start, excludes Node's boot). */
  reportedMs: number | null;
  rssKbAtReady: number | null;
  /** Everything the process wrote, for error reports. */
  output: () => string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code or signal. */
  stop: (graceMs?: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Spawns a Node process and resolves when a line matching `readyPattern` appears on its stdout.
 * The process is killed when it is not ready within `timeoutMs` or exits before.
 */
export const spawnUntilReady = (opts: {
  args: string[];
  env: Record<string, string>;
  port: number;
  readyPattern: RegExp;
  timeoutMs?: number;
  nodeArgs?: string[];
}): Promise<RunningProcess> =>
  new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...opts.args], {
      cwd: repoRoot,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let settled = false;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
      child.once('exit', (code, signal) => res({ code, signal })),
    );
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${message}\n--- output ---\n${out.slice(-4000)}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${opts.timeoutMs ?? 60_000} ms`), opts.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      // Keep only the tail: the info-level access log of a load run would otherwise grow without bound.
      out = (out + chunk.toString()).slice(-64_000);
      if (settled) return;
      const match = opts.readyPattern.exec(out);
      if (!match) return;
      const readyMs = performance.now() - startedAt;
      settled = true;
      clearTimeout(timer);
      const pid = child.pid ?? 0;
      resolve({
        child,
        pid,
        port: opts.port,
        baseUrl: `http://127.0.0.1:${opts.port}`,
        readyMs,
        reportedMs: match[1] ? Number(match[1]) : null,
        rssKbAtReady: rssKbOf(pid),
        output: () => out,
        stop: async (graceMs = 15_000) => {
          if (child.exitCode !== null || child.signalCode !== null) return exited;
          child.kill('SIGTERM');
          const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
          const result = await exited;
          clearTimeout(kill);
          return result;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (err) => fail(`spawn failed: ${err.message}`));
    child.once('exit', (code, signal) => fail(`exited before ready (code ${code}, signal ${signal})`));
  });

/** Starts the real Studiolo server (node apps/server/src/server.ts) and waits for STUDIOLO_READY. */
export const startStudiolo = async (opts: {
  env: Record<string, string>;
  timeoutMs?: number;
  nodeArgs?: string[];
}): Promise<RunningProcess> => {
  const port = await freePort();
  return spawnUntilReady({
    args: [serverEntry],
    env: { PORT: String(port), HOST: '127.0.0.1', ...opts.env },
    port,
    readyPattern: /STUDIOLO_READY (\d+)ms/,
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.nodeArgs ? { nodeArgs: opts.nodeArgs } : {}),
  });
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
