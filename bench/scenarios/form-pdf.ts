/**
 * Form-template PDFs (issue 15 part 3 targets), three figures:
 *  a. a filled one-page consent built by buildFormTemplatePdf (the function the API's worker pool runs) from the
 *     template and a patient's values, as the API hands them over, five patients in turn, sequential and warm on this
 *     thread; and the same through a one-worker createPdfPool (what a request waits for);
 *  b. side by side in the same rounds, a warm headless Chromium (/usr/bin/chromium through playwright-core, one page
 *     reused) printing the same filled HTML: page.setContent(html) + page.pdf({ format: 'A4' }) with the same margins
 *     (40/40/40/80 pt) and the same footer (date, signature line, "Pagina x di y") as a footer template;
 *  c. the app as `npm start` runs it (PGlite, or PostgreSQL with BENCH_DATABASE_URL; its real worker pool) answering a
 *     cheap route alone, and while 20 clients ask POST /form-template/{id}/pdf for a patient: the cheap route's p99
 *     (the server's event-loop delay, measured in process before issue 27, is not visible from outside). PGlite runs
 *     every query on the API's own thread, PostgreSQL in its own processes.
 * The machine is shared: (a) and (b) alternate over several rounds and the medians of the rounds' p50 and p95 are
 * reported; (c) alternates alone / with PDFs over two rounds. The load average is recorded at each step.
 * Part `form-pdf` of `npm run bench` (BENCH_ONLY=form-pdf); writes bench/results/form-pdf.json.
 * Options: BENCH_FORM_PDF_ROUNDS (5)   BENCH_FORM_PDF_RUNS (40 a side a round)   BENCH_DURATION_S (8 here)
 *          BENCH_DATABASE_URL (none: PGlite; a PostgreSQL database the bench may migrate, e.g. an empty "bench")
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { buildFormTemplatePdf, createPdfPool } from '@studiolo/documents';
import { type FormTemplateValues, fillTokens } from '@studiolo/domain/forms';
import { chromium } from 'playwright-core';
import { apiOf, createOwner, patientBody, startApp } from '../harness/app.ts';
import { type LatencyFigures, percentileOf } from '../harness/closed-loop.ts';
import { quick, resultsFileOf } from '../harness/results.ts';
import type { InvoicesLoadInput } from './invoices-load-worker.ts';

const rounds = Number(process.env.BENCH_FORM_PDF_ROUNDS ?? (quick ? 1 : 5));
const runs = Number(process.env.BENCH_FORM_PDF_RUNS ?? (quick ? 5 : 40));
const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 2 : 8));
const pdfClients = 20;
const round2 = (v: number) => Math.round(v * 100) / 100;
const load = () => loadavg().map(round2);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return round2(s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2);
};

/** A realistic one-page informed consent, with the tokens a studio puts in it. */
export const consentTemplate = `<h2>Consenso informato al trattamento fisioterapico</h2>
<p>Io sottoscritto/a <strong>{{paziente.nomeCompleto}}</strong>, codice fiscale {{paziente.codiceFiscale}}, nato/a a {{paziente.comuneNascita}} ({{paziente.provinciaNascita}}) il {{paziente.dataNascita}}, residente in {{paziente.indirizzo}}, {{paziente.cap}} {{paziente.comune}} ({{paziente.provincia}}),</p>
<h3>dichiaro</h3>
<ul><li>di essere stato/a informato/a in modo chiaro e comprensibile da <em>{{studio.nome}}</em> ({{studio.professione}}) sulla natura del trattamento proposto, sui benefici attesi e sui possibili rischi;</li><li>di aver potuto porre domande e di aver ricevuto risposte soddisfacenti;</li><li>di sapere che posso revocare il consenso in qualsiasi momento, senza conseguenze sulle cure future;</li><li>di aver comunicato in modo veritiero le mie condizioni di salute, i farmaci che assumo e le eventuali allergie.</li></ul>
<p style="text-align:justify">Il trattamento consiste in terapia manuale, esercizio terapeutico e, se indicato, terapie fisiche strumentali (tecarterapia, ultrasuoni, laser). Possibili effetti indesiderati, rari e transitori, sono indolenzimento muscolare, arrossamento cutaneo e affaticamento. In caso di dubbi o di comparsa di sintomi insoliti mi impegno a informare tempestivamente il professionista.</p>
<p style="text-align:justify">Sono consapevole che il risultato del trattamento dipende anche dalla mia collaborazione e dal rispetto delle indicazioni ricevute per l'esercizio a domicilio.</p>
<table><thead><tr><th>Sedute</th><th>Trattamento</th><th>Durata</th></tr></thead><tbody><tr><td>1–3</td><td>Valutazione e terapia manuale</td><td>45 minuti</td></tr><tr><td>4–8</td><td>Esercizio terapeutico</td><td>45 minuti</td></tr></tbody></table>
<h3>acconsento</h3>
<p>al trattamento proposto e al trattamento dei miei dati personali e relativi alla salute ai sensi del Regolamento (UE) 2016/679, secondo l'informativa ricevuta dallo studio {{studio.nome}}, {{studio.indirizzo}}, {{studio.comune}}. Data: {{data.oggi}}.</p>`;

