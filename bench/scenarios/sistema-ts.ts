/**
 * Sistema TS (issue 14 target): building and checking 10,000 health-expense records, < 2 s. Each record is made
 * from an invoice as the API answers it, through the server's own path (recordOf, prepareFile: packages/sistema-ts),
 * checked as before sending and written in the file of 730_precompilata.xsd with its citizen codes encrypted for the
 * Sistema TS's certificate (RSA, the simulator's test certificate); then the whole file is validated by xmllint
 * against the official schema (timed apart: it is the tests' check, not the app's).
 * Part `sistema-ts` of `npm run bench` (BENCH_ONLY=sistema-ts); writes bench/results/sistema-ts.json.
 * Options: BENCH_TS_RECORDS (10000)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareFile, recordOf } from '../../apps/server/src/features/sistema-ts/sistema-ts.records.ts';
import { forfettarioInvoice } from '../../packages/domain/src/testing/index.ts';
import { xsdErrors } from '../../packages/sistema-ts/src/testing.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const sistemaTsResultsFile = path.join(here, '..', 'results', 'sistema-ts.json');
const certificatePem = readFileSync(
  path.join(here, '../../apps/server/src/adapters/sistema-ts/simulator-certificate.pem'),
  'utf8',
);
const count = Number(process.env.BENCH_TS_RECORDS ?? 10_000);

export const runSistemaTs = async ({ log }: { log: (s: string) => void }) => {
  const base = { ...forfettarioInvoice(), pagata: true };
  const invoices = Array.from({ length: count }, (_, i) => ({
    ...base,
    id: `${i}`,
    idDocumento: `${i + 1}/2026`,
  }));
  const credentials = {
    categoria: 'PROFESSIONISTA' as const,
    cfProprietario: 'RSSMRA85T10A562S',
    codiceRegione: '',
    codiceAsl: '',
    codiceSSA: '',
    username: 'RSSMRA85T10A562S',
    password: 'x',
    pincode: '1234567890',
    certificatePem,
  };
  const t0 = performance.now();
  const records = invoices.map((f) => recordOf(f, { operazione: 'I', pIva: '03456780372' }));
  const prepared = prepareFile(credentials, records, '2026-12-31');
  const buildMs = Math.round(performance.now() - t0);
  const errors = prepared.errori.reduce((n, e) => n + e.length, prepared.erroriFile.length);
  const file = prepared.xml ?? '';
  log(`  ${count} records built, checked and written (citizen codes encrypted): ${buildMs} ms, ${errors} errors`);

  // the official schema on the whole file
  const t1 = performance.now();
  const xsd = xsdErrors(file);
  const xsdMs = Math.round(performance.now() - t1);
  log(
    `  xmllint on the ${(Buffer.byteLength(file) / 1e6).toFixed(1)} MB file: ${xsd ? 'INVALID' : 'valid'}, ${xsdMs} ms`,
  );
  const result = {
    meta: { date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadavg: loadavg() },
    records: count,
    buildAndCheckMs: buildMs,
    fileBytes: Buffer.byteLength(file),
    checkErrors: errors,
    xsd: { valid: xsd === null, ms: xsdMs },
    targets: { build10000Under2s: buildMs < 2000 },
  };
  writeFileSync(sistemaTsResultsFile, `${JSON.stringify(result, null, 2)}\n`);
  return result;
};
