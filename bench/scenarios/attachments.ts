/**
 * Attachments (issue 16 targets), on the embedded database and the local-disk storage in this process:
 *  1. The allegati-pazienti export (the service's ZIP stream, consumed to the end) of a studio with
 *     BENCH_ATTACHMENTS_FILES files of BENCH_ATTACHMENTS_FILE_MB MB each (random bytes, so nothing compresses; 400 ×
 *     1 MB = 400 MB by default) spread over 40 patients: RSS growth while it streams < 100 MB (flat memory), and the
 *     throughput.
 *  2. GET /pazienti/{id}/allegati of a patient with 200 files (in process, through the API with its auth): p95 < 300 ms.
 *  3. The reduction of one 4000x3000 photo (spec part 1 §9: 1 MB or more → about 1 MB, 1920 px): time and sizes.
 * Part `attachments` of `npm run bench` (BENCH_ONLY=attachments); writes bench/results/attachments.json.
 * Options: BENCH_ATTACHMENTS_FILES (400)  BENCH_ATTACHMENTS_FILE_MB (1)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { buildApp } from '../../apps/server/src/app.ts';
import { buildTestConfig } from '../../apps/server/src/config/env.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { patientAttachments } from '../../apps/server/src/db/schema/index.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { compressImage } from '../../apps/server/src/features/clinical/attachment-file.ts';
import { exportAttachments } from '../../apps/server/src/features/clinical/attachments.export.ts';
import { noRequestMeta } from '../../apps/server/src/shared/request-meta.ts';
import type { StudioContext } from '../../apps/server/src/shared/studio-context.ts';
import { studioBody } from './patients.ts';
import { personalCodiceFiscale } from './patients-dataset.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const attachmentsResultsFile = path.join(here, '..', 'results', 'attachments.json');
const files = Number(process.env.BENCH_ATTACHMENTS_FILES ?? 400);
const fileMb = Number(process.env.BENCH_ATTACHMENTS_FILE_MB ?? 1);
const patientsCount = 40;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Random bytes as a stream of 64 kB chunks: a file of any size written without holding it. */
const randomStream = (size: number) =>
  Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= 65_536) yield randomBytes(Math.min(65_536, left));
    })(),
  );

const setUp = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-attachments-'));
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
    email: `attachments.bench.${Date.now()}@example.it`,
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

const exportPart = async (s: Awaited<ReturnType<typeof setUp>>, log: (l: string) => void) => {
  const patientIds: string[] = [];
  for (let i = 0; i < patientsCount; i++) {
    const p = await s.call<{ id: string }>('POST', '/pazienti', s.token, {
      datiGenerali: {
        tipologiaPersona: 'FISICA',
        nome: `Paziente${i}`,
        cognome: `Bench${i}`,
        codiceFiscale: personalCodiceFiscale('Rossi', 'Mario', false, { year: 1960 + i, month: 3, day: 10 }, 'A944'),
      },
    });
    patientIds.push(p.id);
  }
  const size = Math.round(fileMb * 1024 * 1024);
  const t0 = performance.now();
  const rows: (typeof patientAttachments.$inferInsert)[] = [];
  for (let i = 0; i < files; i++) {
    const pazienteId = patientIds[i % patientsCount] as string;
    const storageKey = `${s.ctx.studioId}/attachments/${pazienteId}/bench-${i}`;
    await s.deps.storage.putStream(storageKey, randomStream(size));
    rows.push({
      studioId: s.ctx.studioId,
      pazienteId,
      fileName: `referto-${i}.pdf`,
      contentType: 'application/pdf',
      kind: 'pdf',
      sizeBytes: size,
      storageKey,
    });
  }
  for (let i = 0; i < rows.length; i += 200) await s.deps.db.insert(patientAttachments).values(rows.slice(i, i + 200));
  log(`    ${files} files of ${fileMb} MB written in ${Math.round(performance.now() - t0)} ms`);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  // RSS keeps pages the writing above used (it rarely shrinks): the JS heap and the Buffers held show what the
  // export itself keeps alive, whatever the baseline
  const heldOf = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const heldBefore = heldOf();
  let peak = rssBefore;
  let heldPeak = heldBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    heldPeak = Math.max(heldPeak, heldOf());
  }, 20);
  const t1 = performance.now();
  const zip = await exportAttachments(s.deps, s.ctx, (err) => {
    throw err;
  });
  let bytes = 0;
  for await (const chunk of zip.stream) bytes += (chunk as Buffer).length;
  const ms = Math.round(performance.now() - t1);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const figures = {
    files: zip.total,
    patients: patientsCount,
    dataMb: mb(files * size),
    zipMb: mb(bytes),
    ms,
    mbPerS: Math.round((bytes / 1024 / 1024 / (ms / 1000)) * 10) / 10,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(peak),
    rssGrowthMb: mb(peak - rssBefore),
    heapAndBuffersBeforeMb: mb(heldBefore),
    heapAndBuffersPeakMb: mb(heldPeak),
    heapAndBuffersGrowthMb: mb(heldPeak - heldBefore),
  };
  log(
    `    ZIP of ${figures.files} files (${figures.dataMb} MB): ${figures.zipMb} MB in ${ms} ms, RSS growth ${figures.rssGrowthMb} MB (from ${figures.rssBeforeMb}), heap + Buffers growth ${figures.heapAndBuffersGrowthMb} MB`,
  );
  return figures;
};

