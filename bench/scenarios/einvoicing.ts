/**
 * Electronic invoicing (issue 13 targets):
 *  1. One invoice's FatturaPA through @studiolo/fatturapa's public exports: mapping from the invoice, every SDI check
 *     and the XML, p50 < 1 ms, and at least twice as fast as @digitalia/fatturapa validating (its yup schema) and
 *     building (fpa2xml) the same invoice in the same run; what each writes is checked too (xmllint against the
 *     official schema, two decimals, '&' escaped, N2.2).
 *  2. The app as `npm start` runs it (PGlite): one invoice made and sent through the API, then 10,000 like it and
 *     their sent files through the SQL loader (documenti_contabili, sdi_invii); GET download-xmls of the year read to
 *     the end by the client: the server's RSS growth < 100 MB (from /proc, every 20 ms).
 *  3. 1,000 received invoices (the official FPR01 numbered apart) uploaded 20 files a request as the page does:
 *     < 10 s.
 * Part `einvoicing` (BENCH_ONLY=einvoicing); writes bench/results/einvoicing.json.
 * Options: BENCH_EINVOICING_ZIP_FILES (10000)  BENCH_EINVOICING_IMPORTS (1000)  BENCH_EINVOICING_ITERATIONS (5000)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as digitalia from '@digitalia/fatturapa';
import { buildFatturaPaXml, checkSdiRules, fatturaToFatturaPa } from '@studiolo/fatturapa';
// the package's test fixtures (not one of its exports): the official schema and the tax-path invoices
import { schemaPath, taxPathCases } from '../../packages/fatturapa/src/testing.ts';
import { type App, apiOf, createOwner, patientBody, startApp } from '../harness/app.ts';
import { percentileOf } from '../harness/closed-loop.ts';
import { repoRoot } from '../harness/process.ts';
import { quick, saveResults } from '../harness/results.ts';
import { loadSqlAndRestart } from '../harness/sql-loader.ts';

const fixtures = path.resolve(repoRoot, '../shared/fixtures/fatturapa/examples');
const zipFiles = Number(process.env.BENCH_EINVOICING_ZIP_FILES ?? (quick ? 200 : 10_000));
const imports = Number(process.env.BENCH_EINVOICING_IMPORTS ?? (quick ? 40 : 1_000));
const iterations = Number(process.env.BENCH_EINVOICING_ITERATIONS ?? (quick ? 500 : 5_000));
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

type Owner = Awaited<ReturnType<typeof createOwner>>;

const zipPart = async (started: App, owner: Owner, log: (l: string) => void) => {
  // one real invoice made through the API, then 10,000 documents and sent files like it by SQL (a year of a large studio)
  const call = apiOf(started).call;
  const pazienteId = (await call<{ id: string }>('POST', '/pazienti', patientBody(1), owner.token)).id;
  const invoice = {
    pazienteId,
    tipoDocumento: 'FATTURA_ELETTRONICA',
    dataFattura: '02-01-2026',
    prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
  };
  const first = await call<{ id: string }>('POST', '/documento-contabile', invoice, owner.token);
  const xml = (await call<{ xml: string }>('POST', '/documento-contabile/sdi-preview', invoice, owner.token)).xml;
  // SQL loader: documenti_contabili, sdi_invii
  const app = await loadSqlAndRestart(started, [
    {
      sql: `insert into documenti_contabili (studio_id, paziente_id, serie, tipo_documento, numero, anno, sezionale, id_documento,
          data_documento, metodo_pagamento, is_inviata_to_sdi, canale_invio, dati_trasmissione, prestazione, tassazione,
          fattura_settings, cliente, cliente_search, emittente, regime_fiscale, totale_cents, netto_cents)
        select studio_id, paziente_id, serie, tipo_documento, numero + g, anno, sezionale, (numero + g) || '/2026',
          date '2026-01-02' + (g % 360), metodo_pagamento, true, canale_invio, dati_trasmissione, prestazione, tassazione,
          fattura_settings, cliente, cliente_search, emittente, regime_fiscale, totale_cents, netto_cents
        from documenti_contabili, generate_series(1, $2::int) g where id = $1`,
      params: [first.id, zipFiles],
    },
    {
      sql: `insert into sdi_invii (studio_id, documento_id, progressivo_invio, file_name, xml, stato, canale)
        select studio_id, id, lpad(numero::text, 5, '0'), 'ITRSSMRA85T10A562S_' || lpad(numero::text, 5, '0') || '.xml',
          $3, 'CONSEGNATO', 'simulator'
        from documenti_contabili where studio_id = $1 and id <> $2`,
      params: [owner.studioId, first.id, xml],
    },
  ]);
  /** One export of the year read to the end by the client, the server's RSS sampled every 20 ms. */
  const exportOnce = async () => {
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = app.rssMb() ?? Number.NaN;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, app.rssMb() ?? 0);
    }, 20);
    const t0 = performance.now();
    const res = await apiOf(app).fetch(
      '/documento-contabile/fattura/download-xmls?startDate=01-01-2026&endDate=31-12-2026',
      { token: owner.token },
    );
    if (!res.ok || !res.body) throw new Error(`download-xmls: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    const ms = Math.round(performance.now() - t0);
    clearInterval(sampler);
    return {
      files: Number(res.headers.get('x-total-count')),
      zipMb: mb(bytes),
      xmlKbEach: Math.round(Buffer.byteLength(xml) / 102.4) / 10,
      ms,
      rssBeforeMb: rssBefore,
      rssPeakMb: peak,
      rssGrowthMb: Math.round((peak - rssBefore) * 10) / 10,
    };
  };
  // The app has just restarted after the SQL loader: the first export also brings the rows into PGlite's memory
  // (in the server's process, where it stays). Before issue 27 the rows had just been written in the same process,
  // so the figure set against the target is the second export's; the first is kept beside it.
  const firstRun = await exportOnce();
  log(
    `    first ZIP of ${firstRun.files} files (database cold): ${firstRun.ms} ms, RSS growth ${firstRun.rssGrowthMb} MB`,
  );
  const figures = { ...(await exportOnce()), firstRun };
  log(
    `    ZIP of ${figures.files} files: ${figures.zipMb} MB in ${figures.ms} ms, server RSS growth ${figures.rssGrowthMb} MB`,
  );
  return { app, figures };
};

const importPart = async (app: App, owner: Owner, log: (l: string) => void) => {
  await apiOf(app).call('POST', '/settings/documento-contabile-passivo/enable', undefined, owner.token);
  const source = readFileSync(path.join(fixtures, 'IT01234567890_FPR01.xml'), 'utf8');
  const files = Array.from({ length: imports }, (_, i) => ({
    fileName: `IT01234567890_${String(i).padStart(5, '0')}.xml`,
    text: source.replace('<Numero>123</Numero>', `<Numero>B-${i}</Numero>`),
  }));
  const t0 = performance.now();
  let imported = 0;
  for (let i = 0; i < files.length; i += 20) {
    const form = new FormData();
    for (const f of files.slice(i, i + 20)) form.append('files', new Blob([f.text], { type: 'text/xml' }), f.fileName);
    const res = await apiOf(app).fetch('/documento-contabile-passivo/upload', {
      method: 'POST',
      body: form,
      token: owner.token,
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const outcomes = ((await res.json()) as { response: { esito: string }[] }).response;
    imported += outcomes.filter((o) => o.esito === 'IMPORTATA').length;
  }
  const ms = Math.round(performance.now() - t0);
  log(`    import of ${imported} received files over HTTP: ${ms} ms`);
  return { files: files.length, imported, ms, perFileMs: round3(ms / files.length) };
};

export const runEinvoicing = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  log('  e-invoicing: XML build with the SDI checks against @digitalia/fatturapa');
  const xml = await xmlPart(log);
  let app = await startApp();
  try {
    const owner = await createOwner(app);
    log('  e-invoicing: ZIP of sent files and import of received ones (the app on PGlite, over HTTP)');
    const zipped = await zipPart(app, owner, log);
    app = zipped.app;
    const zip = zipped.figures;
    const received = await importPart(app, owner, log);
    return saveResults(
      'einvoicing',
      {
        xml,
        zip,
        received,
        targets: {
          xmlP50Under1Ms: xml.studiolo.p50Ms < 1,
          xmlTwiceAsFastAsDigitalia: xml.ratio >= 2,
          zipRssGrowthUnder100Mb: zip.rssGrowthMb < 100,
          import1000Under10S: received.ms < 10_000,
        },
      },
      { database: 'pglite; the app started as npm start does, driven over HTTP' },
    );
  } finally {
    await app.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runEinvoicing();
