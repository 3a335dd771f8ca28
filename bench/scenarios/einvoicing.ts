/**
 * Electronic invoicing (issue 13 targets), on the embedded database in this process:
 *  1. One invoice's FatturaPA: mapping from the invoice, every SDI check and the XML, p50 < 1 ms, and at least twice
 *     as fast as @digitalia/fatturapa validating (its yup schema) and building (fpa2xml) the same invoice in the same
 *     run; what each writes is checked too (xmllint against the official schema, two decimals, '&' escaped, N2.2).
 *  2. The ZIP of 10,000 sent XML files (GET download-xmls' stream, consumed to the end): RSS growth < 100 MB.
 *  3. Importing 1,000 received invoices (the official FPR01 numbered apart, 20 files a call, as the upload does):
 *     < 10 s.
 * Part `einvoicing` of `npm run bench` (BENCH_ONLY=einvoicing); writes bench/results/einvoicing.json.
 * Options: BENCH_EINVOICING_ZIP_FILES (10000)  BENCH_EINVOICING_IMPORTS (1000)  BENCH_EINVOICING_ITERATIONS (5000)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as digitalia from '@digitalia/fatturapa';
import { buildFatturaPaXml, checkSdiRules, fatturaToFatturaPa } from '@studiolo/fatturapa';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { buildTestConfig } from '../../apps/server/src/config/env.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { importReceived, xmlZip } from '../../apps/server/src/features/einvoicing/einvoicing.service.ts';
import { noRequestMeta } from '../../apps/server/src/shared/request-meta.ts';
import type { StudioContext } from '../../apps/server/src/shared/studio-context.ts';
import { schemaPath, taxPathCases } from '../../packages/fatturapa/src/testing.ts';
import { percentileOf } from '../harness/closed-loop.ts';
import { studioBody } from './patients.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const einvoicingResultsFile = path.join(here, '..', 'results', 'einvoicing.json');
const fixtures = path.resolve(here, '../../../shared/fixtures/fatturapa/examples');
const zipFiles = Number(process.env.BENCH_EINVOICING_ZIP_FILES ?? 10_000);
const imports = Number(process.env.BENCH_EINVOICING_IMPORTS ?? 1_000);
const iterations = Number(process.env.BENCH_EINVOICING_ITERATIONS ?? 5_000);
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

type Digitalia = {
  fpa2js: (xml: string, o: { validate: boolean; valuesOnly: boolean }) => Record<string, unknown>;
  fpa2xml: (obj: unknown, o: { validate: boolean }) => string;
  fpaValidate: (obj: unknown, schema: unknown) => Promise<unknown>;
  FPAYupSchema: unknown;
};
const peer = digitalia as unknown as Digitalia;

const xsd = (xml: string) => {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schemaPath, '-'], { input: xml, encoding: 'utf8' });
  return r.status === 0 ? 'valid' : (r.stderr.split('\n').find((l) => l.includes('error')) ?? r.stderr).trim();
};

/** Times a call `n` times after a warm-up: p50, p99 and mean in ms (performance.now()). */
const timeIt = async (n: number, call: () => unknown | Promise<unknown>) => {
  for (let i = 0; i < Math.min(500, n); i++) await call();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    iterations: n,
    p50Ms: round3(percentileOf(times, 50)),
    p99Ms: round3(percentileOf(times, 99)),
    meanMs: round3(times.reduce((s, v) => s + v, 0) / n),
  };
};

