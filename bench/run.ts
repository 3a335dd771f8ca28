/**
 * Foundation benchmarks (not part of npm test): `npm run bench` from the repository root.
 *
 *  a. PGlite cold start to STUDIOLO_READY on an empty DATA_DIR, and a warm reopen, RSS at ready (median of 3).
 *  b. HTTP load (autocannon, 50 connections, ~10 s per route) on PGlite: POST /user/login at the real scrypt
 *     cost, authenticated GET /user/getUser, and a bare Fastify process as the floor, side by side.
 *  c. The same on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (own database studiolo_bench).
 *  d. Codice fiscale validation against the npm packages codice-fiscale-js and @marketto/codice-fiscale-utils:
 *     agreement with the expected answers and checks per second (own file bench/results/codice-fiscale-peers.json).
 *  e. Patients (issue targets): a generated registry of 100,000 patients on PostgreSQL (when a URL is set) and
 *     10,000 on PGlite, served in this process; GET /v2/pazienti with 3-letter searches (common words and rare
 *     ones) at 20 connections against the service's searchPatients called directly on the same database handle
 *     (p50/p95/p99, ratio, CPU of the process, its event loop and PostgreSQL), the registry export's RSS growth,
 *     EXPLAIN of every query of a search with many matches and of one with few (own file
 *     bench/results/patients.json; see scenarios/patients.ts for its options).
 *  f. Calendar (issue 4 targets, PostgreSQL only): a generated studio with 200,000 events (a tenth recurring series)
 *     among 2,000,000 of 200 other studios, kept in its own database studiolo_bench_calendar between runs
 *     (BENCH_CALENDAR_REGENERATE=1 generates it again); GET /events for one week with every filter empty at 20
 *     connections with a browser's Accept-Encoding (ready answers in Brotli) against the service's listEvents (the
 *     uncached build) and listEventsAnswer (the cached path) called directly (p50/p95/p99, ratios, step-by-step time
 *     of one request, CPU profile, EXPLAIN of each query), the first answer after a write and the load while the
 *     studio writes every 1 s and every 100 ms, the events export of a year (about 100,000 events: RSS growth,
 *     time, CSV rows), DELETE /events/bulk of 10,000 events with the CSV backup mailed to a real SMTP server (time,
 *     mail and attachment checked; the rows are put back afterwards) (own file bench/results/calendar.json; see
 *     scenarios/calendar.ts for its options).
 *
 *  g. Invoices (issue 12 targets, PostgreSQL only): a studio with 100,000 documents among 200,000 of 50 other
 *     studios; GET /documento-contabile with six filters at 20 connections against listDocuments called directly,
 *     200 invoices created at once (consecutive numbers), the invoice PDF p50 and a cheap route's p99 alone and while
 *     20 PDFs are built, yearly and monthly stats, EXPLAIN of the list, count and stats statements (own file
 *     bench/results/invoices.json; see scenarios/invoices.ts for its options).
 *
 *  h. Electronic invoicing (issue 13 targets, PGlite in this process): one invoice's FatturaPA with every SDI check
 *     against @digitalia/fatturapa validating and building the same invoice (and what each writes), the ZIP of
 *     10,000 sent files (RSS growth), the import of 1,000 received files (own file bench/results/einvoicing.json).
 *
 * Writes bench/results/foundation.json and prints a summary. The parts measured in this run replace their own
 * entries in foundation.json; the other parts' figures stay as the earlier run left them (meta.parts says when
 * each part was measured).
 *  j. Financial analytics (issue 14 target, PostgreSQL only): a studio with 100,000 documents among 300,000; the
 *     summary and the monthly series of a year through HTTP against the same SQL replayed directly (p95, one client
 *     and 10 at once), with the tag filter and the revenue split for the record (own file bench/results/analytics.json).
 *
 *  l. Attachments (issue 16 target, PGlite and local disk in this process): the allegati-pazienti ZIP of 400 files
 *     of 1 MB generated on the fly (RSS growth while it streams), and the reduction of a 4000x3000 photo (own file
 *     bench/results/attachments.json).
 *
 *  k. Initial JavaScript per route (issue 17 item 11), from the built files (build apps/web first): the gzip size of
 *     the JS a route fetches before its first screen (entry, its layouts, its own chunk and their static imports);
 *     target under 200 kB (own file bench/results/web-bundle.json).
 *
 *  m. PAdES signature (issue 15 part 6 target): signPdf on a one-page consent, p50 and p95 under 150 ms, with the
 *     handwritten signature's placing and the verification timed apart (own file bench/results/signature.json).
 *
 *  n. Clinical record (issue 16 target, the diary part; PGlite in this process): a patient with 500 diary entries,
 *     20 evaluations and 60 questionnaires among 200 other patients' entries; the three reads of the patient page's
 *     clinical tabs as server time, p50/p95 of 30 calls; target under 300 ms (own file bench/results/clinical.json).
 *
 *  o. Form-template PDF (issue 15 part 3 targets): a filled one-page consent by buildFormTemplatePdf against a warm
 *     headless Chromium printing the same HTML, side by side over several rounds (medians), and a cheap route's p99
 *     alone and while 20 clients ask POST /form-template/{id}/pdf (own file bench/results/form-pdf.json).
 *
 * Options: --only=startup,pglite,postgres,codice-fiscale,patients,calendar,invoices,einvoicing,sistema-ts,attachments,analytics,web-bundle,signature,clinical,form-pdf (or BENCH_ONLY)   BENCH_DURATION_S (10)
 *          BENCH_CONNECTIONS (50, parts b and c)   BENCH_SCRYPT_COST_LOG2 (17, the server default)
 *          BENCH_LOGIN_DURATION_S (30)   --profile or BENCH_PROFILE=1: adds a CPU profile of the server under
 *          getUser load on PGlite
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyticsResultsFile, runAnalytics } from './scenarios/analytics.ts';
import { attachmentsResultsFile, runAttachments } from './scenarios/attachments.ts';
import {
  type CalendarPostgresResult,
  calendarConnections,
  calendarResultsFile,
  runCalendar,
} from './scenarios/calendar.ts';
import { clinicalResultsFile, runClinical } from './scenarios/clinical.ts';
import {
  codiceFiscalePeersResultsFile,
  runCodiceFiscalePeers,
  saveCodiceFiscalePeers,
} from './scenarios/codice-fiscale-peers.ts';
import { runColdStart } from './scenarios/cold-start.ts';
import { type DatabaseLoadResult, runDatabaseLoad } from './scenarios/database-load.ts';
import { einvoicingResultsFile, runEinvoicing } from './scenarios/einvoicing.ts';
import { formPdfResultsFile, runFormPdf } from './scenarios/form-pdf.ts';
import {
  type LoadFigures,
  type LoadOptions,
  load,
  type UnloadedFigures,
  unloadedLatency,
} from './scenarios/http-load.ts';
import { invoicesResultsFile, runInvoices } from './scenarios/invoices.ts';
import {
  type PatientsDatabaseResult,
  patientsConnections,
  patientsResultsFile,
  runPatients,
} from './scenarios/patients.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from './scenarios/postgres.ts';
import { profileGetUser } from './scenarios/profile.ts';
import { freePort, repoRoot, spawnUntilReady } from './scenarios/server-process.ts';
import { runSignature, signatureResultsFile } from './scenarios/signature.ts';
import { runSistemaTs, sistemaTsResultsFile } from './scenarios/sistema-ts.ts';
import { runWebBundle, webBundleResultsFile } from './scenarios/web-bundle.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'results', 'foundation.json');

const args = process.argv.slice(2);
// From the root, `npm run bench -- --flag` does not reach this script (the root script re-invokes npm): the env
// variables BENCH_ONLY and BENCH_PROFILE=1 do the same as --only= and --profile.
const only = (args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? process.env.BENCH_ONLY)?.split(',');
const profileWanted = args.includes('--profile') || process.env.BENCH_PROFILE === '1';
const wants = (part: string) => !only || only.includes(part);
const loadOptions: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupS: 2,
};
const scryptCostLog2 = Number(process.env.BENCH_SCRYPT_COST_LOG2 ?? 17);
/** Prints a line; an empty one (a route not measured on this database) is skipped. */
const log = (line: string) => {
  if (line !== '') console.log(line);
};

