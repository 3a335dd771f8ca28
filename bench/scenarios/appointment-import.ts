/**
 * The appointment import through the API (issue 30 item 2, decision 045), the app as `npm start` runs it: a studio of
 * BENCH_APPOINTMENT_PATIENTS patients (brought in by the patient import) uploads an agenda of BENCH_APPOINTMENT_ROWS
 * appointments as a spreadsheet exports it (date, start, duration, the patient's codice fiscale, a note), past and
 * future, every row valid; the preview's time (upload: read, mapped, matched, checked against the calendar), then the
 * import from the start to DONE, with a cheap GET timed one call after the other meanwhile. The issue sets no figure
 * for appointments: the patient import's (2 s for the preview, 10 s for the import of 10,000 rows) are the yardstick.
 * PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL. Part `appointment-import`; writes
 * bench/results/appointment-import.json.
 */
import { type App, apiOf, createOwner, startApp } from '../harness/app.ts';
import { importCsvOf, importPerson } from '../harness/import-dataset.ts';
import { postgresUrlFromEnv, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, saveResults } from '../harness/results.ts';

const rows = Number(process.env.BENCH_APPOINTMENT_ROWS ?? (quick ? 500 : 10_000));
const patientCount = Number(process.env.BENCH_APPOINTMENT_PATIENTS ?? (quick ? 50 : 1_000));

type ImportView = {
  id: string;
  status: string;
  counts: { valid: number; invalid: number; toImport: number } | null;
  result: { imported: number };
  error: string | null;
};

const percentile = (xs: number[], p: number) =>
  xs.length ? ([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0) : 0;
const pad = (n: number) => String(n).padStart(2, '0');

/** Row i: one of the patients, a working day from a year ago onwards, a slot between 8:00 and 19:00, 45 minutes. */
const agendaOf = (n: number) => {
  const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 5);
  const lines = ['Data;Ora inizio;Durata;Codice fiscale;Note'];
  for (let i = 0; i < n; i++) {
    const day = new Date(start + Math.floor(i / 20) * 86_400_000);
    const slot = i % 20;
    const hour = 8 + Math.floor(slot / 2);
    const minute = slot % 2 === 0 ? '00' : '30';
    const cf = importPerson(i % patientCount, false)[1] as string;
    lines.push(
      `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()};${pad(hour)}:${minute};45;${cf};Seduta ${i + 1}`,
    );
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
};

const waitDone = async (app: App, path: string, token: string) => {
  const api = apiOf(app);
  const waits: number[] = [];
  for (;;) {
    const c0 = performance.now();
    const view = await api.call<ImportView>('GET', path, undefined, token);
    waits.push(performance.now() - c0);
    if (view.status === 'DONE' || view.status === 'FAILED') return { view, waits };
    await new Promise((r) => setTimeout(r, 50));
  }
};

const upload = async (app: App, path: string, token: string, bytes: Uint8Array<ArrayBuffer>, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), name);
  const res = await apiOf(app).fetch(path, { method: 'POST', body: form, token });
  const text = await res.text();
  if (!res.ok) throw new Error(`upload ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { response: ImportView }).response;
};

const importOnce = async (app: App) => {
  const api = apiOf(app);
  const owner = await createOwner(app);
  // the studio's patients, brought in as a studio moving in does
  const patients = await upload(app, '/importazioni-pazienti', owner.token, importCsvOf(patientCount, false), 'p.csv');
  await api.call('POST', `/importazioni-pazienti/${patients.id}/avvio`, undefined, owner.token);
  const imported = await waitDone(app, `/importazioni-pazienti/${patients.id}`, owner.token);
  if (imported.view.result.imported !== patientCount) throw new Error(`patients: ${JSON.stringify(imported.view)}`);

  const bytes = agendaOf(rows);
  const t0 = performance.now();
  const uploaded = await upload(app, '/importazioni-appuntamenti', owner.token, bytes, 'agenda.csv');
  const previewMs = Math.round(performance.now() - t0);
  if (uploaded.counts?.toImport !== rows)
    throw new Error(`the preview should find ${rows} rows to import: ${JSON.stringify(uploaded.counts)}`);

  const t1 = performance.now();
  await api.call('POST', `/importazioni-appuntamenti/${uploaded.id}/avvio`, undefined, owner.token);
  const { view, waits } = await waitDone(app, `/importazioni-appuntamenti/${uploaded.id}`, owner.token);
  const importMs = Math.round(performance.now() - t1);
  if (view.status !== 'DONE' || view.result.imported !== rows)
    throw new Error(`import: ${view.status} ${view.error ?? ''} ${view.result.imported}/${rows}`);
  return {
    rows,
    patients: patientCount,
    csvMb: Math.round((bytes.length / 1024 / 1024) * 100) / 100,
    previewMs,
    importMs,
    readDuringImportMs: { p50: Math.round(percentile(waits, 50)), max: Math.round(Math.max(...waits)) },
  };
};

export const runAppointmentImport = async ({ log }: { log: (line: string) => void }) => {
  const figures: Record<string, unknown> = {};
  const pglite = await startApp();
  try {
    figures.pglite = await importOnce(pglite);
    log(`appointment-import PGlite: ${JSON.stringify(figures.pglite)}`);
  } finally {
    await pglite.stop();
  }
  const adminUrl = postgresUrlFromEnv();
  if (adminUrl) {
    const url = await prepareBenchDatabase(adminUrl, 'studiolo_bench_appointment_import');
    const pg = await startApp({ database: { url } });
    try {
      figures.postgres = await importOnce(pg);
      log(`appointment-import PostgreSQL: ${JSON.stringify(figures.postgres)}`);
    } finally {
      await pg.stop();
    }
  } else log('appointment-import: no BENCH_DATABASE_URL / TEST_DATABASE_URL, PostgreSQL left out');
  saveResults('appointment-import', { yardstick: { previewMs: 2000, importMs: 10_000 }, ...figures });
};

if (import.meta.url === `file://${process.argv[1]}`) await runAppointmentImport({ log: console.log });
