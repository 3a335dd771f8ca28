/**
 * Attachments (issue 16 targets), the app as `npm start` runs it (PGlite, local-disk storage), everything through the
 * API:
 *  1. GET /data-exporter/allegati-pazienti of a studio with BENCH_ATTACHMENTS_FILES files of BENCH_ATTACHMENTS_FILE_MB
 *     MB (a PDF header and random bytes, so nothing compresses; 400 × 1 MB by default) uploaded for 40 patients,
 *     read to the end by the client: the server process's RSS growth while it streams (from /proc, every 20 ms),
 *     < 100 MB (flat memory), and the throughput.
 *  2. GET /pazienti/{id}/allegati of a patient with 200 files, one request at a time, 30 times: p50, p95 < 300 ms.
 *  3. The upload of one 4000x3000 photo, which the server reduces (spec part 1 §9: 1 MB or more → about 1 MB, 1920
 *     px): the request's time and the sizes it answers.
 * Part `attachments` (BENCH_ONLY=attachments); writes bench/results/attachments.json.
 * Options: BENCH_ATTACHMENTS_FILES (400)  BENCH_ATTACHMENTS_FILE_MB (1)
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { type App, apiOf, createOwner, patientBody, startApp, uploadAttachment } from '../harness/app.ts';
import { quick, saveResults } from '../harness/results.ts';

const files = Number(process.env.BENCH_ATTACHMENTS_FILES ?? (quick ? 20 : 400));
const fileMb = Number(process.env.BENCH_ATTACHMENTS_FILE_MB ?? 1);
const patientsCount = quick ? 4 : 40;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
type Owner = Awaited<ReturnType<typeof createOwner>>;

/** A file the server takes as a PDF (its signature) that does not compress. */
const pdfOf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
};

const exportPart = async (app: App, owner: Owner, log: (l: string) => void) => {
  const api = apiOf(app);
  const patientIds: string[] = [];
  for (let i = 0; i < patientsCount; i++)
    patientIds.push((await api.call<{ id: string }>('POST', '/pazienti', patientBody(100 + i), owner.token)).id);
  const size = Math.round(fileMb * 1024 * 1024);
  const t0 = performance.now();
  for (let i = 0; i < files; i++)
    await uploadAttachment(app, owner.token, patientIds[i % patientsCount] as string, {
      name: `referto-${i}.pdf`,
      type: 'application/pdf',
      bytes: pdfOf(size),
    });
  log(`    ${files} files of ${fileMb} MB uploaded in ${Math.round(performance.now() - t0)} ms`);

  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = app.rssMb() ?? Number.NaN;
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, app.rssMb() ?? 0);
  }, 20);
  const t1 = performance.now();
  const res = await api.fetch('/data-exporter/allegati-pazienti', { token: owner.token });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const ms = Math.round(performance.now() - t1);
  clearInterval(timer);
  const figures = {
    files: Number(res.headers.get('x-total-count')),
    patients: patientsCount,
    dataMb: mb(files * size),
    zipMb: mb(bytes),
    ms,
    mbPerS: Math.round((bytes / 1024 / 1024 / (ms / 1000)) * 10) / 10,
    rssBeforeMb: rssBefore,
    rssPeakMb: peak,
    rssGrowthMb: Math.round((peak - rssBefore) * 10) / 10,
  };
  log(
    `    ZIP of ${figures.files} files (${figures.dataMb} MB): ${figures.zipMb} MB in ${ms} ms, server RSS growth ${figures.rssGrowthMb} MB (from ${rssBefore})`,
  );
  return figures;
};

const listPart = async (app: App, owner: Owner, log: (l: string) => void) => {
  const api = apiOf(app);
  const p = await api.call<{ id: string }>('POST', '/pazienti', patientBody(99), owner.token);
  for (let i = 0; i < 200; i++)
    await uploadAttachment(app, owner.token, p.id, {
      name: `referto-${i}.pdf`,
      type: 'application/pdf',
      bytes: pdfOf(1000),
    });
  const times: number[] = [];
  for (let i = 0; i < 33; i++) {
    const t0 = performance.now();
    const list = await api.call<unknown[]>('GET', `/pazienti/${p.id}/allegati`, undefined, owner.token);
    if (i >= 3) times.push(performance.now() - t0);
    if (list.length !== 200) throw new Error(`expected 200 attachments, got ${list.length}`);
  }
  times.sort((a, b) => a - b);
  const p50Ms = Math.round((times[15] as number) * 10) / 10;
  const p95Ms = Math.round((times[28] as number) * 10) / 10;
  log(`    list of 200 attachments over HTTP: p50 ${p50Ms} ms, p95 ${p95Ms} ms`);
  return { attachments: 200, p50Ms, p95Ms };
};

const compressionPart = async (app: App, owner: Owner, log: (l: string) => void) => {
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  const photo = new Uint8Array(await sharp(grain).jpeg({ quality: 95 }).toBuffer());
  const p = await apiOf(app).call<{ id: string }>('POST', '/pazienti', patientBody(98), owner.token);
  const t0 = performance.now();
  const out = await uploadAttachment(app, owner.token, p.id, { name: 'foto.jpg', type: 'image/jpeg', bytes: photo });
  const ms = Math.round(performance.now() - t0);
  log(
    `    4000x3000 photo of ${mb(photo.length)} MB → ${mb(out.sizeBytes)} MB ${out.width}x${out.height}, upload ${ms} ms`,
  );
  return { inputMb: mb(photo.length), outputMb: mb(out.sizeBytes), width: out.width, height: out.height, ms };
};

export const runAttachments = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  const app = await startApp();
  try {
    const owner = await createOwner(app);
    log('  attachments: allegati-pazienti ZIP export');
    const zip = await exportPart(app, owner, log);
    const list = await listPart(app, owner, log);
    log('  attachments: reduction of a large photo');
    const compression = await compressionPart(app, owner, log);
    return saveResults(
      'attachments',
      {
        zip,
        list,
        compression,
        targets: {
          zipRssGrowthUnder100Mb: zip.rssGrowthMb < 100,
          list200Under300Ms: list.p95Ms < 300,
          photoReducedTo1Mb:
            compression.outputMb <= 1 && Math.max(compression.width ?? 0, compression.height ?? 0) === 1920,
        },
      },
      { database: 'pglite; storage: local disk; the app started as npm start does, driven over HTTP' },
    );
  } finally {
    await app.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runAttachments();