const xmlPart = async (log: (l: string) => void) => {
  const c = taxPathCases().find((x) => x.name.includes('ritenuta'));
  if (!c) throw new Error('no invoice');
  const trasmissione = { idTrasmittente: { idPaese: 'IT', idCodice: 'FRRGLI85M41A944G' }, progressivoInvio: '00001' };
  const studiolo = () => {
    const model = fatturaToFatturaPa(c.fattura, trasmissione);
    if (checkSdiRules(model, { today: '2026-11-24' }).length) throw new Error('SDI errors');
    return buildFatturaPaXml(model);
  };
  const ourXml = studiolo();
  const value = peer.fpa2js(ourXml, { validate: false, valuesOnly: true });
  const wrap = (v: unknown) => ({ 'p:FatturaElettronica': v });
  const theirs = async () => {
    await peer.fpaValidate(value, peer.FPAYupSchema);
    return peer.fpa2xml(wrap(value), { validate: true });
  };
  const ours = await timeIt(iterations, studiolo);
  const peerFigures = await timeIt(Math.min(iterations, 2000), theirs);
  log(`    Studiolo: map + SDI checks + XML  p50 ${ours.p50Ms} ms, p99 ${ours.p99Ms} ms`);
  log(`    @digitalia/fatturapa: validate + build  p50 ${peerFigures.p50Ms} ms, p99 ${peerFigures.p99Ms} ms`);

  // what each writes, from the same kind of input a program gives it (numbers for amounts, text as typed)
  const body = (v: Record<string, unknown>) => v.FatturaElettronicaBody as Record<string, Record<string, unknown>>;
  const clone = () => structuredClone(value) as Record<string, unknown>;
  const numeric = clone();
  (body(numeric).DatiGenerali?.DatiGeneraliDocumento as Record<string, unknown>).ImportoTotaleDocumento = 671.5;
  const numericXml = peer.fpa2xml(wrap(numeric), { validate: false });
  const ampersand = clone();
  const lines = body(ampersand).DatiBeniServizi?.DettaglioLinee as Record<string, unknown>[];
  (lines[0] as Record<string, unknown>).Descrizione = 'Fisioterapia & riabilitazione';
  let ampersandXml: string;
  try {
    ampersandXml = peer.fpa2xml(wrap(ampersand), { validate: false });
  } catch (e) {
    ampersandXml = String(e);
  }
  const n22 = clone();
  const n22Lines = body(n22).DatiBeniServizi?.DettaglioLinee as Record<string, unknown>[];
  Object.assign(n22Lines[1] as object, { AliquotaIVA: '0.00', Natura: 'N2.2' });
  const riepilogo = body(n22).DatiBeniServizi?.DatiRiepilogo as Record<string, unknown>[];
  Object.assign(riepilogo[1] as object, { AliquotaIVA: '0.00', Natura: 'N2.2' });
  const n22Verdict = await peer.fpaValidate(n22, peer.FPAYupSchema).then(
    () => 'accepted',
    (e: { errors?: string[] }) => `refused: ${(e.errors ?? []).join('; ')}`,
  );
  const correctness = {
    studiolo: {
      xsd: xsd(ourXml),
      amountsWithTwoDecimals: /<ImportoTotaleDocumento>\d+\.\d{2}</.test(ourXml),
      ampersandEscaped: buildFatturaPaXml(
        fatturaToFatturaPa({ ...c.fattura, causali: ['Fisioterapia & riabilitazione'] }, trasmissione),
      ).includes('Fisioterapia &amp; riabilitazione'),
    },
    digitalia: {
      xsdOfItsOutput: xsd(peer.fpa2xml(wrap(value), { validate: false })),
      numericAmountWrittenAs: /<ImportoTotaleDocumento>[^<]*</.exec(numericXml)?.[0] ?? null,
      ampersandWrittenAs: /Fisioterapia [^<]* riabilitazione/.exec(ampersandXml)?.[0] ?? ampersandXml.slice(0, 120),
      ampersandXsd: xsd(ampersandXml),
      naturaN22: n22Verdict,
    },
  };
  log(`    ${JSON.stringify(correctness)}`);
  return {
    invoice: c.name,
    studiolo: ours,
    digitalia: peerFigures,
    ratio: round3(peerFigures.p50Ms / ours.p50Ms),
    correctness,
  };
};

const setUp = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-einv-'));
  const database = await createDatabase({ databaseUrl: undefined, dataDir: null });
  await database.migrate();
  const config = buildTestConfig({ DATA_DIR: dataDir });
  const deps = createDeps(config, database);
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  const call = async <T>(method: string, url: string, token: string | null, body?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/app/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { response: T }).response;
  };
  const { token } = await call<{ token: string }>('POST', '/user/signup', null, {
    email: `einvoicing.bench.${Date.now()}@example.it`,
    password: 'bench-password-0123',
    nome: 'Chiara',
    cognome: 'Bench',
  });
  await call('POST', '/studio/initial-setup', token, studioBody(0));
  const me = await call<{ id: string }>('GET', '/user/getUser', token);
  const staff = await call<{ id: string }[]>('GET', '/staff', token);
  const calendars = await call<{ calendars: { studioId: string }[] }>('GET', '/calendars', token);
  const ctx: StudioContext = {
    userId: me.id,
    email: '',
    platformRole: null,
    actorUserId: null,
    actorEmail: null,
    meta: noRequestMeta,
    studioId: calendars.calendars[0]?.studioId as string,
    role: 'ROLE_USER',
    memberId: staff[0]?.id ?? '',
    versions: null,
  };
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { deps, call, token, ctx, close };
};