const startBare = async () => {
  const port = await freePort();
  return spawnUntilReady({
    args: [path.join(here, 'scenarios', 'bare-fastify.ts')],
    env: { PORT: String(port) },
    port,
    readyPattern: /BARE_READY/,
  });
};

const measureBare = async (baseUrl: string, label: string) => {
  log(`  bare Fastify GET /bare (${label}) …`);
  const target = { name: 'bare Fastify GET /bare', url: `${baseUrl}/bare` };
  const unloaded = await unloadedLatency(target);
  return { ...(await load(target, loadOptions)), unloaded };
};

const results: Record<string, unknown> = {
  meta: {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    note: 'Client (autocannon) and servers share the same machine and cores; each figure is one run after a 2 s warm-up. Other work on the machine skews the figures: see the load averages.',
    loadAverageAtStart: loadavg().map((v) => Math.round(v * 100) / 100),
    load: loadOptions,
  },
};

const targetMet: Record<string, boolean> = {};
/** The result keys each part writes (and so replaces in foundation.json), for meta.parts. */
const partKeys: Record<string, string> = {
  startup: 'startup',
  pglite: 'pglite',
  postgres: 'postgres',
  codiceFiscalePeers: 'codice-fiscale',
  profile: 'profile',
  patients: 'patients',
  calendar: 'calendar',
  invoices: 'invoices',
  einvoicing: 'einvoicing',
  attachments: 'attachments',
  sistemaTs: 'sistema-ts',
  analytics: 'analytics',
  webBundle: 'web-bundle',
  signature: 'signature',
  clinical: 'clinical',
  formPdf: 'form-pdf',
};
type ResultsFile = Record<string, unknown> & {
  meta?: Record<string, unknown> & { parts?: Record<string, unknown> };
  targetMet?: Record<string, boolean>;
};
const readPrevious = (): ResultsFile => {
  if (!existsSync(resultsFile)) return {};
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8')) as ResultsFile;
  } catch {
    return {};
  }
};
/**
 * Written after every part, so a failing later part keeps the figures already measured. Merges into the file:
 * a run of some parts (BENCH_ONLY=codice-fiscale) replaces those parts and their targets and keeps the rest.
 */