/** GET /pazienti/{id}/allegati of a patient with 200 files (issue 16: the record opens in under 300 ms). */
const listPart = async (s: Awaited<ReturnType<typeof setUp>>, log: (l: string) => void) => {
  const p = await s.call<{ id: string }>('POST', '/pazienti', s.token, {
    datiGenerali: {
      tipologiaPersona: 'FISICA',
      nome: 'Lista',
      cognome: 'Lunga',
      codiceFiscale: personalCodiceFiscale('Lunga', 'Lista', true, { year: 1980, month: 5, day: 20 }, 'A944'),
    },
  });
  const rows = Array.from({ length: 200 }, (_, i) => ({
    studioId: s.ctx.studioId,
    pazienteId: p.id,
    fileName: `referto-${i}.pdf`,
    contentType: 'application/pdf',
    kind: 'pdf' as const,
    sizeBytes: 1000 + i,
    storageKey: `${s.ctx.studioId}/attachments/${p.id}/list-${i}`,
  }));
  await s.deps.db.insert(patientAttachments).values(rows);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const list = await s.call<unknown[]>('GET', `/pazienti/${p.id}/allegati`, s.token);
    times.push(performance.now() - t0);
    if (list.length !== 200) throw new Error(`expected 200 attachments, got ${list.length}`);
  }
  times.sort((a, b) => a - b);
  const p50Ms = Math.round((times[15] as number) * 10) / 10;
  const p95Ms = Math.round((times[28] as number) * 10) / 10;
  log(`    list of 200 attachments (in process, with auth): p50 ${p50Ms} ms, p95 ${p95Ms} ms`);
  return { attachments: 200, p50Ms, p95Ms };
};

const compressionPart = async (log: (l: string) => void) => {
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
  const photo = await sharp(grain).jpeg({ quality: 95 }).toBuffer();
  const dir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-photo-'));
  const file = path.join(dir, 'photo.jpg');
  writeFileSync(file, photo);
  try {
    const t0 = performance.now();
    const out = await compressImage(file);
    const ms = Math.round(performance.now() - t0);
    log(
      `    4000x3000 photo of ${mb(photo.length)} MB → ${mb(out.bytes.length)} MB ${out.width}x${out.height} in ${ms} ms`,
    );
    return { inputMb: mb(photo.length), outputMb: mb(out.bytes.length), width: out.width, height: out.height, ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export const runAttachments = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  const s = await setUp();
  try {
    log('  attachments: allegati-pazienti ZIP export (PGlite and local disk, in this process)');
    const zip = await exportPart(s, log);
    const list = await listPart(s, log);
    log('  attachments: reduction of a large photo');
    const compression = await compressionPart(log);
    const targets = {
      zipRssGrowthUnder100Mb: zip.rssGrowthMb < 100 && zip.heapAndBuffersGrowthMb < 100,
      list200Under300Ms: list.p95Ms < 300,
      photoReducedTo1Mb: compression.outputMb <= 1 && Math.max(compression.width, compression.height) === 1920,
    };
    const result = {
      meta: {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
        database: 'pglite (in memory, in this process); storage: local disk',
      },
      zip,
      list,
      compression,
      targets,
    };
    mkdirSync(path.dirname(attachmentsResultsFile), { recursive: true });
    writeFileSync(attachmentsResultsFile, `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await s.close();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await runAttachments();
  console.log(JSON.stringify(result.targets));
}
