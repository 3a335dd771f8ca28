/**
 * Sistema TS (issue 14 target): 10,000 health-expense records built from invoices, checked as before sending and
 * written in the file of 730_precompilata.xsd with the citizen codes encrypted (RSA, the Sistema TS's certificate
 * kept in the package's fixtures), < 2 s; then the file is validated by xmllint against the official schema (timed
 * apart: the tests' check, not the app's). Through @studiolo/sistema-ts's public exports, as the server calls them.
 * Part `sistema-ts` (BENCH_ONLY=sistema-ts); writes bench/results/sistema-ts.json. Options: BENCH_TS_RECORDS (10000)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { forfettarioInvoice } from '@studiolo/domain/testing';
import { prepareInvio, sistemaTsCipher, spesaSanitariaOf } from '@studiolo/sistema-ts';
import { fixturesDir, xsdErrors } from '@studiolo/sistema-ts/testing';
import { quick, saveResults } from '../harness/results.ts';

const count = Number(process.env.BENCH_TS_RECORDS ?? (quick ? 1000 : 10_000));

export const runSistemaTs = async ({ log = console.log }: { log?: (s: string) => void } = {}) => {
  const certificatePem = readFileSync(path.join(fixturesDir, 'SanitelCF-2018.cer'), 'utf8');
  const base = { ...forfettarioInvoice(), pagata: true };
  const t0 = performance.now();
  const records = Array.from({ length: count }, (_, i) =>
    spesaSanitariaOf({ ...base, id: `${i}`, idDocumento: `${i + 1}/2026` }, { pIva: '03456780372', operazione: 'I' }),
  );
  const prepared = prepareInvio(
    { proprietario: { cfProprietario: 'RSSMRA85T10A562S' }, documentiSpesa: records },
    { today: '2026-12-31', cipher: sistemaTsCipher(certificatePem) },
  );
  const buildMs = Math.round(performance.now() - t0);
  const file = prepared.xml ?? '';
  log(`  ${count} records built, checked and written: ${buildMs} ms, ${prepared.errors.length} errors`);
  const t1 = performance.now();
  const xsd = xsdErrors(file);
  const xsdMs = Math.round(performance.now() - t1);
  log(`  xmllint on the ${(file.length / 1e6).toFixed(1)} MB file: ${xsd ? 'INVALID' : 'valid'}, ${xsdMs} ms`);
  return saveResults('sistema-ts', {
    records: count,
    buildAndCheckMs: buildMs,
    fileBytes: Buffer.byteLength(file),
    checkErrors: prepared.errors.length,
    xsd: { valid: xsd === null, ms: xsdMs },
    targets: { build10000Under2s: buildMs < 2000 },
  });
};

if (import.meta.url === `file://${process.argv[1]}`) await runSistemaTs();