const save = () => {
  const meta = results.meta as Record<string, unknown>;
  meta.loadAverageAtEnd = loadavg().map((v) => Math.round(v * 100) / 100);
  const previous = readPrevious();
  // a file written before meta.parts existed: its parts were all measured by the run its meta describes
  const parts: Record<string, unknown> = previous.meta?.parts ?? {};
  if (!previous.meta?.parts && previous.meta) {
    for (const key of Object.keys(previous).filter((k) => k in partKeys)) {
      parts[key] = {
        date: previous.meta.date,
        load: previous.meta.load,
        loadAverageAtStart: previous.meta.loadAverageAtStart,
      };
    }
  }
  for (const key of Object.keys(results).filter((k) => k in partKeys)) {
    parts[key] = {
      date: meta.date,
      // the patients and calendar parts have their own load settings (their own results files' meta)
      load:
        key === 'patients'
          ? { connections: patientsConnections, durationS: loadOptions.durationS }
          : key === 'calendar'
            ? { connections: calendarConnections, durationS: loadOptions.durationS }
            : meta.load,
      loadAverageAtStart: meta.loadAverageAtStart,
    };
  }
  // a part measured again replaces all its targets (the patients part's names changed: no stale ones kept)
  const previousTargets = Object.fromEntries(
    Object.entries(previous.targetMet ?? {}).filter(
      ([k]) => !(results.patients && k.startsWith('patients')) && !(results.calendar && k.startsWith('calendar')),
    ),
  );
  const merged: ResultsFile = {
    ...previous,
    ...results,
    meta: { ...meta, parts },
    targetMet: { ...previousTargets, ...targetMet },
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(merged, null, 2)}\n`);
};
const bare = await startBare();
try {
  if (wants('startup')) {
    log('a. PGlite cold start and warm reopen (3 runs) …');
    const startup = await runColdStart(3, 3000);
    results.startup = startup;
    targetMet.coldStartUnder3s = startup.targetMet;
    save();
  }

  // The scrypt-bound login last: requests still queued when a run ends keep the server busy for seconds.
  const pgRoutes = ['config', 'health', 'getUser', 'loginCost10', 'login'] as const;
  if (wants('pglite')) {
    log('b. HTTP load on PGlite …');
    const floor = await measureBare(bare.baseUrl, 'floor for PGlite');
    const pglite = await runDatabaseLoad({
      database: 'pglite',
      scryptCostLog2,
      bareP50Ms: floor.p50Ms,
      bareAverageMs: floor.averageMs,
      bareUnloadedP50Ms: floor.unloaded.p50Ms,
      load: loadOptions,
      routes: pgRoutes,
      withInfoLogging: true,
      log,
    });
    results.pglite = { bare: floor, ...pglite };
    targetMet.pgliteGetUserWithin1_5xBare = pglite.authenticatedGetTarget.targetMet;
    save();
  }

  if (wants('postgres')) {
    const adminUrl = postgresUrlFromEnv();
    if (!adminUrl) {
      log('c. PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
      results.postgres = { skipped: 'BENCH_DATABASE_URL and TEST_DATABASE_URL are unset' };
    } else {
      log('c. HTTP load on PostgreSQL …');
      const databaseUrl = await prepareBenchDatabase(adminUrl);
      const floor = await measureBare(bare.baseUrl, 'floor for PostgreSQL');
      const postgres = await runDatabaseLoad({
        database: 'postgres',
        databaseUrl,
        scryptCostLog2,
        bareP50Ms: floor.p50Ms,
        bareAverageMs: floor.averageMs,
        bareUnloadedP50Ms: floor.unloaded.p50Ms,
        load: loadOptions,
        routes: ['health', 'getUser', 'loginCost10', 'login'],
        log,
      });
      const safeUrl = new URL(databaseUrl);
      safeUrl.password = '';
      results.postgres = {
        serverVersion: await postgresVersion(databaseUrl),
        databaseUrl: safeUrl.toString(),
        bare: floor,
        ...postgres,
      };
      targetMet.postgresGetUserWithin1_5xBare = postgres.authenticatedGetTarget.targetMet;
    }
    save();
  }

  if (wants('codice-fiscale')) {
    log('d. Codice fiscale: Studiolo and npm peers …');
    const peers = await runCodiceFiscalePeers({ log });
    saveCodiceFiscalePeers(peers);
    results.codiceFiscalePeers = {
      file: path.relative(repoRoot, codiceFiscalePeersResultsFile),
      checksPerSecond: Object.fromEntries(peers.implementations.map((i) => [i.name, i.checksPerSecond])),
      agreementPercent: Object.fromEntries(peers.implementations.map((i) => [i.name, i.agreementPercent])),
    };
    targetMet.codiceFiscaleRightAndAtLeastAsFastAsPeers = peers.targetMet;
    save();
  }

  if (wants('patients')) {
    log('e. Patients: search and export on a generated registry …');
    const patients = await runPatients({ log });
    const headline = (r: PatientsDatabaseResult | object | null) =>
      r && 'search' in r
        ? {
            patients: r.dataset.patients,
            ...Object.fromEntries(
              (['common', 'rare'] as const).map((k) => [
                `${k}Words`,
                {
                  httpP95Ms: r.search[k].http.p95Ms,
                  directP95Ms: r.search[k].direct.p95Ms,
                  p95Ratio: r.search[k].p95Ratio,
                },
              ]),
            ),
            exportRssGrowthMb: r.export.runs.map((run) => run.rssGrowthMb),
          }
        : r;
    results.patients = {
      file: path.relative(repoRoot, patientsResultsFile),
      postgres: headline(patients.postgres),
      pglite: headline(patients.pglite),
    };
    for (const [k, v] of Object.entries(patients.targetMet)) {
      targetMet[`patients${k.charAt(0).toUpperCase()}${k.slice(1)}`] = v;
    }
    save();
  }

  if (wants('calendar')) {
    log('f. Calendar: GET /events, export and bulk delete on a generated studio …');
    const calendar = await runCalendar({ log });
    const r = calendar.postgres;
    results.calendar = {
      file: path.relative(repoRoot, calendarResultsFile),
      postgres:
        'list' in r
          ? {
              studioEvents: r.dataset.rows.studioEvents,
              eventsInTable: r.dataset.rows.events,
              weekEvents: r.list.headline.events,
              weekJsonBytes: r.list.headline.answerBytes,
              weekWireBytes: r.list.headline.wireBytes,
              weekWireEncoding: r.list.headline.wireEncoding,
              weekGzipBytes: r.list.headline.gzipBytes,
              weekHttpP95Ms: r.list.headline.http.p95Ms,
              weekDirectP95Ms: r.list.headline.direct.p95Ms,
              weekP95Ratio: r.list.headline.p95Ratio,
              weekDirectReadyP95Ms: r.list.headline.directReady.p95Ms,
              weekP95RatioToDirectReady: r.list.headline.p95RatioToDirectReady,
              weekFirstAnswerAfterWriteP95Ms: r.list.afterWrite.http.p95Ms,
              weekWhileWritingP95Ms: Object.fromEntries(
                r.list.whileWrites.map((w) => [`every${w.intervalMs}ms`, w.http.p95Ms]),
              ),
              exportEvents: r.export.events,
              exportRssGrowthMb: r.export.runs.map((run) => run.rssGrowthMb),
              bulkDeleteEvents: r.bulkDelete?.deletedCount ?? null,
              bulkDeleteSeconds: r.bulkDelete?.seconds ?? null,
            }
          : r,
    };
    Object.assign(targetMet, calendar.targetMet);
    save();
  }

  if (wants('invoices')) {
    log('g. Invoices: lists, concurrent numbering, PDF and stats on a generated archive …');
    const invoices = await runInvoices({ log });
    if (invoices) {
      results.invoices = {
        file: path.relative(repoRoot, invoicesResultsFile),
        documentsInTable: invoices.dataset.documentsInTable,
        listHttpP95Ms: Object.fromEntries(Object.entries(invoices.lists).map(([k, v]) => [k, v.http.p95Ms])),
        concurrentCreation: invoices.concurrentCreation,
        pdfP50Ms: invoices.pdf.sequential.p50Ms,
        cheapRouteP99Ms: {
          alone: invoices.pdf.cheapRouteAlone.cheap.p99Ms,
          while20Pdfs: invoices.pdf.cheapRouteWhile20Pdfs.cheap.p99Ms,
        },
        yearStatsP95Ms: invoices.stats.year.p95Ms,
      };
      for (const [k, v] of Object.entries(invoices.targets))
        targetMet[`invoices${k.charAt(0).toUpperCase()}${k.slice(1)}`] = v;
    }
    save();
  }

  if (wants('einvoicing')) {
    log('h. Electronic invoicing: XML with the SDI checks, ZIP of 10,000 files, import of 1,000 received …');
    const e = await runEinvoicing({ log });
    results.einvoicing = {
      file: path.relative(repoRoot, einvoicingResultsFile),
      xmlP50Ms: e.xml.studiolo.p50Ms,
      digitaliaP50Ms: e.xml.digitalia.p50Ms,
      zipRssGrowthMb: e.zip.rssGrowthMb,
      zipMs: e.zip.ms,
      import1000Ms: e.received.ms,
    };
    for (const [k, v] of Object.entries(e.targets))
      targetMet[`einvoicing${k.charAt(0).toUpperCase()}${k.slice(1)}`] = v;
    save();
  }

  if (wants('attachments')) {
    log('l. Attachments: ZIP export of 400 MB of files with flat memory, reduction of a large photo …');
    const a = await runAttachments({ log });
    results.attachments = {
      file: path.relative(repoRoot, attachmentsResultsFile),
      zipFiles: a.zip.files,
      zipDataMb: a.zip.dataMb,
      zipRssGrowthMb: a.zip.rssGrowthMb,
      zipMs: a.zip.ms,
      list200P95Ms: a.list.p95Ms,
      photoReductionMs: a.compression.ms,
    };
    for (const [k, v] of Object.entries(a.targets))
      targetMet[`attachments${k.charAt(0).toUpperCase()}${k.slice(1)}`] = v;
    save();
  }

  if (wants('sistema-ts')) {
    log('i. Sistema TS: 10,000 health-expense records built, checked and written …');
    const ts = await runSistemaTs({ log });
    results.sistemaTs = {
      file: path.relative(repoRoot, sistemaTsResultsFile),
      records: ts.records,
      buildAndCheckMs: ts.buildAndCheckMs,
      xsdValid: ts.xsd.valid,
    };
    targetMet.sistemaTsBuild10000Under2s = ts.targets.build10000Under2s;
    save();
  }

  if (wants('analytics')) {
    log('j. Analytics: summary and monthly series of a studio with 100,000 documents, against the same SQL …');
    const a = await runAnalytics({ log });
    if (a) {
      results.analytics = {
        file: path.relative(repoRoot, analyticsResultsFile),
        documentsInTable: a.dataset.documentsInTable,
        studioInvoicesInRange: a.dataset.studioInvoicesInRange,
        p95Ms: Object.fromEntries(
          Object.entries(a.figures).map(([k, f]) => [
            k,
            {
              httpOneClient: f.sequential.http.p95Ms,
              sqlOneClient: f.sequential.direct.p95Ms,
              http10: f.concurrent10.http.p95Ms,
              sql10: f.concurrent10.direct.p95Ms,
            },
          ]),
        ),
      };
      for (const [k, v] of Object.entries(a.targets))
        targetMet[`analytics${k.charAt(0).toUpperCase()}${k.slice(1)}`] = v;
    }
    save();
  }

  if (wants('clinical')) {
    log('l. Clinical record: a patient with 500 diary entries, the clinical tabs’ reads …');
    const c = await runClinical({ log });
    results.clinical = {
      file: path.relative(repoRoot, clinicalResultsFile),
      diary500P95Ms: c.figures.diari.p95Ms,
      evaluationsP95Ms: c.figures.valutazioni.p95Ms,
      outcomesP95Ms: c.figures.misureEsito.p95Ms,
    };
    targetMet.clinicalDiary500Under300ms = c.targets.diary500Under300ms;
    save();
  }

  if (wants('web-bundle')) {
    log('k. Initial JavaScript per route, gzip, from apps/web/dist …');
    const w = runWebBundle({ log });
    if (w) {
      results.webBundle = {
        file: path.relative(repoRoot, webBundleResultsFile),
        entryKb: w.entryKb,
        largestRoute: w.largestRoute,
        routesOver200kB: w.routes.filter((r) => !r.underTarget).length,
      };
      targetMet.webInitialJsUnder200kB = w.targets.initialJsUnder200kB;
      targetMet.webBeforeSignInUnder200kB = w.targets.beforeSignInUnder200kB;
    }
    save();
  }

  if (wants('signature')) {
    log('l. PAdES signature of a one-page consent …');
    const s = await runSignature({ log });
    results.signature = {
      file: path.relative(repoRoot, signatureResultsFile),
      signP50Ms: s.signPdf.p50Ms,
      signP95Ms: s.signPdf.p95Ms,
      verifyP50Ms: s.verifySignedPdf.p50Ms,
      signedFileIntact: s.signedFileIntact,
    };
    targetMet.signatureSignUnder150ms = s.targets.signUnder150ms;
    save();
  }

  if (wants('form-pdf')) {
    log('m. Form-template PDF against a warm Chromium, and the API while form PDFs are built …');
    const f = await runFormPdf({ log });
    results.formPdf = {
      file: path.relative(repoRoot, formPdfResultsFile),
      generatorP50Ms: f.sideBySide.generator.medianP50Ms,
      generatorP95Ms: f.sideBySide.generator.medianP95Ms,
      chromiumP50Ms: f.sideBySide.chromium.medianP50Ms,
      chromiumP95Ms: f.sideBySide.chromium.medianP95Ms,
      cheapRouteP99Ms: { alone: f.api.cheapP99AloneMedianMs, whilePdfs: f.api.cheapP99WhilePdfsMedianMs },
    };
    targetMet.formPdfAtLeastAsFastAsChromium = f.targets.generatorAtLeastAsFastAsChromium;
    targetMet.formPdfApiP99FlatWhilePdfs = f.targets.apiP99FlatWhilePdfs;
    save();
  }

  if (profileWanted) {
    log('profile: CPU profile of GET /user/getUser on PGlite …');
    try {
      results.profile = await profileGetUser({ load: loadOptions, outDir: path.join(here, 'results', 'profiles') });
    } catch (err) {
      results.profile = { failed: err instanceof Error ? err.message : String(err) };
      log(`  profile failed: ${String(err)}`);
    }
  }
} finally {
  await bare.stop();
}

save();

// ---------- summary ----------
const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${v} ms`);
const row = (label: string, f: LoadFigures | undefined, u?: UnloadedFigures) =>
  f
    ? `    ${label.padEnd(40)} p50 ${ms(f.p50Ms).padStart(8)}  p99 ${ms(f.p99Ms).padStart(8)}  ${String(f.requestsPerSec).padStart(8)} req/s` +
      (u ? `   | 1 at a time: p50 ${ms(u.p50Ms)}, p99 ${ms(u.p99Ms)}` : '') +
      (f.non2xx || f.errors ? `  (non-2xx ${f.non2xx}, errors ${f.errors}, timeouts ${f.timeouts})` : '')
    : '';
