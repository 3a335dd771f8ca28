/**
 * Micro benchmark of the patient import's domain layer (issue 30 item 1, decision 039): a 10,000-row CSV as a
 * spreadsheet exports it (Windows-1252, semicolons, DD/MM/YYYY dates, 5 % of rows wrong, 1 % repeated) read, mapped,
 * checked and matched against 2,000 patients of the studio; and the 50,000-row bound read and checked once.
 *
 * Not part of `npm test` nor of `npm run bench`: run it by hand, `node --expose-gc bench/scenarios/patient-import-micro.ts`
 * (Node 24). Options: MICRO_ROUNDS (5), MICRO_ROWS (10000). CPU time is shown beside wall time: on a shared machine
 * the wall time counts the waits for a core too.
 */
import { codiceFiscaleCheckChar } from '@studiolo/domain/anagrafica';
import { mapHeader, nameCode, previewImport, readImportFile, surnameCode } from '@studiolo/domain/imports';

const rounds = Number(process.env.MICRO_ROUNDS ?? 5);
const rowCount = Number(process.env.MICRO_ROWS ?? 10_000);

const surnames = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];
const names = [
  ['Mario', 'U'],
  ['Luca', 'U'],
  ['Giuseppe', 'U'],
  ['Francesco', 'U'],
  ['Niccolò', 'U'],
  ['Anna', 'D'],
  ['Giulia', 'D'],
  ['Lucìa', 'D'],
  ['Chiara', 'D'],
  ['Sara', 'D'],
] as const;
const places = [
  ['H501', 'Roma', 'RM', '00187'],
  ['F205', 'Milano', 'MI', '20121'],
  ['F839', 'Napoli', 'NA', '80121'],
  ['L219', 'Torino', 'TO', '10121'],
  ['A952', 'Bolzano', 'BZ', '39100'],
] as const;
const months = 'ABCDEHLMPRST';
const pad = (n: number) => String(n).padStart(2, '0');

/** Row i of the list: a distinct person with a valid fiscal code, or (every 20th) a row with a wrong field. */
const person = (i: number) => {
  const cognome = surnames[i % surnames.length] as string;
  const [nome, sesso] = names[Math.floor(i / surnames.length) % names.length] as (typeof names)[number];
  const day = 1 + (i % 28);
  const month = 1 + (Math.floor(i / 200) % 12);
  const year = 1930 + (Math.floor(i / 7) % 90);
  const [belfiore, comune, provincia, cap] = places[i % places.length] as (typeof places)[number];
  const first15 = `${surnameCode(cognome)}${nameCode(nome)}${pad(year % 100)}${months[month - 1]}${pad(sesso === 'D' ? day + 40 : day)}${belfiore}`;
  const cf = first15 + codiceFiscaleCheckChar(first15);
  const wrong = i % 20 === 7;
  return [
    `${cognome} ${nome}`,
    wrong ? `${cf.slice(0, 15)}X` : cf,
    `${pad(day)}/${pad(month)}/${year}`,
    sesso === 'D' ? 'F' : 'M',
    `333 ${String(1_000_000 + i).slice(0, 7)}`,
    i % 20 === 11 ? 'senza-chiocciola' : `p${i}@example.it`,
    `Via Roma ${1 + (i % 200)}`,
    cap,
    comune,
    provincia,
  ];
};

const header = 'Paziente;Codice fiscale;Data di nascita;Sesso;Cellulare;E-mail;Indirizzo;CAP;Città;Prov.';
const csvOf = (n: number): Uint8Array => {
  const lines = [header];
  for (let i = 0; i < n; i++) lines.push(person(i % 100 === 99 ? i - 1 : i).join(';'));
  const text = `${lines.join('\r\n')}\r\n`;
  // Windows-1252 (what Excel for Windows writes): the text is all Latin-1
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};
const existing = Array.from({ length: 2_000 }, (_, k) => {
  const [cognome, cf, date] = person(k * 5);
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

const bytes = csvOf(rowCount);
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

const big = csvOf(50_000);
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
