/**
 * Micro benchmark of the patient import's domain layer (issue 30 item 1, decision 039): a 10,000-row CSV as a
 * spreadsheet exports it (Windows-1252, semicolons, DD/MM/YYYY dates, 5 % of rows wrong, 1 % repeated) read, mapped,
 * checked and matched against 2,000 patients of the studio; and the 50,000-row bound read and checked once.
 *
 * Not part of `npm test` nor of `npm run bench`: run it by hand, `node --expose-gc bench/scenarios/patient-import-micro.ts`
 * (Node 24). Options: MICRO_ROUNDS (5), MICRO_ROWS (10000). CPU time is shown beside wall time: on a shared machine
 * the wall time counts the waits for a core too.
 */
import { mapHeader, previewImport, readImportFile } from '@studiolo/domain/imports';
import { importCsvOf, importPerson } from '../harness/import-dataset.ts';

const rounds = Number(process.env.MICRO_ROUNDS ?? 5);
const rowCount = Number(process.env.MICRO_ROWS ?? 10_000);

const existing = Array.from({ length: 2_000 }, (_, k) => {
  const [cognome, cf, date] = importPerson(k * 5);
  return {
    id: `p${k}`,
    codiceFiscale: cf as string,
    cognome: (cognome as string).split(' ')[0] as string,
    nome: null,
    dataNascita: (date as string).replaceAll('/', '-'),
  };
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const today = new Date();

const run = (bytes: Uint8Array) => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const read = readImportFile(bytes);
  if (!read.ok) throw new Error(read.message);
  const t1 = performance.now();
  const preview = previewImport(read.table, mapHeader(read.table.header), { existing, today, tags: ['Importati'] });
  if (!preview.ok) throw new Error(preview.message);
  const t2 = performance.now();
  const cpu = process.cpuUsage(c0);
  return {
    readMs: t1 - t0,
    checkMs: t2 - t1,
    totalMs: t2 - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    counts: preview.preview.counts,
    preview,
  };
};

const bytes = importCsvOf(rowCount);
run(bytes); // warm-up: the comuni index, zod, the JIT
const results = Array.from({ length: rounds }, () => run(bytes));
const round1 = (ms: number) => Math.round(ms * 10) / 10;
console.log(
  `node ${process.version}; ${rowCount} rows, ${(bytes.length / 1024 / 1024).toFixed(2)} MB; median of ${rounds}`,
);
console.table({
  'read (decode + CSV)': round1(median(results.map((r) => r.readMs))),
  'map + check + duplicates': round1(median(results.map((r) => r.checkMs))),
  total: round1(median(results.map((r) => r.totalMs))),
  'total, CPU time': round1(median(results.map((r) => r.cpuMs))),
});
console.log('counts', results[0]?.counts);

const big = importCsvOf(50_000);
const gc = (globalThis as { gc?: () => void }).gc;
results.length = 0;
gc?.();
const before = process.memoryUsage().heapUsed;
const once = run(big);
gc?.();
const after = process.memoryUsage().heapUsed;
console.log(
  `50,000 rows (${(big.length / 1024 / 1024).toFixed(2)} MB): ${round1(once.totalMs)} ms wall, ${round1(once.cpuMs)} ms CPU; ` +
    (gc
      ? `heap +${Math.round((after - before) / 1024 / 1024)} MB held by the preview`
      : 'run with --expose-gc for the heap'),
);