console.log('');
log(`Studiolo foundation benchmarks — ${path.relative(repoRoot, resultsFile)}`);
const startup = results.startup as Awaited<ReturnType<typeof runColdStart>> | undefined;
if (startup) {
  log(`  start to ready on PGlite (median of ${startup.runs}, fresh DATA_DIR, SEED_DEMO=false):`);
  log(
    `    cold (from the build's template) ${ms(startup.cold.medianReadyMs)} (server-reported ${ms(startup.cold.medianReportedMs)}), RSS ${startup.cold.medianRssMb} MB — target < ${startup.targetMs} ms: ${startup.targetMet ? 'met' : 'MISSED'}`,
  );
  log(
    `    cold without template (initdb + migrations) ${ms(startup.coldWithoutTemplate.medianReadyMs)} (server-reported ${ms(startup.coldWithoutTemplate.medianReportedMs)}), RSS ${startup.coldWithoutTemplate.medianRssMb} MB`,
  );
  log(
    `    warm reopen                ${ms(startup.warmReopen.medianReadyMs)} (server-reported ${ms(startup.warmReopen.medianReportedMs)}), RSS ${startup.warmReopen.medianRssMb} MB`,
  );
}
for (const key of ['pglite', 'postgres'] as const) {
  const r = results[key] as
    | (DatabaseLoadResult & {
        bare: LoadFigures & { unloaded: UnloadedFigures };
        infoLogging?: LoadFigures & { unloaded: UnloadedFigures };
        skipped?: string;
      })
    | undefined;
  if (!r) continue;
  if (r.skipped) {
    log(`  ${key}: skipped (${r.skipped})`);
    continue;
  }
  log(
    `  HTTP load on ${key}, ${loadOptions.connections} connections × ${loadOptions.durationS} s, LOG_LEVEL=warn, SCRYPT_COST_LOG2=${r.scryptCostLog2} for login:`,
  );
  log(row('bare Fastify GET (floor)', r.bare, r.bare.unloaded));
  log(row('GET /config (app hooks, no query)', r.routes.config, r.unloaded.config));
  log(row('GET /health (select 1)', r.routes.health, r.unloaded.health));
  log(row('GET /user/getUser (authenticated)', r.routes.getUser, r.unloaded.getUser));
  if (r.infoLogging) log(row('GET /user/getUser with LOG_LEVEL=info', r.infoLogging, r.infoLogging.unloaded));
  log(row(`POST /user/login (scrypt 2^${r.scryptCostLog2})`, r.routes.login));
  log(row('POST /user/login (user hashed at 2^10)', r.routes.loginCost10));
  const t = r.authenticatedGetTarget;
  log(
    `    getUser p50 / bare p50 at ${loadOptions.connections} connections = ${t.ratio}× (means ${t.ratioOfMeans}×; one at a time ${t.unloaded.ratio}×), target ≤ ${t.factor}×: ${t.targetMet ? 'met' : 'MISSED'}`,
  );
}
const cfPeers = results.codiceFiscalePeers as
  | { file: string; checksPerSecond: Record<string, number>; agreementPercent: Record<string, number> }
  | undefined;
