/**
 * The patient import through the API (issue 30 item 1, decision 039), the app as `npm start` runs it: a CSV of
 * BENCH_IMPORT_ROWS valid patients as a spreadsheet exports it, uploaded (POST /importazioni-pazienti: read, mapped,
 * checked and matched on the server: the preview's time, target under 2 s) and imported (POST …/avvio, then GET …/:id
 * until DONE: target under 10 s), on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL. While
 * the import runs, a cheap GET is timed one call after the other: how long the API keeps a person waiting meanwhile.
 * Part `patient-import` (BENCH_ONLY=patient-import); writes bench/results/patient-import.json.
 * Memory: on PGlite, a fresh server uploads a file of 10,000 rows, then one of 50,000 rows (the bound), each previewed
 * whole; the server's RSS is sampled meanwhile: the issue asks for memory flat in the file's size.
 * Options: BENCH_IMPORT_ROWS (10000)
 */
import { type App, apiOf, createOwner, startApp } from '../harness/app.ts';
import { importCsvOf } from '../harness/import-dataset.ts';
import { postgresUrlFromEnv, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, saveResults } from '../harness/results.ts';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? (quick ? 500 : 10_000));
type ImportView = {
  id: string;
  status: string;
  counts: { valid: number; invalid: number; toImport: number } | null;
  result: { imported: number };
  error: string | null;
};

const percentile = (xs: number[], p: number) =>
  xs.length ? ([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0) : 0;

const importOnce = async (app: App) => {
  const api = apiOf(app);
  const owner = await createOwner(app);
  const bytes = importCsvOf(rows, false);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'pazienti.csv');
  const t0 = performance.now();
  const res = await api.fetch('/importazioni-pazienti', { method: 'POST', body: form, token: owner.token });
  const text = await res.text();
  if (!res.ok) throw new Error(`upload: ${res.status} ${text.slice(0, 300)}`);
  const previewMs = Math.round(performance.now() - t0);
  const uploaded = (JSON.parse(text) as { response: ImportView }).response;
  if (uploaded.counts?.toImport !== rows)
    throw new Error(`the preview should find ${rows} rows to import: ${JSON.stringify(uploaded.counts)}`);

  const t1 = performance.now();
  await api.call('POST', `/importazioni-pazienti/${uploaded.id}/avvio`, undefined, owner.token);
  // one person meanwhile: a cheap read, timed one call after the other, until the import is done
  const waits: number[] = [];
  let view: ImportView;
  for (;;) {
    const c0 = performance.now();
    view = await api.call<ImportView>('GET', `/importazioni-pazienti/${uploaded.id}`, undefined, owner.token);
    waits.push(performance.now() - c0);
    if (view.status === 'DONE' || view.status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const importMs = Math.round(performance.now() - t1);
  if (view.status !== 'DONE' || view.result.imported !== rows)
    throw new Error(`import: ${view.status} ${view.error ?? ''} ${view.result.imported}/${rows}`);
  return {
    rows,
    csvMb: Math.round((bytes.length / 1024 / 1024) * 100) / 100,
    previewMs,
    importMs,
    readDuringImportMs: { p50: Math.round(percentile(waits, 50)), max: Math.round(Math.max(...waits)) },
  };
};

/**
 * `studios` uploads of `n` rows each at the same moment, each with its whole preview, the server's RSS sampled
 * meanwhile (from the same baseline). Files are checked one at a time in the process, so several studios wait their
 * turn instead of adding their peaks.
 */
const uploadMemory = async (app: App, n: number, studios = 1) => {
  const owners = [];
  for (let i = 0; i < studios; i++) owners.push(await createOwner(app));
  const bytes = importCsvOf(n, false);
  // a process just started is still settling: a few seconds before the baseline, as the studio-export part does
  await new Promise((r) => setTimeout(r, 5000));
  const rssBefore = app.rssMb() ?? Number.NaN;
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, app.rssMb() ?? 0);
  }, 20);
  const upload = async (token: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/csv' }), 'pazienti.csv');
    const t0 = performance.now();
    const res = await apiOf(app).fetch('/importazioni-pazienti', { method: 'POST', body: form, token });
    const text = await res.text();
    if (!res.ok) throw new Error(`upload: ${res.status} ${text.slice(0, 300)}`);
    return Math.round(performance.now() - t0);
  };
  const times = await Promise.all(owners.map((o) => upload(o.token))).finally(() => clearInterval(timer));
  return {
    rows: n,
    studios,
    csvMb: Math.round((bytes.length / 1024 / 1024) * 100) / 100,
    previewMs: studios === 1 ? times[0] : times,
    rssBeforeMb: rssBefore,
    rssGrowthMb: Math.round((peak - rssBefore) * 10) / 10,
  };
};

export const runPatientImport = async ({ log }: { log: (line: string) => void }) => {
  const figures: Record<string, unknown> = {};
  const pglite = await startApp();
  try {
    figures.pglite = await importOnce(pglite);
    log(`patient-import PGlite: ${JSON.stringify(figures.pglite)}`);
  } finally {
    await pglite.stop();
  }
  const memory = [];
  const uploads = quick
    ? [
        [500, 1],
        [2_500, 1],
        [2_500, 3],
      ]
    : [
        [10_000, 1],
        [50_000, 1],
        [50_000, 3],
      ];
  for (const [n, studios] of uploads) {
    const app = await startApp();
    try {
      memory.push(await uploadMemory(app, n as number, studios));
      log(`patient-import memory: ${JSON.stringify(memory.at(-1))}`);
    } finally {
      await app.stop();
    }
  }
  figures.memory = memory;
  const adminUrl = postgresUrlFromEnv();
  if (adminUrl) {
    const url = await prepareBenchDatabase(adminUrl, 'studiolo_bench_import');
    const pg = await startApp({ database: { url } });
    try {
      figures.postgres = await importOnce(pg);
      log(`patient-import PostgreSQL: ${JSON.stringify(figures.postgres)}`);
    } finally {
      await pg.stop();
    }
  } else log('patient-import: no BENCH_DATABASE_URL / TEST_DATABASE_URL, PostgreSQL left out');
  saveResults('patient-import', {
    targets: { previewMs: 2000, importMs: 10_000, memoryFlatInFileSize: true },
    ...figures,
  });
};

if (import.meta.url === `file://${process.argv[1]}`) await runPatientImport({ log: console.log });
