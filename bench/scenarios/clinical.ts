/**
 * Clinical record (issue 16 performance target: "a patient with 500 diary entries and 200 attachments opens in under
 * 300 ms of server time"), PGlite in this process: a patient with 500 diary entries (each with all five SOAP parts
 * written, about 1.5 kB), 20 evaluations, 60 questionnaires, 200 attachments and 10 body charts, in a studio whose
 * other 200 patients have 20 entries each. Each read the patient page makes when its clinical tabs open
 * (GET /pazienti/{id}/diari, /valutazioni, /misure-esito, /allegati, /body-charts), each logging its access, measured
 * as server time (in-process inject: no network) over 30 calls: p50 and p95; and the whole record — the patient and
 * all five, one after the other, as if every tab were opened — p50 and p95 of the sum; target under 300 ms.
 * Part `clinical` of `npm run bench` (BENCH_ONLY=clinical); writes bench/results/clinical.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { buildTestConfig } from '../../apps/server/src/config/env.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { patientAttachments } from '../../apps/server/src/db/schema/index.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { randomCodiceFiscale, validPatientInput } from '../../apps/server/test/helpers/factories.ts';
import { percentileOf } from './closed-loop.ts';
import { studioBody } from './patients.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const clinicalResultsFile = path.join(here, '..', 'results', 'clinical.json');
const entries = Number(process.env.BENCH_CLINICAL_ENTRIES ?? 500);
const runs = 30;
const round2 = (v: number) => Math.round(v * 100) / 100;
const text = (what: string, i: number) =>
  `${what} della seduta ${i}: `.padEnd(300, 'dolore lombare in miglioramento, esercizi di stabilizzazione. ');

export const runClinical = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-clinical-'));
  const database = await createDatabase({ databaseUrl: undefined, dataDir: null });
  await database.migrate();
  const deps = createDeps(buildTestConfig({ DATA_DIR: dataDir }), database);
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  const call = async <T>(method: string, url: string, token: string | null, body?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/app/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return (res.json() as { response: T }).response;
  };
  try {
    const { token } = await call<{ token: string }>('POST', '/user/signup', null, {
      email: `clinical.bench.${Date.now()}@example.it`,
      password: 'bench-password-0123',
      nome: 'Chiara',
      cognome: 'Bench',
    });
    await call('POST', '/studio/initial-setup', token, studioBody(0));
    const patient = (i: number) =>
      call<{ id: string }>('POST', '/pazienti', token, {
        ...validPatientInput(),
        datiGenerali: {
          ...validPatientInput().datiGenerali,
          nome: `Paziente${i}`,
          codiceFiscale: randomCodiceFiscale('D'),
        },
      });
    const main = await patient(0);
    const { calendars } = await call<{ calendars: { studioId: string }[] }>('GET', '/calendars', token);
    const studioId = calendars[0]?.studioId as string;

    const t0 = performance.now();
    await deps.db.execute(sql`
      insert into clinical_diary_entries (studio_id, paziente_id, data, soggettivo, oggettivo, valutazione, piano, trattamenti)
      select ${studioId}, ${main.id}, date '2024-01-01' + i, ${text('Soggettivo', 0)}, ${text('Oggettivo', 0)},
        ${text('Valutazione', 0)}, ${text('Piano', 0)}, ${text('Trattamenti', 0)}
      from generate_series(1, ${entries}::int) as i`);
    await deps.db.execute(sql`
      insert into clinical_evaluations (studio_id, paziente_id, tipo, data, anamnesi, esame_obiettivo, diagnosi, articolarita)
      select ${studioId}, ${main.id}, case when i = 1 then 'INIZIALE' else 'CONTROLLO' end, date '2024-01-01' + i * 30,
        ${text('Anamnesi', 0)}, ${text('Esame', 0)}, 'Lombalgia aspecifica',
        '[{"distretto":"Rachide lombare","movimento":"Flessione","lato":null,"attivo":60,"passivo":70,"note":null}]'::jsonb
      from generate_series(1, 20) as i`);
    await deps.db.execute(sql`
      insert into clinical_outcome_measures (studio_id, paziente_id, codice, data, risposte, punteggio, fascia)
      select ${studioId}, ${main.id}, 'NRS', date '2024-01-01' + i * 7, jsonb_build_object('dolore', i % 11), i % 11, 'Dolore'
      from generate_series(1, 60) as i`);
    for (let p = 1; p <= 200; p++) {
      const other = await patient(p);
      await deps.db.execute(sql`
        insert into clinical_diary_entries (studio_id, paziente_id, data, soggettivo, piano)
        select ${studioId}, ${other.id}, date '2024-01-01' + i, ${text('Soggettivo', 1)}, 'Proseguire'
        from generate_series(1, 20) as i`);
    }
    await deps.db.insert(patientAttachments).values(
      Array.from({ length: 200 }, (_, i) => ({
        studioId,
        pazienteId: main.id,
        fileName: `referto-${i}.pdf`,
        contentType: 'application/pdf',
        kind: 'pdf' as const,
        sizeBytes: 100_000 + i,
        storageKey: `${studioId}/attachments/${main.id}/bench-${i}`,
      })),
    );
    const stroke = { color: 'red', size: 10, opacity: 70, points: Array.from({ length: 400 }, (_, i) => i % 600) };
    for (let i = 0; i < 10; i++)
      await call('POST', `/pazienti/${main.id}/body-charts`, token, {
        imageId: 2,
        title: `Body chart ${i}`,
        strokes: Array.from({ length: 20 }, () => stroke),
      });
    const seededS = round2((performance.now() - t0) / 1000);
    log(`    seeded in ${seededS} s`);

    const measure = async (url: string, expected: number) => {
      const ms: number[] = [];
      for (let i = 0; i < runs + 3; i++) {
        const start = performance.now();
        const rows = await call<unknown[]>('GET', url, token);
        const took = performance.now() - start;
        if (rows.length !== expected) throw new Error(`${url}: ${rows.length} rows, expected ${expected}`);
        if (i >= 3) ms.push(took); // the first calls warm the prepared statements
      }
      ms.sort((a, b) => a - b);
      return { rows: expected, p50Ms: round2(percentileOf(ms, 50)), p95Ms: round2(percentileOf(ms, 95)) };
    };
    const tabs = [
      [`/pazienti/${main.id}/diari`, entries],
      [`/pazienti/${main.id}/valutazioni`, 20],
      [`/pazienti/${main.id}/misure-esito`, 60],
      [`/pazienti/${main.id}/allegati`, 200],
      [`/pazienti/${main.id}/body-charts`, 10],
    ] as const;
    const wholeRecord = async () => {
      const ms: number[] = [];
      for (let i = 0; i < runs + 3; i++) {
        const start = performance.now();
        await call('GET', `/pazienti/${main.id}`, token);
        for (const [url, expected] of tabs) {
          const rows = await call<unknown[]>('GET', url, token);
          if (rows.length !== expected) throw new Error(`${url}: ${rows.length} rows, expected ${expected}`);
        }
        if (i >= 3) ms.push(performance.now() - start);
      }
      ms.sort((a, b) => a - b);
      return { requests: tabs.length + 1, p50Ms: round2(percentileOf(ms, 50)), p95Ms: round2(percentileOf(ms, 95)) };
    };
    const figures = {
      diari: await measure(tabs[0][0], entries),
      valutazioni: await measure(tabs[1][0], 20),
      misureEsito: await measure(tabs[2][0], 60),
      allegati: await measure(tabs[3][0], 200),
      bodyCharts: await measure(tabs[4][0], 10),
      wholeRecord: await wholeRecord(),
    };
    const targets = {
      diary500Under300ms: figures.diari.p95Ms < 300,
      wholeRecordUnder300ms: figures.wholeRecord.p95Ms < 300,
    };
    const result = {
      meta: { date: new Date().toISOString(), cpus: cpus().length, loadavg: loadavg().map(round2), entries, runs },
      seededS,
      figures,
      targets,
    };
    mkdirSync(path.dirname(clinicalResultsFile), { recursive: true });
    writeFileSync(clinicalResultsFile, `${JSON.stringify(result, null, 2)}\n`);
    log(`    ${JSON.stringify(figures)}`);
    return result;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runClinical();