const today = '25-11-2026';
const mario: FormTemplateValues = {
  'paziente.nomeCompleto': 'Mario Rossi',
  'paziente.codiceFiscale': 'RSSMRA85T10D704Z',
  'paziente.comuneNascita': 'Forlì',
  'paziente.provinciaNascita': 'FC',
  'paziente.dataNascita': '10-12-1985',
  'paziente.indirizzo': 'Via Roma 12',
  'paziente.cap': '47121',
  'paziente.comune': 'Forlì',
  'paziente.provincia': 'FC',
  'studio.nome': 'Studio Fisioterapico Bianchi',
  'studio.professione': 'Fisioterapista',
  'studio.indirizzo': 'Via Garibaldi 3',
  'studio.comune': 'Forlì',
  'data.oggi': today,
};
/** Five patients in turn: every document is filled with other values, as when a studio prints for patient after patient. */
const patients: FormTemplateValues[] = [
  mario,
  {
    ...mario,
    'paziente.nomeCompleto': 'Laura Bianchi',
    'paziente.codiceFiscale': 'BNCLRA90A41H199Q',
    'paziente.comune': 'Ravenna',
    'paziente.provincia': 'RA',
  },
  {
    ...mario,
    'paziente.nomeCompleto': 'Giuseppe Colombo',
    'paziente.dataNascita': '02-03-1951',
    'paziente.indirizzo': 'Corso della Repubblica 101',
  },
  {
    ...mario,
    'paziente.nomeCompleto': 'Francesca Ferrari',
    'paziente.comuneNascita': 'Cesena',
    'paziente.cap': '47521',
  },
  {
    ...mario,
    'paziente.nomeCompleto': 'Nicolò Gioè',
    'paziente.codiceFiscale': 'GIONCL30C02H501T',
    'paziente.provinciaNascita': 'RM',
  },
];

/** The page Chromium prints: the same filled HTML, styled like the pdfmake document (Helvetica 10.5 pt, 1.25). */
const chromiumPage = (body: string) => `<!doctype html><html lang="it"><head><meta charset="utf-8">
<title>Consenso informato</title><style>
body { margin: 0; font-family: Helvetica, Arial, sans-serif; font-size: 10.5pt; line-height: 1.25; color: #1d2733; }
h1 { font-size: 18pt; margin: 0 0 8pt; } h2 { font-size: 15pt; margin: 0 0 6pt; } h3 { font-size: 13pt; margin: 0 0 5pt; }
p { margin: 3pt 0 6pt; } table { border-collapse: collapse; } td, th { border: 0.5pt solid #000; padding: 2pt 4pt; }
</style></head><body>${body}</body></html>`;
const chromiumFooter = `<div style="width:100%; margin:0 40pt; font-family: Helvetica, Arial, sans-serif; color:#1d2733">
<div style="display:flex; align-items:flex-end; font-size:10.5pt"><div style="flex:1">Letto, confermato e sottoscritto il ${today}</div>
<div style="width:200pt; text-align:center"><div style="border-bottom:0.7pt solid #000; height:30pt"></div><div style="font-size:8pt; color:#5b6675">Firma</div></div></div>
<div style="text-align:center; font-size:8pt; color:#5b6675; margin-top:6pt">Pagina <span class="pageNumber"></span> di <span class="totalPages"></span></div></div>`;

/** Points as Playwright's margins take them (px, in, cm or mm). */
const pt = (points: number) => `${(points / 72).toFixed(4)}in`;

type Figures = { runs: number; p50Ms: number; p95Ms: number; maxMs: number };
const timed = async (n: number, fn: () => Promise<unknown>): Promise<Figures> => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    runs: n,
    p50Ms: round2(percentileOf(times, 50)),
    p95Ms: round2(percentileOf(times, 95)),
    maxMs: round2(times.at(-1) ?? 0),
  };
};
const summary = (list: Figures[]) => ({
  medianP50Ms: median(list.map((f) => f.p50Ms)),
  medianP95Ms: median(list.map((f) => f.p95Ms)),
  rounds: list,
});

