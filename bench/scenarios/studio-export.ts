/**
 * The studio moves out (issue 30 item 7, decision 042), the app as `npm start` runs it (PGlite, local-disk storage),
 * everything through the API: GET /data-exporter/studio of a studio with BENCH_EXPORT_INVOICES invoices (each PDF made
 * on the fly) and attachments of 1 MB that do not compress, read to the end by the client, twice: once with
 * BENCH_EXPORT_FILES_SMALL files, once with BENCH_EXPORT_FILES_LARGE (three times as many MB). The server's RSS growth
 * while it streams (from /proc, every 20 ms) is the same for both (memory flat in the ZIP's size), under 100 MB; the
 * time per invoice PDF is the export's time with invoices alone divided by their number. The server is restarted on
 * the same data before each export, so that each starts from a fresh process's memory.
 * Part `studio-export` (BENCH_ONLY=studio-export); writes bench/results/studio-export.json.
 * Options: BENCH_EXPORT_INVOICES (100)  BENCH_EXPORT_FILES_SMALL (60)  BENCH_EXPORT_FILES_LARGE (180)
 */
import { randomBytes } from 'node:crypto';
import { type App, apiOf, createOwner, patientBody, startApp, uploadAttachment } from '../harness/app.ts';
import { quick, saveResults } from '../harness/results.ts';

const invoices = Number(process.env.BENCH_EXPORT_INVOICES ?? (quick ? 10 : 100));
const filesSmall = Number(process.env.BENCH_EXPORT_FILES_SMALL ?? (quick ? 6 : 60));
const filesLarge = Number(process.env.BENCH_EXPORT_FILES_LARGE ?? (quick ? 18 : 180));
const fileBytes = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
type Owner = Awaited<ReturnType<typeof createOwner>>;

/** A file the server takes as a PDF (its signature) that does not compress. */
const pdfOf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
};

const todayUi = () =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replaceAll('/', '-');

/** A studio with `invoices` invoices and `files` attachments over 10 patients. */
const studioWith = async (app: App, files: number, withInvoices: number) => {
  const api = apiOf(app);
  const owner = await createOwner(app);
  const patientIds: string[] = [];
  for (let i = 0; i < 10; i++)
    patientIds.push((await api.call<{ id: string }>('POST', '/pazienti', patientBody(200 + i), owner.token)).id);
  for (let i = 0; i < withInvoices; i++)
    await api.call(
      'POST',
      '/documento-contabile',
      {
        pazienteId: patientIds[i % patientIds.length],
        dataFattura: todayUi(),
        prestazione: [{ descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 50, codiceIvaId: 4 }],
      },
      owner.token,
    );
  for (let i = 0; i < files; i++)
    await uploadAttachment(app, owner.token, patientIds[i % patientIds.length] as string, {
      name: `referto-${i}.pdf`,
      type: 'application/pdf',
      bytes: pdfOf(fileBytes),
    });
  return owner;
};

/** Downloads the whole studio to the end, sampling the server's RSS meanwhile. */
const exportOf = async (app: App, owner: Owner) => {
  // a process just started is still settling (PGlite's start, the first requests' allocations): 5 s before the baseline
  await new Promise((r) => setTimeout(r, 5000));
  const rssBefore = app.rssMb() ?? Number.NaN;
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, app.rssMb() ?? 0);
  }, 20);
  const t0 = performance.now();
  const res = await apiOf(app).fetch('/data-exporter/studio', { token: owner.token });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const ms = Math.round(performance.now() - t0);
  clearInterval(timer);
  return {
    files: Number(res.headers.get('x-total-count')),
    zipMb: mb(bytes),
    ms,
    rssBeforeMb: rssBefore,
    rssPeakMb: peak,
    rssGrowthMb: Math.round((peak - rssBefore) * 10) / 10,
  };
};

/** Restarts the app on the same data (a fresh process: each export's RSS growth starts from the same baseline). */
const restarted = async (app: App) => {
  await app.stop({ keepDataDir: true });
  return startApp({ dataDir: app.dataDir, ownDataDir: true });
};

export const runStudioExport = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  let app = await startApp();
  try {
    log(`  studio-export: three studios (${invoices} invoices; ${filesSmall} and ${filesLarge} attachments of 1 MB)`);
    const withInvoices = await studioWith(app, 0, invoices);
    const withSmall = await studioWith(app, filesSmall, 0);
    const withLarge = await studioWith(app, filesLarge, 0);
    // each export from a freshly started server: the uploads' memory is not in its baseline
    app = await restarted(app);
    const pdfs = await exportOf(app, withInvoices);
    const msPerPdf = Math.round((pdfs.ms / invoices) * 10) / 10;
    log(
      `    ${invoices} invoices: ${pdfs.files} files, ${pdfs.zipMb} MB in ${pdfs.ms} ms (${msPerPdf} ms an invoice PDF), server RSS growth ${pdfs.rssGrowthMb} MB (from ${pdfs.rssBeforeMb}; the PDF worker's start included)`,
    );
    app = await restarted(app);
    const small = await exportOf(app, withSmall);
    log(
      `    ${small.zipMb} MB in ${small.ms} ms, server RSS growth ${small.rssGrowthMb} MB (from ${small.rssBeforeMb})`,
    );
    app = await restarted(app);
    const large = await exportOf(app, withLarge);
    log(
      `    ${large.zipMb} MB in ${large.ms} ms, server RSS growth ${large.rssGrowthMb} MB (from ${large.rssBeforeMb})`,
    );
    return saveResults(
      'studio-export',
      {
        invoices: { count: invoices, ...pdfs, msPerPdf },
        small,
        large,
        targets: {
          // flat: three times the bytes, not three times the memory (20 MB of slack for the shared machine's noise)
          rssFlatInZipSize: large.rssGrowthMb < 100 && large.rssGrowthMb < small.rssGrowthMb + 20,
        },
      },
      {
        database:
          'pglite; storage: local disk; the app started as npm start does, driven over HTTP; restarted before each export',
      },
    );
  } finally {
    await app.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runStudioExport();
