/**
 * Invoicing under a studio-sized archive (issue 12 targets), PostgreSQL only: a studio with 100,000 documents
 * (invoices, credit notes and pro-forma over five years, 500 patients) among 200,000 more of 50 other studios.
 *  1. GET /documento-contabile with filters at 20 connections: p95 < 30 ms; the same page through the service
 *     page's statements replayed on the database by 20 clients as the floor (no server code, no HTTP).
 *  2. 200 invoices created concurrently get 200 consecutive numbers.
 *  3. Invoice PDF: GET /documento-contabile/:id/pdf p50 < 60 ms, built off the event loop: the p99 of a cheap route
 *     alone and while 20 PDFs are requested at once.
 *  4. Yearly stats < 50 ms (and stats-monthly).
 *  5. EXPLAIN (ANALYZE, BUFFERS) of the list page, its count and the stats query.
 * The app runs as `npm start` runs it (harness/app.ts); studios are made through the API, their patients and
 * documents through the SQL loader (`generate`); the HTTP clients run in worker threads.
 *
 * Part `invoices` of `npm run bench` (BENCH_ONLY=invoices); writes bench/results/invoices.json.
 * Options: BENCH_INVOICES_DOCUMENTS (100000)  BENCH_INVOICES_OTHER (200000)  BENCH_DURATION_S (10)
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { documentTotals, fatturaInputSchema, formatIdDocumento } from '@studiolo/domain/invoices';
import pg from 'pg';
import { apiOf, createOwner, startApp } from '../harness/app.ts';
import { closedLoop, type LatencyFigures, percentileOf } from '../harness/closed-loop.ts';
import { postgresUrlFromEnv, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, saveResults } from '../harness/results.ts';
import { type Query, withSql } from '../harness/sql-loader.ts';
import type { InvoicesLoadInput } from './invoices-load-worker.ts';

const databaseName = 'studiolo_bench_invoices';
const studioDocuments = Number(process.env.BENCH_INVOICES_DOCUMENTS ?? (quick ? 5_000 : 100_000));
const otherDocuments = Number(process.env.BENCH_INVOICES_OTHER ?? (quick ? 2_000 : 200_000));
const otherStudios = quick ? 2 : 50;
const patientsPerStudio = 500;
const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 2 : 10));
const connections = 20;
const round2 = (v: number) => Math.round(v * 100) / 100;

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

const surnames = ['Rossi', 'Bianchi', 'Colombo', 'Ferrari', 'Romano', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo'];
const names = ['Mario', 'Laura', 'Giuseppe', 'Francesca', 'Luca', 'Sofia', 'Matteo', 'Giulia', 'Elena', 'Paolo'];

/** Line and tax templates, their figures computed by the domain (what the server would store). */
const templates = [1, 2, 3, 4, 5].map((quantita) => {
  const input = fatturaInputSchema.parse({
    pazienteId: '00000000-0000-4000-8000-000000000000',
    dataFattura: '01-01-2026',
    prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita, prezzoPerUnita: 50, codiceIvaId: 4, sconto: 0 }],
  });
  const totals = documentTotals(input, 'RF_19');
  return { prestazione: input.prestazione, tassazione: input.tassazione, totals };
});

