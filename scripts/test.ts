/**
 * npm test: type check and lint, the embedded database's crash recovery (first, on a quiet machine: it is timed), unit
 * and component tests, API integration tests on PGlite and (when TEST_DATABASE_URL is set) on PostgreSQL, then
 * end-to-end tests in headless Chromium against the built app. Ends with each stage's duration, the slowest files of
 * each stage, and one line "N passed, N failed" summing every runner (decision 044).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Step = {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
  seconds: number;
  slowest: { file: string; seconds: number }[];
};
const steps: Step[] = [];
const reports = mkdtempSync(path.join(tmpdir(), 'studiolo-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit int` runs a subset
const slowestShown = 10;

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

/** Runs one stage and records it with its duration. */
const stage = (name: string, body: () => Omit<Step, 'name' | 'seconds'>) => {
  if (only.length && !only.includes(name)) return;
  const started = performance.now();
  const result = body();
  steps.push({ name, ...result, seconds: (performance.now() - started) / 1000 });
};

const slowestOf = (files: { file: string; seconds: number }[]) =>
  files.sort((a, b) => b.seconds - a.seconds).slice(0, slowestShown);

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
};

const vitest = (name: string, projects: string[], env: Record<string, string> = {}) =>
  stage(name, () => {
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
    const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VitestReport) : null;
    return {
      passed: report?.numPassedTests ?? 0,
      failed: report?.numFailedTests ?? (ok ? 0 : 1),
      ok: ok && (report?.numTotalTests ?? 0) > 0,
      slowest: slowestOf(
        (report?.testResults ?? []).map((r) => ({
          file: path.relative(process.cwd(), r.name),
          seconds: (r.endTime - r.startTime) / 1000,
        })),
      ),
    };
  });

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

type PlaywrightSuite = {
  file: string;
  specs: { tests: { projectName: string; results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};

/** Seconds per spec file and project ("booking.spec.ts (phone)"), summed over its tests. */
const e2eFileSeconds = (suites: PlaywrightSuite[]) => {
  const seconds = new Map<string, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs)
      for (const test of spec.tests) {
        const key = `${suite.file} (${test.projectName})`;
        const ms = test.results.reduce((n, r) => n + r.duration, 0);
        seconds.set(key, (seconds.get(key) ?? 0) + ms / 1000);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return [...seconds].map(([file, s]) => ({ file, seconds: s }));
};

const e2e = () =>
  stage('e2e', () => {
    if (!existsSync('/usr/bin/chromium')) return { passed: 0, failed: 1, ok: false, slowest: [] };
    const built = run('npm', ['run', 'build', '-w', '@studiolo/web']);
    const out = path.join(reports, 'e2e.json');
    const ok =
      built &&
      run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    const report = existsSync(out)
      ? (JSON.parse(readFileSync(out, 'utf8')) as {
          stats: { expected: number; unexpected: number; flaky: number };
          suites: PlaywrightSuite[];
        })
      : null;
    return {
      // a test that passed only on a retry is a failure: the config has no retries (decision 044)
      passed: report?.stats.expected ?? 0,
      failed: (report?.stats.unexpected ?? (ok ? 0 : 1)) + (report?.stats.flaky ?? 0),
      ok: ok && (report?.stats.expected ?? 0) > 0 && (report?.stats.flaky ?? 0) === 0,
      slowest: slowestOf(e2eFileSeconds(report?.suites ?? [])),
    };
  });

const staticChecks = () =>
  stage('static', () => {
    const typecheck = run('npm', ['run', 'typecheck']);
    const lint = run('npm', ['run', 'lint']);
    return {
      passed: Number(typecheck) + Number(lint),
      failed: Number(!typecheck) + Number(!lint),
      ok: typecheck && lint,
      slowest: [],
    };
  });

const started = performance.now();
ensureSystemTools();
staticChecks();
// The crash-recovery test times a restart against 5 s: it runs while the machine is quiet, before the suites that
// leave PostgreSQL checkpointing and vacuuming what they wrote.
vitest('durability', ['durability']);
vitest('unit', ['unit', 'web']);
vitest('int', ['int'], { TEST_TARGET: 'pglite' });
if (process.env.TEST_DATABASE_URL) vitest('int-postgres', ['int'], { TEST_TARGET: 'postgres' });
else if (!only.length || only.includes('int-postgres'))
  console.log('TEST_DATABASE_URL non impostata: i test di integrazione girano solo su PGlite.');
e2e();

/** What each stage is called in the summary (the names on the command line are the short ones). */
const labels: Record<string, string> = {
  static: 'static (typecheck, lint)',
  unit: 'unit + web',
  int: 'int on PGlite',
  'int-postgres': 'int on PostgreSQL',
};
const label = (name: string) => labels[name] ?? name;
const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
const timed = steps.filter((s) => s.slowest.length);
if (timed.length) console.log('\nI file più lenti di ogni parte:');
for (const s of timed) {
  console.log(`  ${label(s.name)}:`);
  for (const f of s.slowest) console.log(`    ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}`);
}
console.log('\nRiepilogo:');
for (const s of steps)
  console.log(
    `  ${s.ok ? '✓' : '✗'} ${label(s.name)}: ${s.passed} passed, ${s.failed} failed in ${minutes(s.seconds)}`,
  );
console.log(`  in tutto ${minutes((performance.now() - started) / 1000)}`);
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) && failed === 0 ? 0 : 1);
