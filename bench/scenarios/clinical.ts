/**
 * Clinical record (issue 16 target: "a patient with 500 diary entries and 200 attachments opens in under 300 ms of
 * server time"). The app as `npm start` runs it (PGlite; PostgreSQL with BENCH_CLINICAL_DATABASE_URL): a studio, 201
 * patients, 200 attachments (small PDFs uploaded) and 10 body charts (20 strokes of 400 points) through the API; the
 * main patient's 500 diary entries (all five parts, ~1.5 kB), 20 evaluations, 60 questionnaires and the other 200
 * patients' 20 entries each through the SQL loader. Then, one request at a time over HTTP (30 after 3 warm-up
 * calls): each read the patient page makes when a clinical tab opens, p50/p95, and the whole record (the patient and
 * all five reads, one after the other), p50/p95 of the sum. Target under 300 ms.
 * Part `clinical` (BENCH_ONLY=clinical); writes bench/results/clinical.json. Options: BENCH_CLINICAL_ENTRIES (500)
 */

import { apiOf, createOwner, patientBody, startApp, uploadAttachment } from '../harness/app.ts';
import { percentileOf } from '../harness/closed-loop.ts';
import { quick, round2, saveResults } from '../harness/results.ts';
import { loadSqlAndRestart } from '../harness/sql-loader.ts';

const entries = Number(process.env.BENCH_CLINICAL_ENTRIES ?? (quick ? 50 : 500));
const others = quick ? 10 : 200;
const attachmentCount = quick ? 20 : 200;
const runs = quick ? 5 : 30;
const text = (what: string) => `${what} della seduta: `.padEnd(300, 'dolore lombare in miglioramento, esercizi. ');
const pdf = (i: number) => new TextEncoder().encode(`%PDF-1.4\n% referto ${i}\n${'x'.repeat(1000)}\n%%EOF\n`);

export const runClinical = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  const url = process.env.BENCH_CLINICAL_DATABASE_URL;
  let app = await startApp(url ? { database: { url } } : {});
  try {
    const t0 = performance.now();
    const owner = await createOwner(app);
    const api = apiOf(app);
    const main = await api.call<{ id: string }>('POST', '/pazienti', patientBody(0), owner.token);
    const otherIds: string[] = [];
    for (let p = 1; p <= others; p++)
      otherIds.push((await api.call<{ id: string }>('POST', '/pazienti', patientBody(p), owner.token)).id);
    for (let i = 0; i < attachmentCount; i++)
      await uploadAttachment(app, owner.token, main.id, {
        name: `referto-${i}.pdf`,
        type: 'application/pdf',
        bytes: pdf(i),
      });
    const stroke = { color: 'red', size: 10, opacity: 70, points: Array.from({ length: 400 }, (_, i) => i % 600) };
    for (let i = 0; i < 10; i++)
      await api.call(
        'POST',
        `/pazienti/${main.id}/body-charts`,
        { imageId: 2, title: `Body chart ${i}`, strokes: Array.from({ length: 20 }, () => stroke) },
        owner.token,
      );
    // SQL loader: clinical_diary_entries, clinical_evaluations, clinical_outcome_measures
    app = await loadSqlAndRestart(app, [
      {
        sql: `insert into clinical_diary_entries (studio_id, paziente_id, data, soggettivo, oggettivo, valutazione, piano, trattamenti)
          select $1, $2, date '2024-01-01' + i, $3, $4, $5, $6, $7 from generate_series(1, $8::int) as i`,
        params: [
          owner.studioId,
          main.id,
          text('Soggettivo'),
          text('Oggettivo'),
          text('Valutazione'),
          text('Piano'),
          text('Trattamenti'),
          entries,
        ],
      },
      {
        sql: `insert into clinical_evaluations (studio_id, paziente_id, tipo, data, anamnesi, esame_obiettivo, diagnosi, articolarita)
          select $1, $2, case when i = 1 then 'INIZIALE' else 'CONTROLLO' end, date '2024-01-01' + i * 30, $3, $4,
            'Lombalgia aspecifica',
            '[{"distretto":"Rachide lombare","movimento":"Flessione","lato":null,"attivo":60,"passivo":70,"note":null}]'::jsonb
          from generate_series(1, 20) as i`,
        params: [owner.studioId, main.id, text('Anamnesi'), text('Esame')],
      },
      {
        sql: `insert into clinical_outcome_measures (studio_id, paziente_id, codice, data, risposte, punteggio, fascia)
          select $1, $2, 'NRS', date '2024-01-01' + i * 7, jsonb_build_object('dolore', i % 11), i % 11, 'Dolore'
          from generate_series(1, 60) as i`,
        params: [owner.studioId, main.id],
      },
      {
        sql: `insert into clinical_diary_entries (studio_id, paziente_id, data, soggettivo, piano)
          select $1, p, date '2024-01-01' + i, $2, 'Proseguire' from unnest($3::uuid[]) as p, generate_series(1, 20) as i`,
        params: [owner.studioId, text('Soggettivo'), otherIds],
      },
    ]);
    const seededS = round2((performance.now() - t0) / 1000);
    log(`    seeded in ${seededS} s`);

    const get = async (url: string, expected?: number) => {
      const rows = await apiOf(app).call<unknown[]>('GET', url, undefined, owner.token);
      if (expected !== undefined && rows.length !== expected)
        throw new Error(`${url}: ${rows.length} rows, expected ${expected}`);
    };
    const tabs = [
      ['diari', `/pazienti/${main.id}/diari`, entries],
      ['valutazioni', `/pazienti/${main.id}/valutazioni`, 20],
      ['misureEsito', `/pazienti/${main.id}/misure-esito`, 60],
      ['allegati', `/pazienti/${main.id}/allegati`, attachmentCount],
      ['bodyCharts', `/pazienti/${main.id}/body-charts`, 10],
    ] as const;
    /** p50/p95 of `runs` timed calls after 3 warm-up calls (prepared statements, caches). */
    const timed = async (fn: () => Promise<void>) => {
      const ms: number[] = [];
      for (let i = 0; i < runs + 3; i++) {
        const start = performance.now();
        await fn();
        if (i >= 3) ms.push(performance.now() - start);
      }
      ms.sort((a, b) => a - b);
      return { p50Ms: round2(percentileOf(ms, 50)), p95Ms: round2(percentileOf(ms, 95)) };
    };
    const figures: Record<string, { rows?: number; requests?: number; p50Ms: number; p95Ms: number }> = {};
    for (const [key, url, expected] of tabs)
      figures[key] = { rows: expected, ...(await timed(() => get(url, expected))) };
    figures.wholeRecord = {
      requests: tabs.length + 1,
      ...(await timed(async () => {
        await apiOf(app).call('GET', `/pazienti/${main.id}`, undefined, owner.token);
        for (const [, url, expected] of tabs) await get(url, expected);
      })),
    };
    log(`    ${JSON.stringify(figures)}`);
    return saveResults(
      'clinical',
      {
        database: app.database,
        seededS,
        figures,
        targets: {
          diary500Under300ms: (figures.diari?.p95Ms ?? Number.NaN) < 300,
          wholeRecordUnder300ms: figures.wholeRecord.p95Ms < 300,
        },
      },
      { entries, runs, measuredAs: 'HTTP over loopback, one request at a time, the app started as npm start does' },
    );
  } finally {
    await app.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runClinical();
