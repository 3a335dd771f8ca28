/**
 * npm test: type check and lint, the embedded database's crash recovery (first, on a quiet machine: it is timed), unit
 * and component tests, API integration tests on PGlite and (when TEST_DATABASE_URL is set)
 * on PostgreSQL, then end-to-end tests in headless Chromium against the built app. Ends with one line
 * "N passed, N failed" summing every runner.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Step = { name: string; passed: number; failed: number; ok: boolean };
const steps: Step[] = [];
const reports = mkdtempSync(path.join(tmpdir(), 'studiolo-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit int` runs a subset

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

const vitest = (name: string, projects: string[], env: Record<string, string> = {}) => {
  if (only.length && !only.includes(name)) return;
  const out = path.join(reports, `${name}.json`);
  const ok = run(
    'vitest',
    [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  const report = existsSync(out)
    ? (JSON.parse(readFileSync(out, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numTotalTests: number;
      })
    : null;
  steps.push({
    name,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? (ok ? 0 : 1),
    ok: ok && (report?.numTotalTests ?? 0) > 0,
  });
};

/** The Debian packages the tests call: Chromium (E2E), pdftotext (PDF checks), xmllint (FatturaPA and Sistema TS schema checks), qpdf, openssl. */
const systemTools = [
  { binary: '/usr/bin/chromium', pkg: 'chromium' },
  { binary: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { binary: '/usr/bin/xmllint', pkg: 'libxml2-utils' },
  // qpdf --check on generated PDFs (form templates); openssl decrypts the Sistema TS test files independently of Node
  { binary: '/usr/bin/qpdf', pkg: 'qpdf' },
  { binary: '/usr/bin/openssl', pkg: 'openssl' },
];

const ensureSystemTools = () => {
  const missing = systemTools.filter((t) => !existsSync(t.binary));
  if (missing.length && process.getuid?.() === 0) {
    console.log(`Installo i pacchetti Debian mancanti: ${missing.map((t) => t.pkg).join(', ')}…`);
    run('apt-get', ['update', '-q']);
    run('apt-get', ['install', '-y', '-q', ...missing.map((t) => t.pkg)]);
  }
  const still = systemTools.filter((t) => !existsSync(t.binary));
  if (still.length)
    console.error(
      `I test richiedono ${still.map((t) => t.binary).join(', ')}: installa con \`sudo apt-get install -y ${still.map((t) => t.pkg).join(' ')}\`.`,
    );
  return still.length === 0;
};

const e2e = () => {
  if (only.length && !only.includes('e2e')) return;
  if (!existsSync('/usr/bin/chromium')) {
    steps.push({ name: 'e2e', passed: 0, failed: 1, ok: false });
    return;
  }
  const built = run('npm', ['run', 'build', '-w', '@studiolo/web']);
  const out = path.join(reports, 'e2e.json');
  const ok =
    built && run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const report = existsSync(out)
    ? (JSON.parse(readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } })
    : null;
  steps.push({
    name: 'e2e',
    passed: (report?.stats.expected ?? 0) + (report?.stats.flaky ?? 0),
    failed: report?.stats.unexpected ?? (ok ? 0 : 1),
    ok: ok && (report?.stats.expected ?? 0) > 0,
  });
};

const staticChecks = () => {
  if (only.length && !only.includes('static')) return;
  const typecheck = run('npm', ['run', 'typecheck']);
  const lint = run('npm', ['run', 'lint']);
  steps.push({
    name: 'static (typecheck, lint)',
    passed: Number(typecheck) + Number(lint),
    failed: Number(!typecheck) + Number(!lint),
    ok: typecheck && lint,
  });
};

ensureSystemTools();
staticChecks();
// The crash-recovery test times a restart against 5 s: it runs while the machine is quiet, before the suites that
// leave PostgreSQL checkpointing and vacuuming what they wrote.
vitest('durability', ['durability']);
vitest('unit', ['unit', 'web']);
vitest('int', ['int'], { TEST_TARGET: 'pglite' });
if (process.env.TEST_DATABASE_URL) vitest('int-postgres', ['int'], { TEST_TARGET: 'postgres' });
else console.log('TEST_DATABASE_URL non impostata: i test di integrazione girano solo su PGlite.');
e2e();

console.log('\nRiepilogo:');
for (const s of steps) console.log(`  ${s.ok ? '✓' : '✗'} ${s.name}: ${s.passed} passed, ${s.failed} failed`);
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) && failed === 0 ? 0 : 1);