const zipPart = async (s: Awaited<ReturnType<typeof setUp>>, log: (l: string) => void) => {
  // one real invoice sent, then 10,000 documents and attempts like it, written by SQL (a year of a large studio)
  const pazienteId = (
    await s.call<{ id: string }>('POST', '/pazienti', s.token, {
      datiGenerali: { tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA85T10A562S' },
      residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    })
  ).id;
  const first = await s.call<{ id: string }>('POST', '/documento-contabile', s.token, {
    pazienteId,
    tipoDocumento: 'FATTURA_ELETTRONICA',
    dataFattura: '02-01-2026',
    prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
  });
  const xml = (
    await s.call<{ xml: string }>('POST', '/documento-contabile/sdi-preview', s.token, {
      pazienteId,
      tipoDocumento: 'FATTURA_ELETTRONICA',
      dataFattura: '02-01-2026',
      prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
    })
  ).xml;
  const db = s.deps.db;
  await db.execute(sql`
    insert into documenti_contabili (studio_id, paziente_id, serie, tipo_documento, numero, anno, sezionale, id_documento,
      data_documento, metodo_pagamento, is_inviata_to_sdi, canale_invio, dati_trasmissione, prestazione, tassazione,
      fattura_settings, cliente, cliente_search, emittente, regime_fiscale, totale_cents, netto_cents)
    select studio_id, paziente_id, serie, tipo_documento, numero + g, anno, sezionale, (numero + g) || '/2026',
      date '2026-01-02' + (g % 360), metodo_pagamento, true, canale_invio, dati_trasmissione, prestazione, tassazione,
      fattura_settings, cliente, cliente_search, emittente, regime_fiscale, totale_cents, netto_cents
    from documenti_contabili, generate_series(1, ${zipFiles}) g where id = ${first.id}`);
  await db.execute(sql`
    insert into sdi_invii (studio_id, documento_id, progressivo_invio, file_name, xml, stato, canale)
    select studio_id, id, lpad(numero::text, 5, '0'), 'ITRSSMRA85T10A562S_' || lpad(numero::text, 5, '0') || '.xml',
      ${xml}, 'CONSEGNATO', 'simulator'
    from documenti_contabili where studio_id = ${s.ctx.studioId} and id <> ${first.id}`);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const zip = await xmlZip(s.deps, s.ctx, '2026-01-01', '2026-12-31');
  let bytes = 0;
  for await (const chunk of zip.stream) bytes += (chunk as Buffer).length;
  const ms = Math.round(performance.now() - t0);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const figures = {
    files: zip.count,
    zipMb: mb(bytes),
    xmlKbEach: Math.round(Buffer.byteLength(xml) / 102.4) / 10,
    ms,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(peak),
    rssGrowthMb: mb(peak - rssBefore),
  };
  log(`    ZIP of ${figures.files} files: ${figures.zipMb} MB in ${ms} ms, RSS growth ${figures.rssGrowthMb} MB`);
  return figures;
};

const importPart = async (s: Awaited<ReturnType<typeof setUp>>, log: (l: string) => void) => {
  await s.call('POST', '/settings/documento-contabile-passivo/enable', s.token);
  const source = readFileSync(path.join(fixtures, 'IT01234567890_FPR01.xml'), 'utf8');
  const files = Array.from({ length: imports }, (_, i) => ({
    fileName: `IT01234567890_${String(i).padStart(5, '0')}.xml`,
    bytes: new TextEncoder().encode(source.replace('<Numero>123</Numero>', `<Numero>B-${i}</Numero>`)),
  }));
  const t0 = performance.now();
  let imported = 0;
  for (let i = 0; i < files.length; i += 20) {
    const outcomes = await importReceived(s.deps, s.ctx, files.slice(i, i + 20));
    imported += outcomes.filter((o) => o.esito === 'IMPORTATA').length;
  }
  const ms = Math.round(performance.now() - t0);
  log(`    import of ${imported} received files: ${ms} ms`);
  return { files: files.length, imported, ms, perFileMs: round3(ms / files.length) };
};

export const runEinvoicing = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  log('  e-invoicing: XML build with the SDI checks against @digitalia/fatturapa');
  const xml = await xmlPart(log);
  const s = await setUp();
  try {
    log('  e-invoicing: ZIP of sent files and import of received ones (PGlite, in this process)');
    const zip = await zipPart(s, log);
    const received = await importPart(s, log);
    const targets = {
      xmlP50Under1Ms: xml.studiolo.p50Ms < 1,
      xmlTwiceAsFastAsDigitalia: xml.ratio >= 2,
      zipRssGrowthUnder100Mb: zip.rssGrowthMb < 100,
      import1000Under10S: received.ms < 10_000,
    };
    const result = {
      meta: {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
        database: 'pglite (in memory, in this process)',
      },
      xml,
      zip,
      received,
      targets,
    };
    mkdirSync(path.dirname(einvoicingResultsFile), { recursive: true });
    writeFileSync(einvoicingResultsFile, `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await s.close();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await runEinvoicing();
  console.log(JSON.stringify(result.targets));
}