const httpLoad = (input: InvoicesLoadInput) =>
  new Promise<LatencyFigures>((resolve, reject) => {
    const worker = new Worker(new URL('./invoices-load-worker.ts', import.meta.url), { workerData: input });
    let result: LatencyFigures | null = null;
    worker.once('message', (m: LatencyFigures) => {
      result = m;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load worker exited ${code}`))));
  });

/** (c): the app as `npm start` runs it, its worker pool; a cheap route's p99 alone and while form PDFs are built. */
const measureApi = async (log: (s: string) => void) => {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const app = await startApp(databaseUrl ? { database: { url: databaseUrl } } : {});
  try {
    const baseUrl = app.baseUrl;
    const owner = await createOwner(app);
    const call = apiOf(app).call;
    const patient = await call<{ id: string }>('POST', '/pazienti', patientBody(1), owner.token);
    const template = await call<{ id: string }>(
      'POST',
      '/form-template',
      { title: 'Consenso informato', content: consentTemplate, sharedWithCommunity: false },
      owner.token,
    );
    const pdfPath = `/app/api/form-template/${template.id}/pdf`;
    const pdfBody = { pazienteId: patient.id };
    // sequential through HTTP: what a user waits for (route, queries, worker pool, audit)
    const httpTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}${pdfPath}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(pdfBody),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`form pdf ${res.status}`);
      if (i >= 10) httpTimes.push(performance.now() - t0);
    }
    httpTimes.sort((a, b) => a - b);
    const httpSequential = { p50Ms: round2(percentileOf(httpTimes, 50)), p95Ms: round2(percentileOf(httpTimes, 95)) };
    log(
      `  form-pdf: POST /form-template/{id}/pdf one at a time: p50 ${httpSequential.p50Ms} ms, p95 ${httpSequential.p95Ms} ms`,
    );

    const cheapPath = '/app/api/documento-contabile/fattura/invoicing-years';
    const measureCheap = async (withPdfs: boolean) => {
      const loadAtStart = load();
      const cheap = httpLoad({
        baseUrl,
        token: owner.token,
        paths: [cheapPath],
        concurrency: 2,
        durationS,
        warmupS: 1,
      });
      const pdfs = withPdfs
        ? httpLoad({
            baseUrl,
            token: owner.token,
            paths: [pdfPath],
            method: 'POST',
            body: pdfBody,
            concurrency: pdfClients,
            durationS: durationS + 1,
            warmupS: 0,
          })
        : null;
      const [c, p] = await Promise.all([cheap, pdfs]);
      return { loadAtStart, cheap: c, pdfs: p };
    };
    const alone: Awaited<ReturnType<typeof measureCheap>>[] = [];
    const whilePdfs: Awaited<ReturnType<typeof measureCheap>>[] = [];
    for (let r = 0; r < 2; r++) {
      alone.push(await measureCheap(false));
      whilePdfs.push(await measureCheap(true));
      const a = alone.at(-1);
      const w = whilePdfs.at(-1);
      log(
        `  form-pdf: cheap route p99 alone ${a?.cheap.p99Ms} ms, while ${pdfClients} clients ask form PDFs ${w?.cheap.p99Ms} ms (PDFs ${w?.pdfs?.requestsPerSec} /s, p50 ${w?.pdfs?.p50Ms} ms, errors ${w?.pdfs?.errors}); load ${w?.loadAtStart.join(' ')}`,
      );
    }
    return {
      pdfPoolSize: 'max(1, cores - 1), as the server sets it',
      cheapPath,
      pdfClients,
      durationS,
      httpSequential,
      cheapP99AloneMedianMs: median(alone.map((a) => a.cheap.p99Ms)),
      cheapP99WhilePdfsMedianMs: median(whilePdfs.map((a) => a.cheap.p99Ms)),
      alone,
      whilePdfs,
    };
  } finally {
    await app.stop();
  }
};

export const runFormPdf = async ({ log }: { log: (s: string) => void }) => {
  const loadAtStart = load();
  // what the API hands its worker pool: the template as stored and a patient's values (the generator fills them)
  const inputs = patients.map((values) => ({
    title: 'Consenso informato',
    html: consentTemplate,
    values,
    date: today,
    logo: null,
  }));
  // Chromium prints the same consent filled for the same patients (the filling is not timed on either side)
  const pages = patients.map((values) => chromiumPage(fillTokens(consentTemplate, values)));
  const html = fillTokens(consentTemplate, mario);
  let turn = 0;
  const next = () => turn++ % patients.length;

  const pool = createPdfPool({ size: 1 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const generator: Figures[] = [];
  const viaPool: Figures[] = [];
  const browserFigures: Figures[] = [];
  const loads: number[][] = [];
  let pdfmakeBytes = 0;
  let chromiumBytes = 0;
  try {
    const tab = await browser.newPage();
    const printChromium = async (i = next()) => {
      await tab.setContent(pages[i] as string);
      return tab.pdf({
        format: 'A4',
        margin: { top: pt(40), right: pt(40), bottom: pt(80), left: pt(40) },
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: chromiumFooter,
      });
    };
    // warm both (fonts, caches, the jsdom window, Chromium's renderer)
    for (let i = 0; i < 10; i++) {
      pdfmakeBytes = (await buildFormTemplatePdf(inputs[0] as (typeof inputs)[0])).length;
      await pool.renderFormTemplate(inputs[next()] as (typeof inputs)[0]);
      chromiumBytes = (await printChromium()).length;
    }
    if (process.env.BENCH_FORM_PDF_SAVE) {
      writeFileSync(
        `${process.env.BENCH_FORM_PDF_SAVE}-pdfmake.pdf`,
        await buildFormTemplatePdf(inputs[0] as (typeof inputs)[0]),
      );
      writeFileSync(`${process.env.BENCH_FORM_PDF_SAVE}-chromium.pdf`, await printChromium(0));
    }
    for (let r = 0; r < rounds; r++) {
      loads.push(load());
      // alternate which side goes first, so neither always meets the machine in the same state
      const sides = [
        async () => generator.push(await timed(runs, () => buildFormTemplatePdf(inputs[next()] as (typeof inputs)[0]))),
        async () => browserFigures.push(await timed(runs, () => printChromium())),
      ];
      if (r % 2) sides.reverse();
      for (const side of sides) await side();
      viaPool.push(await timed(runs, () => pool.renderFormTemplate(inputs[next()] as (typeof inputs)[0])));
      log(
        `  form-pdf round ${r + 1}: buildFormTemplatePdf p50 ${generator.at(-1)?.p50Ms} ms p95 ${generator.at(-1)?.p95Ms} ms; through the pool p50 ${viaPool.at(-1)?.p50Ms} ms; Chromium p50 ${browserFigures.at(-1)?.p50Ms} ms p95 ${browserFigures.at(-1)?.p95Ms} ms; load ${loads.at(-1)?.join(' ')}`,
      );
    }
  } finally {
    await browser.close();
    await pool.close();
  }
  const side = {
    generator: summary(generator),
    generatorThroughPool: summary(viaPool),
    chromium: summary(browserFigures),
  };
  log(
    `  form-pdf: medians of ${rounds} rounds × ${runs}: generator p50 ${side.generator.medianP50Ms} ms p95 ${side.generator.medianP95Ms} ms (${pdfmakeBytes} bytes); through the pool p50 ${side.generatorThroughPool.medianP50Ms} ms; Chromium p50 ${side.chromium.medianP50Ms} ms p95 ${side.chromium.medianP95Ms} ms (${chromiumBytes} bytes)`,
  );
  const apiFigures = await measureApi(log);
  const result = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      ...(quick ? { quick: true } : {}),
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      note: 'Shared machine: the load average (1, 5, 15 min) is recorded at the start, before each round and at the end; the side-by-side figures are medians over the rounds.',
      loadAtStart,
      loadBeforeEachRound: loads,
      loadAtEnd: load(),
    },
    consent: { htmlChars: html.length, pdfmakeBytes, chromiumBytes },
    sideBySide: side,
    api: apiFigures,
    targets: {
      generatorAtLeastAsFastAsChromium:
        side.generator.medianP50Ms <= side.chromium.medianP50Ms &&
        side.generator.medianP95Ms <= side.chromium.medianP95Ms,
      // "flat": the cheap route's p99 while PDFs are built within 2× of alone, or within 10 ms
      apiP99FlatWhilePdfs:
        apiFigures.cheapP99WhilePdfsMedianMs <=
        Math.max(2 * apiFigures.cheapP99AloneMedianMs, apiFigures.cheapP99AloneMedianMs + 10),
    },
  };
  result.meta.loadAtEnd = load();
  // the PostgreSQL run beside the PGlite one, not over it
  const file = resultsFileOf(process.env.BENCH_DATABASE_URL ? 'form-pdf-postgres' : 'form-pdf');
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return result;
};

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify((await runFormPdf({ log: console.log })).api));