if (cfPeers) {
  log(`  codice fiscale (${cfPeers.file}):`);
  for (const [name, perSecond] of Object.entries(cfPeers.checksPerSecond)) {
    log(
      `    ${name.padEnd(64)} agreement ${String(cfPeers.agreementPercent[name]).padStart(5)} %  ${perSecond.toLocaleString('en-US').padStart(12)} checks/s`,
    );
  }
}
const patientsSummary = results.patients as { file: string; postgres: unknown; pglite: unknown } | undefined;
if (patientsSummary) {
  log(`  patients (${patientsSummary.file}):`);
  const full = JSON.parse(readFileSync(patientsResultsFile, 'utf8')) as Record<string, unknown>;
  for (const key of ['postgres', 'pglite'] as const) {
    const r = full[key] as (PatientsDatabaseResult & { skipped?: string; failed?: string }) | null;
    if (!r || r.skipped || r.failed) {
      log(`    ${key}: ${r?.skipped ? `skipped (${r.skipped})` : `FAILED ${r?.failed?.split('\n')[0] ?? ''}`}`);
      continue;
    }
    const d = r.dataset;
    const f = (l: { p50Ms: number; p95Ms: number; p99Ms: number; requestsPerSec: number }) =>
      `p50 ${ms(l.p50Ms).padStart(9)}  p95 ${ms(l.p95Ms).padStart(9)}  p99 ${ms(l.p99Ms).padStart(9)}  ${String(l.requestsPerSec).padStart(7)} /s`;
    log(
      `    ${key} ${r.serverVersion}: ${d.patients.toLocaleString('en-US')} patients (+ ${d.otherStudiosPatients.toLocaleString('en-US')} in ${d.otherStudios} other studios) loaded in ${d.loadSeconds} s (${d.insertRowsPerSec.toLocaleString('en-US')} rows/s inserted)`,
    );
    for (const kind of ['common', 'rare'] as const) {
      const s = r.search[kind];
      const matches = Object.entries(s.matchesPerWord)
        .map(([w, m]) => `${w} ${m.answered}`)
        .join(', ');
      log(
        `      3-letter search, ${kind} words (${matches}), ${s.http.concurrency} connections × ${s.http.durationS} s:`,
      );
      log(`        GET /v2/pazienti                  ${f(s.http)}`);
      log(`        searchPatients (direct)           ${f(s.direct)}`);
      log(
        `        one at a time: HTTP p50 ${ms(s.oneAtATime.http.p50Ms)} p95 ${ms(s.oneAtATime.http.p95Ms)}, direct p50 ${ms(s.oneAtATime.direct.p50Ms)} p95 ${ms(s.oneAtATime.direct.p95Ms)}`,
      );
      if (s.targets.httpFailedRequests > 0) {
        log(`        HTTP failed requests: ${JSON.stringify(s.http.errorsByMessage)}`);
      }
      const cpu = (c: typeof s.direct) =>
        `process ${c.processCpuPercent} %, main thread ${c.mainThreadCpuPercent ?? '–'} % (ELU ${c.eventLoopUtilization}), PostgreSQL ${c.postgresCpuPercent ?? '–'} %, machine ${c.machineCpuPercent ?? '–'} %`;
      log(`        CPU (% of one core) under HTTP load: ${cpu(s.http)}`);
      log(`        CPU (% of one core) under direct load: ${cpu(s.direct)}`);
      log(
        `        server event loop under HTTP load: mean delay ${ms(s.http.serverEventLoop.meanDelayMs)}, p99 ${ms(s.http.serverEventLoop.p99DelayMs)}, max ${ms(s.http.serverEventLoop.maxDelayMs)}`,
      );
      if (s.mainThreadProfile) {
        log(
          `        server main thread, self time: ${s.mainThreadProfile.topCategories
            .slice(0, 8)
            .map((c) => `${c.category} ${c.percent} %`)
            .join(', ')}`,
        );
      }
      log(
        `        HTTP p95 < ${s.targets.httpP95UnderMs} ms: ${s.targets.httpP95Met ? 'met' : 'MISSED'};  HTTP p95 / direct p95 = ${s.p95Ratio}× ≤ ${s.targets.maxRatio}×: ${s.targets.ratioMet ? 'met' : 'MISSED'}`,
      );
      // informative, older results files lack it
      const notHeld = kind === 'common' ? r.search.commonRowsNotHeld : undefined;
      if (notHeld) {
        log(
          `        no page's patients held (informative): HTTP p50 ${ms(notHeld.http.p50Ms)} p95 ${ms(notHeld.http.p95Ms)}, direct p50 ${ms(notHeld.direct.p50Ms)} p95 ${ms(notHeld.direct.p95Ms)}`,
        );
      }
    }
    const executionMs = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
    for (const e of [r.explain.many, r.explain.few]) {
      log(
        `      EXPLAIN ANALYZE "${e.word}" (${e.matches} matches): ${e.queries.map((q, i) => `query ${i + 1} ${executionMs(q.plan)} ms`).join(', ')}`,
      );
    }
    const h = r.explain.httpRequest;
    log(
      `      one GET /v2/pazienti sends ${h.total} queries: ${h.service} of the direct path (auth context and service) and ${h.others.length} of the route's own (${h.others.map((q) => `${executionMs(q.plan)} ms`).join(', ')})`,
    );
    if (!r.search.pageOrderAgreesWithDatabase) {
      log(`      the service's first pages differ from the database's order (collation ${d.collation})`);
    }
    log(
      `      export batches, queries only: ${r.export.keysetWalk.seconds} s (${r.export.keysetWalk.batches} batches of 1,000)`,
    );
    for (const [i, run] of r.export.runs.entries()) {
      log(
        `      export run ${i + 1}: ${run.lines.toLocaleString('en-US')} lines, ${(run.bytes / 2 ** 20).toFixed(1)} MB in ${run.seconds} s; RSS ${run.rssBeforeMb} → peak ${run.rssPeakMb} MB (+${run.rssGrowthMb} MB); at 10/25/50/75/100 % of rows ${Object.values(run.rssAtProgressMb).join(' / ')} MB`,
      );
    }
    log(`      export RSS growth < ${r.export.targetGrowthMb} MB: ${r.export.met ? 'met' : 'MISSED'}`);
  }
}
type LoadFiguresLike = { p50Ms: number; p95Ms: number; p99Ms: number; requestsPerSec: number };
const calendarSummary = results.calendar as { file: string } | undefined;
if (calendarSummary) {
  log(`  calendar (${calendarSummary.file}):`);
  const full = JSON.parse(readFileSync(calendarResultsFile, 'utf8')) as { postgres: Record<string, unknown> };
  const r = full.postgres as CalendarPostgresResult & { skipped?: string; failed?: string };
  if (r.skipped || r.failed) {
    log(`    postgres: ${r.skipped ? `skipped (${r.skipped})` : `FAILED ${r.failed?.split('\n')[0] ?? ''}`}`);
  } else {
    const d = r.dataset;
    log(
      `    postgres ${r.serverVersion}: ${d.rows.studioEvents.toLocaleString('en-US')} events in the studio (${d.rows.studioSeries.toLocaleString('en-US')} series, ${d.rows.studioExceptions.toLocaleString('en-US')} exceptions), ${d.rows.events.toLocaleString('en-US')} in the table; ${d.reused ? `kept from ${d.generatedAt}` : `generated in ${d.load.totalSeconds} s`}`,
    );
    const f = (l: LoadFiguresLike) =>
      `p50 ${ms(l.p50Ms).padStart(10)}  p95 ${ms(l.p95Ms).padStart(10)}  p99 ${ms(l.p99Ms).padStart(10)}  ${String(l.requestsPerSec).padStart(7)} /s`;
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
    for (const load of [r.list.headline, r.list.oneStaffMember]) {
      // a results file written before the answers were kept in Brotli too has neither: gzip on the wire then
      const { wireEncoding: encoding = 'gzip', gzipBytes } = load as Partial<typeof load>;
      log(
        `      ${load.label}: ${load.events} events (${load.rows.appointments} appointments, ${load.rows.occurrences} occurrences of ${load.rows.series} series), ${kB(load.answerBytes)} of JSON, ${kB(load.wireBytes)} in ${encoding} on a browser's wire${gzipBytes === undefined ? '' : ` (${kB(gzipBytes)} in gzip)`}, ${load.http.concurrency} connections × ${load.http.durationS} s:`,
      );
      log(`        ${`GET /events (${encoding}, hot)`.padEnd(34)}${f(load.http)}`);
      log(`        listEvents (direct, uncached)     ${f(load.direct)}`);
      log(`        listEventsAnswer (direct, cached) ${f(load.directReady)}`);
      log(
        `        one at a time: HTTP p50 ${ms(load.oneAtATime.http.p50Ms)}, listEvents p50 ${ms(load.oneAtATime.direct.p50Ms)}, listEventsAnswer p50 ${ms(load.oneAtATime.directReady.p50Ms)}; p95 ratio to listEvents ${load.p95Ratio}×, to listEventsAnswer ${load.p95RatioToDirectReady}×; CPU: process ${load.http.processCpuPercent} %, PostgreSQL ${load.http.postgresCpuPercent ?? '–'} %, machine ${load.http.machineCpuPercent ?? '–'} %`,
      );
      if (load.targets) {
        log(
          `        HTTP p95 < ${load.targets.p95UnderMs} ms: ${load.targets.p95Met ? 'met' : 'MISSED'};  HTTP p95 / listEvents p95 ≤ ${load.targets.maxRatio}×: ${load.targets.ratioMet ? 'met' : 'MISSED'} (/ listEventsAnswer p95, informative: ${load.targets.ratioToDirectReadyMet ? 'met' : 'missed'})`,
        );
      }
      for (const profile of load.profiles) {
        log(`        ${profile.note}`);
        log(
          `          by area: ${profile.topCategories
            .slice(0, 8)
            .map((c) => `${c.category} ${c.percent} %`)
            .join(', ')}`,
        );
        log(
          `          by function: ${profile.topFunctions
            .slice(0, 6)
            .map((c) => `${c.function} ${c.percent} %`)
            .join(', ')}`,
        );
      }
    }
    const aw = r.list.afterWrite;
    log(
      `      first answer after a write (${aw.http.runs} × one UPDATE of an appointment of the week, then one GET): HTTP p50 ${ms(aw.http.p50Ms)}, p95 ${ms(aw.http.p95Ms)}, max ${ms(aw.http.maxMs)}; the next GET p50 ${ms(aw.httpHotAfter.p50Ms)}; listEventsAnswer after a write p50 ${ms(aw.directReady.p50Ms)}, p95 ${ms(aw.directReady.p95Ms)}; ${aw.builds} builds; ${aw.answersShowTheWrite ? 'every answer showed its write' : 'SOME ANSWERS DID NOT SHOW THEIR WRITE'}`,
    );
    for (const w of r.list.whileWrites) {
      log(
        `      GET /events while an event of the week changes every ${w.intervalMs} ms: ${f(w.http)}; ${w.writes} writes (${w.writesPerSecond} /s), ${w.builds} answers built, version moved ${w.versionMoves}${w.http.errors ? `; ${w.http.errors} failed` : ''}`,
      );
    }
    const b = r.list.breakdown;
    // a results file written before the answers were kept in Brotli too has gzip alone as the rebuild's last step
    const { brotliMs, compressMs } = b as Partial<typeof b>;
    log(
      `      one request, one at a time (medians): SQL ${ms(b.sqlMs)} (driver alone ${ms(b.driverMs)}), recurrence ${ms(b.recurrenceMs)}, mapping and sort ${ms(b.mappingAndSortMs)} (listEvents ${ms(b.listEventsMs)}); JSON.stringify ${ms(b.stringifyMs)}, ${compressMs === undefined ? `gzip ${ms(b.gzipMs)}` : `gzip ${ms(b.gzipMs)}, Brotli ${ms(brotliMs)}, both at once ${ms(compressMs)}`}: a rebuild ${ms(b.rebuildMs)}; hot: version query ${ms(b.answerVersionMs)}, listEventsAnswer ${ms(b.listEventsAnswerMs)}, rest of the request ${ms(b.hotRequestRestMs)}; HTTP ${ms(b.httpMs)} (former zod serializer ${ms(b.serializeMs)})`,
    );
    const w = r.list.recurrenceWhatIf;
    log(
      `      recurrence what-if (bench only: presets by arithmetic, EU clock rule): ${w.series} series of 4 weeks, occurrences ${w.identical ? 'identical' : 'DIFFERENT'}; ${ms(w.domainMs)} → ${ms(w.prototypeMs)}; toRomeWall ${w.toRomeWallNs.domain} → ${w.toRomeWallNs.prototype} ns a call`,
    );
    const exec = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
    log(
      `      EXPLAIN ANALYZE: measured week ${r.list.explain.measuredWeek.map((x, i) => `query ${i + 1} ${exec(x.plan)} ms`).join(', ')}; mid-2025 week (${r.list.explain.midWeekEvents} events) ${r.list.explain.midWeek.map((x, i) => `query ${i + 1} ${exec(x.plan)} ms`).join(', ')}; the route's own ${r.list.explain.routeOwnQueries.map((x) => `${exec(x.plan)} ms`).join(', ')}`,
    );
    log(
      `      join trial (measured week, hash joins off): ${r.list.joinTrial.map((j) => `query ${j.query} ${j.planned.topNode} ${j.planned.executionMs} ms → ${j.withoutHashJoin.topNode} ${j.withoutHashJoin.executionMs} ms`).join(', ')}`,
    );
    const ix = r.list.indexExperiment;
    if (ix) {
      log(
        `      index trial (${ix.index}): series query ${ix.weeks.map((w) => `${w.week} ${w.before.executionMs} → ${w.after.executionMs} ms`).join(', ')}; listEvents ${ix.listEventsMs.before} → ${ix.listEventsMs.after} ms`,
      );
    }
    log(
      `      export ${r.export.range.start}…${r.export.range.end}: ${r.export.events.toLocaleString('en-US')} events (≥ 100,000: ${r.export.eventsMet ? 'met' : 'MISSED'}); listing alone ${r.export.listingSeconds} s`,
    );
    for (const [i, run] of r.export.runs.entries()) {
      log(
        `      export run ${i + 1}: ${run.lines.toLocaleString('en-US')} lines, ${(run.bytes / 2 ** 20).toFixed(1)} MB in ${run.seconds} s; RSS ${run.rssBeforeMb} → peak ${run.rssPeakMb} MB (+${run.rssGrowthMb} MB); at 10/25/50/75/100 % ${Object.values(run.rssAtProgressMb).join(' / ')} MB`,
      );
    }
    log(`      export RSS growth < 100 MB: ${r.export.rssMet ? 'met' : 'MISSED'}`);
    const bd = r.bulkDelete;
    if (!bd) log('      bulk delete left out (BENCH_CALENDAR_BULK_DELETE=0)');
    else
      log(
        `      bulk delete ${bd.range.start}…${bd.range.end}: ${bd.deletedCount.toLocaleString('en-US')} events in ${bd.seconds} s (status ${bd.status}; listing ${bd.stepsMs.listMs} ms, CSV ${bd.stepsMs.csvMs} ms on their own); mail to ${bd.mail.to.join(', ')} ${bd.mail.arrived ? 'arrived' : 'MISSING'} with ${bd.mail.attachment} (${bd.mail.csvRows.toLocaleString('en-US')} rows, ids ${bd.mail.idsMatchDeleted ? 'equal to' : 'DIFFERENT from'} the deleted); under 5 s: ${bd.met ? 'met' : 'MISSED'}`,
      );
  }
}
const profile = results.profile as { topCategories?: { category: string; percent: number }[] } | undefined;
if (profile?.topCategories) {
  log('  CPU profile of the server under getUser load (self time by area):');
  for (const c of profile.topCategories.slice(0, 12)) log(`    ${c.category.padEnd(44)} ${c.percent.toFixed(1)} %`);
}
const meta = results.meta as { cores: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
log(
  `  load average (1, 5, 15 min) at start ${meta.loadAverageAtStart.join(' ')}, at end ${meta.loadAverageAtEnd.join(' ')} on ${meta.cores} cores`,
);
log(`  targets: ${JSON.stringify(targetMet)}`);
