/**
 * Backups of the embedded default (issue 30 item 6, decision 041), the app as `npm start` runs it (PGlite): a studio
 * with BENCH_BACKUP_PATIENTS patients and two appointments each (SQL loader), backed up through the API
 * (POST /settings/backups, the owner's button; target under 60 s) while one person reads the studio's calendars, a
 * cheap read that needs the database, timed one call after the other: how long the API keeps them waiting meanwhile.
 * Then the server is stopped and the file restored with `npm run restore FILE` into an empty data directory (target
 * under 60 s), which checks every table's rows against the backup's manifest.
 * Part `backups` (BENCH_ONLY=backups); writes bench/results/backups.json.
 * Options: BENCH_BACKUP_PATIENTS (100000)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultEventColor } from '@studiolo/domain/calendar';
import { apiOf, createOwner, startApp } from '../harness/app.ts';
import { patientStatements } from '../harness/patients-dataset.ts';
import { repoRoot } from '../harness/process.ts';
import { quick, saveResults } from '../harness/results.ts';
import { loadSqlAndRestart } from '../harness/sql-loader.ts';

const patientCount = Number(process.env.BENCH_BACKUP_PATIENTS ?? (quick ? 2_000 : 100_000));

const percentile = (xs: number[], p: number) =>
  xs.length ? ([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0) : 0;

const withoutDatabaseUrl = ({ DATABASE_URL: _, ...env }: NodeJS.ProcessEnv) => env;

/** `npm run restore FILE` into `dataDir`; resolves with its output, rejects with it on failure. */
const restoreInto = (file: string, dataDir: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/src/features/backups/backups.cli.ts', 'restore', file], {
      cwd: repoRoot,
      env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`restore: ${code} ${out}`))));
  });

export const runBackups = async ({ log }: { log: (line: string) => void }) => {
  let app = await startApp();
  const restoreDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-restore-'));
  rmSync(restoreDir, { recursive: true, force: true }); // the restore wants a directory that is empty or absent
  try {
    const owner = await createOwner(app);
    const { calendars } = await apiOf(app).call<{ calendars: { id: string }[] }>(
      'GET',
      '/calendars',
      undefined,
      owner.token,
    );
    const loadStart = performance.now();
    app = await loadSqlAndRestart(app, [
      ...patientStatements(owner.studioId, patientCount, 3030),
      {
        // two appointments a patient, a week apart, spread over the past two years
        sql: `insert into events (studio_id, calendar_id, summary, start_at, end_at, until_at, all_day, color, paziente_id)
          select $1, $2, 'Seduta', t.start_at, t.start_at + interval '45 minutes', t.start_at + interval '45 minutes',
            false, $3, p.id
          from (select id, row_number() over (order by id) as rn from patients where studio_id = $1) p,
            lateral (select now() - ((p.rn % 700) * interval '1 day') - k * interval '7 days' as start_at
                     from generate_series(0, 1) k) t`,
        params: [owner.studioId, calendars[0]?.id, defaultEventColor.hex],
      },
    ]);
    log(
      `backups: ${patientCount} patients and their appointments loaded in ${Math.round(performance.now() - loadStart)} ms`,
    );

    const api = apiOf(app);
    // one person reads the calendars while the backup runs (a cheap read: the wait is the backup's)
    const waits: number[] = [];
    let backingUp = true;
    const reader = (async () => {
      while (backingUp) {
        const c0 = performance.now();
        await api.call('GET', '/calendars', undefined, owner.token);
        waits.push(performance.now() - c0);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const b0 = performance.now();
    // the answer is the list, newest first
    const answer = await api.call<{ backups: { name: string; sizeBytes: number }[] }>(
      'POST',
      '/settings/backups',
      undefined,
      owner.token,
    );
    const backupMs = Math.round(performance.now() - b0);
    backingUp = false;
    await reader;
    const taken = answer.backups[0];
    if (!taken) throw new Error('backups: POST /settings/backups listed no backup');
    const file = path.join(app.dataDir, 'backups', taken.name);
    const archiveMb = Math.round(statSync(file).size / 1024 / 1024);
    await app.stop({ keepDataDir: true });

    const r0 = performance.now();
    const said = await restoreInto(file, restoreDir);
    const restoreMs = Math.round(performance.now() - r0);
    log(`backups: ${said}`);

    const figures = {
      patients: patientCount,
      appointments: patientCount * 2,
      archiveMb,
      backupMs,
      restoreMs,
      readDuringBackupMs: {
        calls: waits.length,
        p50: Math.round(percentile(waits, 50)),
        max: Math.round(Math.max(0, ...waits)),
      },
    };
    log(`backups: ${JSON.stringify(figures)}`);
    saveResults('backups', { targets: { backupMs: 60_000, restoreMs: 60_000 }, ...figures });
  } finally {
    await app.stop().catch(() => undefined);
    rmSync(app.dataDir, { recursive: true, force: true });
    rmSync(restoreDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runBackups({ log: console.log });