/** Inserts a studio's patients and documents in bulk (5,000 rows a statement), numbered per year without gaps. */
export const generate = async (query: Query, studioId: string, documents: number, seed: number) => {
  const patientIds: string[] = [];
  const patientNames: string[] = [];
  {
    const rows = Array.from({ length: patientsPerStudio }, (_, i) => {
      const cognome = `${surnames[(i + seed) % surnames.length]}${i}`;
      const nome = names[(i * 7 + seed) % names.length] as string;
      return { cognome, nome };
    });
    const rows2 = await query<{ id: string }>(
      `insert into patients (studio_id, tipologia_persona, nome, cognome, codice_fiscale, search_text, sort_name,
         indirizzo, cap, comune, provincia)
       select $1, 'FISICA', n, c, 'BENCH' || lpad(i::text, 11, '0'), lower(c || ' ' || n), lower(c || ' ' || n),
         'Via Roma 1', '40121', 'Bologna', 'BO'
       from unnest($2::text[], $3::text[]) with ordinality as t(n, c, i) returning id`,
      [studioId, rows.map((r) => r.nome), rows.map((r) => r.cognome)],
    );
    for (const [i, r] of rows2.entries()) {
      patientIds.push(r.id);
      patientNames.push(`${rows[i]?.cognome} ${rows[i]?.nome}`);
    }
  }
  const emittente = JSON.stringify({
    denominazione: 'Bench Chiara',
    professione: 'Fisioterapista',
    iscrizioneAlbo: null,
    codiceFiscale: 'RSSMRA85T10A562S',
    partitaIva: '01234567897',
    residenza: { indirizzo: 'Via Roma 1', cap: '40100', comune: 'Bologna', provincia: 'BO' },
    email: null,
    telefono: null,
    pec: null,
    logoAssetId: null,
  });
  // five years, dates rising with the index so each year's numbers follow its dates
  const start = Date.UTC(2022, 0, 3);
  const span = Date.UTC(2026, 10, 20) - start;
  const counters = new Map<string, number>();
  const batch = 5_000;
  for (let from = 0; from < documents; from += batch) {
    const cols: Record<string, unknown[]> = {
      paziente: [],
      serie: [],
      tipo: [],
      numero: [],
      anno: [],
      iddoc: [],
      data: [],
      scad: [],
      pagata: [],
      incasso: [],
      metodo: [],
      prestazione: [],
      tassazione: [],
      cliente: [],
      search: [],
      totale: [],
      netto: [],
    };
    for (let i = from; i < Math.min(documents, from + batch); i++) {
      const day = new Date(start + Math.floor((span * i) / documents));
      const data = day.toISOString().slice(0, 10);
      const anno = day.getUTCFullYear();
      const serie = i % 20 === 7 ? 'PROFORMA' : 'FATTURA';
      const tipo = serie === 'PROFORMA' ? 'PROFORMA' : i % 50 === 13 ? 'NOTA_DI_CREDITO' : 'FATTURA_SANITARIA';
      const key = `${serie}|${anno}`;
      const numero = (counters.get(key) ?? 0) + 1;
      counters.set(key, numero);
      const p = (i * 31 + seed) % patientsPerStudio;
      const tpl = templates[i % templates.length] as (typeof templates)[number];
      const paid = serie === 'FATTURA' && i % 3 !== 0;
      const due = new Date(day.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
      const name = patientNames[p] as string;
      cols.paziente?.push(patientIds[p]);
      cols.serie?.push(serie);
      cols.tipo?.push(tipo);
      cols.numero?.push(numero);
      cols.anno?.push(anno);
      cols.iddoc?.push(formatIdDocumento({ numero, anno }));
      cols.data?.push(data);
      cols.scad?.push(due);
      cols.pagata?.push(paid);
      cols.incasso?.push(paid ? data : null);
      cols.metodo?.push(i % 2 ? 'Contanti' : 'Bonifico bancario');
      cols.prestazione?.push(JSON.stringify(tpl.prestazione));
      cols.tassazione?.push(JSON.stringify(tpl.tassazione));
      cols.cliente?.push(
        JSON.stringify({ id: patientIds[p], nomeCompleto: name, tipologiaPersona: 'FISICA', validForFattura: true }),
      );
      cols.search?.push(name.toLowerCase());
      cols.totale?.push(tpl.totals.totaleCents);
      cols.netto?.push(tpl.totals.nettoCents);
    }
    await query(
      `insert into documenti_contabili (studio_id, paziente_id, serie, tipo_documento, numero, anno, sezionale,
         id_documento, data_documento, data_scadenza, pagata, data_incasso, metodo_pagamento, accepted,
         dati_trasmissione, prestazione, tassazione, fattura_settings, causali, cliente, cliente_search, emittente,
         regime_fiscale, totale_cents, netto_cents)
       select $1, t.paziente, t.serie, t.tipo, t.numero, t.anno, '', t.iddoc, t.data, t.scad, t.pagata, t.incasso,
         t.metodo, case when t.serie = 'PROFORMA' then false end, '{}'::jsonb, t.prestazione, t.tassazione,
         '{"middleText":null,"footerText":null}'::jsonb, '{}', t.cliente, t.search, $2::jsonb, 'RF_19', t.totale, t.netto
       from unnest($3::uuid[], $4::text[], $5::text[], $6::int[], $7::int[], $8::text[], $9::date[], $10::date[],
         $11::bool[], $12::date[], $13::text[], $14::jsonb[], $15::jsonb[], $16::jsonb[], $17::text[], $18::int[],
         $19::int[]) as t(paziente, serie, tipo, numero, anno, iddoc, data, scad, pagata, incasso, metodo,
         prestazione, tassazione, cliente, search, totale, netto)`,
      [
        studioId,
        emittente,
        cols.paziente,
        cols.serie,
        cols.tipo,
        cols.numero,
        cols.anno,
        cols.iddoc,
        cols.data,
        cols.scad,
        cols.pagata,
        cols.incasso,
        cols.metodo,
        cols.prestazione,
        cols.tassazione,
        cols.cliente,
        cols.search,
        cols.totale,
        cols.netto,
      ],
    );
  }
  for (const [key, last] of counters) {
    const [serie, anno] = key.split('|');
    await query(
      `insert into document_counters (studio_id, serie, sezionale, anno, last_number) values ($1, $2, '', $3, $4)`,
      [studioId, serie, Number(anno), last],
    );
  }
  return { patientIds, patientNames };
};

/**
 * The statements a list page sends, written out (the page and its count, as in the plans below): what the database
 * alone costs for the same question, the floor the HTTP figures are set against.
 */
const listSqlOf = (query: string, studioId: string): [string, unknown[]][] => {
  const q = Object.fromEntries(new URLSearchParams(query));
  const where = ['studio_id = $1', "serie = 'FATTURA'"];
  const params: unknown[] = [studioId];
  const add = (clause: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(clause(params.length));
  };
  if (q.startDate) add((n) => `data_documento >= $${n}`, q.startDate.split('-').reverse().join('-'));
  if (q.endDate) add((n) => `data_documento <= $${n}`, q.endDate.split('-').reverse().join('-'));
  if (q.isPagata) add((n) => `pagata = $${n}`, q.isPagata === 'true');
  if (q.tipoDocumento) add((n) => `tipo_documento = $${n}`, q.tipoDocumento);
  if (q.searchText) add((n) => `(cliente_search ilike $${n} or id_documento ilike $${n})`, `%${q.searchText}%`);
  const offset = Number(q.page ?? 0) * Number(q.size ?? 25);
  const w = where.join(' and ');
  return [
    [
      `select id, id_documento, cliente->>'nomeCompleto' from documenti_contabili where ${w}
       order by data_documento desc, numero desc, id desc limit ${Number(q.size ?? 25)} offset ${offset}`,
      params,
    ],
    [`select count(*) from (select 1 from documenti_contabili where ${w} limit 10001) c`, params],
  ];
};

export const runInvoices = async ({ log }: { log: (line: string) => void }) => {
  const adminUrl = postgresUrlFromEnv();
  if (!adminUrl) {
    log('  invoices: no PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped');
    return null;
  }
  const databaseUrl = await prepareBenchDatabase(adminUrl, databaseName);
  const app = await startApp({ database: { url: databaseUrl }, env: { SCRYPT_COST_LOG2: '10' } });
  // the floor: the list's own statements replayed on the database by 20 clients (no server code, no HTTP)
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  try {
    const baseUrl = app.baseUrl;
    const api = apiOf(app);
    const call = <T>(method: string, url: string, token: string, body?: unknown) =>
      api.call<T>(method, url, body, token);
    const sqlOf = <R extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      withSql(databaseUrl, (query) => query<R>(sql, params));

    // ---------- dataset ----------
    const t0 = performance.now();
    // studios through the API, their patients and documents through the SQL loader
    const owner = await createOwner(app, 0);
    const { patientIds, patientNames } = await withSql(databaseUrl, (query) =>
      generate(query, owner.studioId, studioDocuments, 0),
    );
    const perOther = Math.floor(otherDocuments / otherStudios);
    for (let s = 1; s <= otherStudios; s++) {
      const other = await createOwner(app, s);
      await withSql(databaseUrl, (query) => generate(query, other.studioId, perOther, s));
    }
    // what autovacuum does to a table after a load: statistics, and the visibility map index-only counts read
    await sqlOf('vacuum analyze');
    const generatedS = round2((performance.now() - t0) / 1000);
    const total = Number((await sqlOf<{ n: string }>('select count(*) as n from documenti_contabili'))[0]?.n);
    log(`  invoices: ${studioDocuments} documents for the studio, ${total} in the table, generated in ${generatedS} s`);

    // ---------- 1. lists ----------
    const surname = (patientNames[3] as string).slice(0, 3).toLowerCase();
    const lists: Record<string, string> = {
      noFilter: '',
      yearRange: 'startDate=01-01-2025&endDate=31-12-2025',
      unpaid: 'isPagata=false',
      searchText3: `searchText=${surname}`,
      creditNotes: 'tipoDocumento=NOTA_DI_CREDITO',
      page10: 'page=10&size=25',
    };
    const listFigures: Record<string, { http: LatencyFigures; direct: LatencyFigures; p95Ratio: number }> = {};
    for (const [name, query] of Object.entries(lists)) {
      const http = await httpLoad({
        baseUrl,
        token: owner.token,
        paths: [`/app/api/documento-contabile${query ? `?${query}` : ''}`],
        concurrency: connections,
        durationS,
        warmupS: 2,
      });
      const direct = await closedLoop({
        concurrency: connections,
        durationS: Math.max(3, Math.floor(durationS / 2)),
        warmupS: 1,
        task: async () => {
          const statements = listSqlOf(query, owner.studioId);
          await Promise.all(statements.map(([sql, params]) => pool.query(sql, params)));
        },
      });
      listFigures[name] = { http, direct, p95Ratio: round2(http.p95Ms / direct.p95Ms) };
      log(
        `  invoices: list ${name}: HTTP p95 ${http.p95Ms} ms (${http.requestsPerSec} req/s), its SQL alone p95 ${direct.p95Ms} ms`,
      );
    }

    // ---------- 2. 200 concurrent creations ----------
    const before = await call<{ numeroDocumento: number }>(
      'GET',
      '/documento-contabile/next-documento-id',
      owner.token,
    );
    const today = new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(new Date())
      .replaceAll('/', '-');
    const c0 = performance.now();
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call<{ numeroFattura: number }>('POST', '/documento-contabile', owner.token, {
          pazienteId: patientIds[i % patientIds.length],
          dataFattura: today,
          prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
        }),
      ),
    );
    const createS = round2((performance.now() - c0) / 1000);
    const numbers = created.map((c) => c.numeroFattura).sort((a, b) => a - b);
    const duplicates = numbers.length - new Set(numbers).size;
    const expected = Array.from({ length: 200 }, (_, i) => before.numeroDocumento + i);
    const consecutive = JSON.stringify(numbers) === JSON.stringify(expected);
    log(
      `  invoices: 200 concurrent creations in ${createS} s: numbers ${numbers[0]}–${numbers.at(-1)}, consecutive ${consecutive}, duplicates ${duplicates}`,
    );

    // ---------- 3. PDF ----------
    const pdfId = (await call<{ content: { id: string }[] }>('GET', '/documento-contabile?size=1', owner.token))
      .content[0]?.id as string;
    const pdfPath = `/app/api/documento-contabile/${pdfId}/pdf`;
    const pdfTimes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const s = performance.now();
      const res = await fetch(`${baseUrl}${pdfPath}`, { headers: { authorization: `Bearer ${owner.token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`pdf ${res.status}`);
      if (i >= 10) pdfTimes.push(performance.now() - s);
    }
    pdfTimes.sort((a, b) => a - b);
    const pdfSequential = { p50Ms: round2(percentileOf(pdfTimes, 50)), p95Ms: round2(percentileOf(pdfTimes, 95)) };
    const cheapPath = '/app/api/documento-contabile/fattura/invoicing-years';
    const measureCheap = async (withPdfs: boolean) => {
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
            concurrency: 20,
            durationS: durationS + 1,
            warmupS: 0,
          })
        : null;
      const [c, p] = await Promise.all([cheap, pdfs]);
      return { cheap: c, pdfs: p };
    };
    const alone = await measureCheap(false);
    const whilePdfs = await measureCheap(true);
    log(
      `  invoices: PDF p50 ${pdfSequential.p50Ms} ms; cheap route p99 alone ${alone.cheap.p99Ms} ms, while 20 PDFs ${whilePdfs.cheap.p99Ms} ms (PDFs ${whilePdfs.pdfs?.requestsPerSec} /s, p50 ${whilePdfs.pdfs?.p50Ms} ms)`,
    );

    // ---------- 4. stats ----------
    const timeSequential = async (urlPath: string, n = 200) => {
      const times: number[] = [];
      for (let i = 0; i < n + 20; i++) {
        const s = performance.now();
        await call('GET', urlPath, owner.token);
        if (i >= 20) times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      return { p50Ms: round2(percentileOf(times, 50)), p95Ms: round2(percentileOf(times, 95)), calls: n };
    };
    const yearStats = await timeSequential('/documento-contabile/fattura/stats?year=2025');
    const monthlyStats = await timeSequential(
      '/documento-contabile/fattura/stats-monthly?startDate=01-10-2025&endDate=31-10-2025',
    );
    log(
      `  invoices: yearly stats p50 ${yearStats.p50Ms} ms p95 ${yearStats.p95Ms} ms; monthly p95 ${monthlyStats.p95Ms} ms`,
    );

    // ---------- 5. plans (the repository's statements, written out with this studio's values) ----------
    const explain = async (sql: string, params: unknown[]) =>
      (await sqlOf<Record<string, string>>(`explain (analyze, buffers, format text) ${sql}`, params)).map(
        (r) => r['QUERY PLAN'],
      );
    const sid = owner.studioId;
    const plans = {
      listPage: await explain(
        `select id, id_documento, cliente->>'nomeCompleto' from documenti_contabili where studio_id = $1 and serie = 'FATTURA'
         order by data_documento desc, numero desc, id desc limit 25 offset 0`,
        [sid],
      ),
      listCount: await explain(`select count(*) from documenti_contabili where studio_id = $1 and serie = 'FATTURA'`, [
        sid,
      ]),
      searchPage: await explain(
        `select id from documenti_contabili where studio_id = $1 and serie = 'FATTURA'
           and (cliente_search ilike $2 or id_documento ilike $2)
         order by data_documento desc, numero desc, id desc limit 25`,
        [sid, `%${surname}%`],
      ),
      searchCount: await explain(
        `select count(*) from documenti_contabili where studio_id = $1 and serie = 'FATTURA'
           and (cliente_search ilike $2 or id_documento ilike $2)`,
        [sid, `%${surname}%`],
      ),
      yearStats: await explain(
        `select sum(totale_cents), count(*) filter (where not pagata) from documenti_contabili
         where studio_id = $1 and serie = 'FATTURA'
           and ((data_documento between '2025-01-01' and '2025-12-31') or (data_incasso between '2025-01-01' and '2025-12-31'))`,
        [sid],
      ),
    };

    const targets = {
      listP95Under30Ms: Object.values(listFigures).every((f) => f.http.p95Ms < 30),
      createdConsecutive: consecutive && duplicates === 0,
      pdfP50Under60Ms: pdfSequential.p50Ms < 60,
      yearStatsUnder50Ms: yearStats.p95Ms < 50,
    };
    return saveResults('invoices', {
      meta: {
        measuredAt: new Date().toISOString(),
        ...(quick ? { quick: true } : {}),
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memoryGiB: round2(totalmem() / 2 ** 30),
        loadavg: loadavg().map(round2),
        node: process.version,
        postgres: String((await sqlOf<{ server_version: string }>('show server_version'))[0]?.server_version),
        connections,
        durationS,
      },
      dataset: { studioDocuments, documentsInTable: total, otherStudios, patientsPerStudio, generatedS },
      lists: listFigures,
      concurrentCreation: {
        count: 200,
        seconds: createS,
        first: numbers[0],
        last: numbers.at(-1),
        consecutive,
        duplicates,
      },
      pdf: { sequential: pdfSequential, cheapRouteAlone: alone, cheapRouteWhile20Pdfs: whilePdfs },
      stats: { year: yearStats, monthly: monthlyStats },
      plans,
      targets,
    });
  } finally {
    await pool.end();
    await app.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runInvoices({ log: console.log });
