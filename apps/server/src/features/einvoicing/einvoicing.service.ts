import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { einvoicingMessages as m } from '@studiolo/domain/einvoicing';
import type { Emittente, Fattura } from '@studiolo/domain/invoices';
import { formatUiDate, httpMessages, isoDateToUi, uiDateToIso } from '@studiolo/domain/shared';
import {
  buildFatturaPaXml,
  checkSdiRules,
  FatturaPaParseError,
  fatturaToFatturaPa,
  type IdFiscale,
  maxFatturaPaBytes,
  progressivoInvioOf,
  type SdiCheckError,
  sdiFileName,
} from '@studiolo/fatturapa';
import { z } from 'zod';
import {
  type SdiNotificationMessage,
  type SdiNotificationType,
  SdiTransientError,
  sdiNotificationTypes,
} from '../../adapters/sdi/sdi.ts';
import type { StoredObject } from '../../adapters/storage/storage.ts';
import type { Config } from '../../config/env.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import { noRequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { type ZipEntry, zipStream } from '../../shared/zip-stream.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  type DocumentWrite,
  getDocument,
  lockFatturaForSdi,
  markInviataToSdi,
  previewFattura,
} from '../invoices/invoices.service.ts';
import { isPassiveInvoiceEnabled } from '../settings/settings.service.ts';
import { correctableStati, einvoicingRepository as repo } from './einvoicing.repository.ts';
import { openP7m, P7mError } from './p7m.ts';
import { type ReceivedRead, readReceivedXml } from './received-read.ts';
import { verifyWebhook } from './webhook-signature.ts';

export const sdiQueues = {
  send: 'sdi-send',
  sendFailed: 'sdi-send-failed',
  notification: 'sdi-notification',
} as const;

type SendJob = { invioId: string };
type NotificationJob = { invioId: string; type: SdiNotificationType; message: SdiNotificationMessage };

/** Who transmits: the intermediary's code when configured, else the studio itself (its codice fiscale). */
export const trasmittenteOf = (config: Config, e: Emittente): IdFiscale | null => {
  const code = config.SDI_TRASMITTENTE_CODICE ?? e.codiceFiscale ?? e.partitaIva;
  return code ? { idPaese: 'IT', idCodice: code } : null;
};

const todayInItaly = (now: Date) => uiDateToIso(formatUiDate(now));

/** An SDI check as one line of 'Errori trovati' (spec part 2 §8: code - description, suggestion). */
export const errorLine = (e: SdiCheckError) => `${e.codice} - ${e.descrizione}. Suggerimento: ${e.suggerimento}`;

/** The FatturaPA of a document as it would leave now, with what the SDI would refuse in it. */
export const sdiFileOf = (deps: AppDeps, f: Fattura, progressivoInvio: string) => {
  const trasmittente = trasmittenteOf(deps.config, f.emittente);
  if (!trasmittente) throw new AppError('VALIDATION', [m.errorsFound, m.noTransmitter]);
  const model = fatturaToFatturaPa(f, { idTrasmittente: trasmittente, progressivoInvio });
  return {
    fileName: sdiFileName(trasmittente, progressivoInvio),
    progressivoInvio,
    xml: buildFatturaPaXml(model),
    errori: checkSdiRules(model, { today: todayInItaly(deps.now()) }),
  };
};

/**
 * POST /documento-contabile/send-sdi/{id}: checks the document as the SDI would and queues the file. Idempotent: while
 * an attempt is queued, travelling or answered (anything but refused or failed), a new request sends nothing and
 * answers the document as it is.
 */
export const sendToSdi = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const queued = await deps.db.transaction(async (tx) => {
    const { fattura, canale, motivo } = await lockFatturaForSdi(tx, ctx, id);
    if (canale !== 'SDI') throw new AppError('VALIDATION', `${m.notForSdi} ${motivo}`);
    const last = await repo.lastInvio(tx, ctx, id);
    if (last && !(correctableStati as readonly string[]).includes(last.stato)) return null;
    const file = sdiFileOf(deps, fattura, progressivoInvioOf(await repo.nextProgressivo(tx, ctx)));
    if (file.errori.length) throw new AppError('VALIDATION', [m.errorsFound, ...file.errori.map(errorLine)]);
    const invio = await repo.insertInvio(tx, ctx, {
      documentoId: id,
      progressivoInvio: file.progressivoInvio,
      fileName: file.fileName,
      xml: file.xml,
      stato: 'IN_CODA',
      canale: deps.sdi.provider,
    });
    await markInviataToSdi(tx, ctx, id);
    await recordAudit(tx, ctx, {
      action: 'invoice.send_sdi',
      entityType: 'invoice',
      entityId: id,
      detail: last ? `${file.fileName} (nuovo invio)` : file.fileName,
    });
    return invio;
  });
  if (queued) await deps.jobs.send<SendJob>(sdiQueues.send, { invioId: queued.id }, { singletonKey: queued.id });
  return getDocument(deps, ctx, 'FATTURA', id);
};

/** The job: hands the file to the intermediary, once. */
const sendJob = async (deps: AppDeps, { invioId }: SendJob) => {
  const invio = await deps.db.transaction((tx) => repo.unsafeClaimInvio(tx, invioId, 'IN_CODA', 'INVIO_IN_CORSO'));
  if (!invio) return;
  try {
    const sent = await deps.sdi.send({ fileName: invio.fileName, xml: invio.xml });
    await deps.db.transaction((tx) =>
      repo.unsafeUpdateInvio(tx, invioId, {
        stato: 'INVIATO',
        identificativoSdi: sent.identificativoSdi,
        inviatoAt: deps.now(),
        errore: null,
      }),
    );
    let delay = 0;
    for (const n of sent.planned) {
      delay += deps.config.SDI_SIMULATOR_DELAY_SECONDS;
      await deps.jobs.send<NotificationJob>(sdiQueues.notification, { invioId, ...n }, { startAfterSeconds: delay });
    }
  } catch (err) {
    const transient = err instanceof SdiTransientError;
    await deps.db.transaction((tx) =>
      repo.unsafeUpdateInvio(tx, invioId, {
        stato: transient ? 'IN_CODA' : 'ERRORE_INVIO',
        errore: err instanceof Error ? err.message.slice(0, 500) : String(err),
      }),
    );
    // a transient failure goes back to the queue, which retries with back-off; a final one waits for the user
    if (transient) throw err;
  }
};

const statoAfter = (type: SdiNotificationType, message: SdiNotificationMessage): string | null => {
  switch (type) {
    case 'NS':
      return 'SCARTATO';
    case 'RC':
      return 'CONSEGNATO';
    case 'MC':
    case 'AT':
      return 'NON_CONSEGNATO';
    case 'NE':
      return message.esito_committente?.esito === 'EC02' ? 'RIFIUTATO' : 'ACCETTATO';
    case 'DT':
      return 'DECORRENZA_TERMINI';
    default:
      return null;
  }
};

/** Keeps what the SDI answered about an attempt (from the simulator's job or the intermediary's webhook). */
export const recordNotification = (
  deps: AppDeps,
  invioId: string,
  type: SdiNotificationType,
  message: SdiNotificationMessage,
) =>
  deps.db.transaction(async (tx) => {
    const invio = await repo.unsafeFindInvio(tx, invioId);
    if (!invio) return null;
    const notifica = await repo.unsafeInsertNotifica(tx, {
      studioId: invio.studioId,
      documentoId: invio.documentoId,
      invioId,
      type,
      message: message as unknown as Record<string, unknown>,
    });
    const stato = statoAfter(type, message);
    if (stato) await repo.unsafeUpdateInvio(tx, invioId, { stato });
    return notifica;
  });

/** The queues of this feature and their workers (called once when the app is built). */
export const registerEinvoicingJobs = (deps: AppDeps) => {
  // the dead-letter queue first: the send queue names it
  deps.jobs.define<SendJob>(sdiQueues.sendFailed, { retryLimit: 3 }, async ({ invioId }) => {
    await deps.db.transaction((tx) =>
      repo.unsafeUpdateInvio(tx, invioId, { stato: 'ERRORE_INVIO', errore: m.intermediaryUnreachable }),
    );
  });
  deps.jobs.define<SendJob>(
    sdiQueues.send,
    { retryLimit: 6, retryBackoff: true, retryDelay: 30, retryDelayMax: 3600, deadLetter: sdiQueues.sendFailed },
    (job) => sendJob(deps, job),
  );
  deps.jobs.define<NotificationJob>(sdiQueues.notification, { retryLimit: 5, retryBackoff: true }, async (job) => {
    await recordNotification(deps, job.invioId, job.type, job.message);
  });
};

/** At start-up: attempts accepted but not handed to the queue before a crash go to it now (same file, same name). */
export const recoverQueuedInvii = async (deps: AppDeps) => {
  const stale = await repo.unsafeStaleQueued(deps.db, new Date(deps.now().getTime() - 60_000));
  for (const { id } of stale) {
    await deps.db.transaction((tx) => repo.unsafeClaimInvio(tx, id, 'INVIO_IN_CORSO', 'IN_CODA'));
    await deps.jobs.send<SendJob>(sdiQueues.send, { invioId: id }, { singletonKey: id });
  }
};

/** GET /documento-contabile/fattura/{id}/download-xml: the file last sent, or the one that would be sent now. */
export const downloadXml = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const doc = await getDocument(deps, ctx, 'FATTURA', id);
  if (doc.tipoDocumento === 'PROFORMA') throw notFound();
  const last = await repo.lastInvio(deps.db, ctx, id);
  if (last) return { fileName: last.fileName, xml: last.xml };
  if (!doc.isElettronica) throw new AppError('VALIDATION', m.notElectronic);
  // a progressive of its own, so that a file uploaded elsewhere never shares a name with one sent from here
  const file = await deps.db.transaction(async (tx) =>
    sdiFileOf(deps, doc, progressivoInvioOf(await repo.nextProgressivo(tx, ctx))),
  );
  return { fileName: file.fileName, xml: file.xml };
};

/** The progressive shown in a preview: the real one is taken when the file is sent. */
const previewProgressivo = '00000';

/**
 * POST /documento-contabile/sdi-preview: where the document goes and why, and for the SDI the XML it would send with
 * what the exchange would refuse in it, computed from the form's unsaved state (nothing written).
 */
export const previewSdi = async (deps: AppDeps, ctx: StudioContext, w: DocumentWrite, id: string | null) => {
  const doc = await previewFattura(deps, ctx, w, id);
  if (doc.canaleInvio !== 'SDI')
    return { canaleInvio: doc.canaleInvio, canaleMotivo: doc.canaleMotivo, fileName: null, xml: null, errori: [] };
  const file = sdiFileOf(deps, doc, previewProgressivo);
  return {
    canaleInvio: doc.canaleInvio,
    canaleMotivo: doc.canaleMotivo,
    fileName: file.fileName,
    xml: file.xml,
    errori: file.errori,
  };
};

/** GET .../sdi-invii/{invioId}/xml: one attempt's file, as it was sent. */
export const attemptXml = async (deps: AppDeps, ctx: StudioContext, documentoId: string, invioId: string) => {
  const invio = await repo.findInvio(deps.db, ctx, invioId);
  if (!invio || invio.documentoId !== documentoId) throw notFound();
  return { fileName: invio.fileName, xml: invio.xml };
};

const zipPageSize = 200;

/**
 * GET /documento-contabile/fattura/download-xmls: a ZIP of the files sent for the period's invoices (the last attempt
 * the SDI did not refuse), streamed a page of rows at a time, so memory stays flat however many there are.
 */
export const xmlZip = async (deps: AppDeps, ctx: StudioContext, from: string, to: string) => {
  const count = await repo.countSent(deps.db, ctx, from, to);
  async function* entries(): AsyncGenerator<ZipEntry> {
    let afterId: string | null = null;
    for (;;) {
      const rows = await repo.sentXmlPage(deps.db, ctx, from, to, afterId, zipPageSize);
      for (const r of rows) yield { name: r.fileName, data: r.xml };
      afterId = rows.at(-1)?.id ?? afterId;
      if (rows.length < zipPageSize) return;
    }
  }
  return { count, stream: zipStream(entries()) };
};

// ---------- received invoices (fatturazione passiva) ----------

export type ReceivedFile = { fileName: string; bytes: Uint8Array };
export type ImportOutcome = {
  fileName: string;
  /** IMPORTATA: its documents are costs now; GIA_IMPORTATA: the same file came before; ERRORE: refused, see messaggio. */
  esito: 'IMPORTATA' | 'GIA_IMPORTATA' | 'ERRORE';
  messaggio: string | null;
  documenti: { id: string; fornitore: string; numero: string; data: string; totale: number; avvisi: number }[];
};

/** Where a received file's XML is stored (one object per file, shared by its documents' rows). */
const receivedKeyOf = (studioId: string) => `${studioId}/einvoicing/received/${randomUUID()}.xml`;
const isP7m = (name: string) => /\.p7m$/i.test(name);
const isXml = (name: string) => /\.xml$/i.test(name);

/** One received file: opened, read, and its documents written in one transaction (never half). */
const importOne = async (
  deps: AppDeps,
  ctx: StudioContext,
  file: ReceivedFile,
  origine: 'UPLOAD' | 'SDI',
  studio: { partitaIva: string | null; codiceFiscale: string | null },
): Promise<ImportOutcome> => {
  const outcome = (
    esito: ImportOutcome['esito'],
    messaggio: string | null,
    documenti: ImportOutcome['documenti'] = [],
  ) => ({
    fileName: file.fileName,
    esito,
    messaggio,
    documenti,
  });
  if (!isP7m(file.fileName) && !isXml(file.fileName)) return outcome('ERRORE', m.fileType);
  if (file.bytes.byteLength > maxFatturaPaBytes * 2) return outcome('ERRORE', m.fileTooLarge);
  let xmlBytes = file.bytes;
  let firma: Record<string, unknown> | null = null;
  if (isP7m(file.fileName)) {
    try {
      const opened = await openP7m(file.bytes);
      xmlBytes = opened.xml;
      firma = { firmatario: opened.firmatario, verificata: true };
    } catch (err) {
      if (err instanceof P7mError) return outcome('ERRORE', err.kind === 'signature' ? m.badSignature : m.notP7m);
      throw err;
    }
  }
  let read: ReceivedRead;
  try {
    // on a worker thread: a file at the SDI's 5 MB limit is 0.1–0.2 s of synchronous work (decision 033)
    read = await readReceivedXml(xmlBytes);
  } catch (err) {
    if (err instanceof FatturaPaParseError) return outcome('ERRORE', err.message);
    throw err;
  }
  const { hash, xml, docs, cessionario } = read;
  const notOurs =
    (studio.partitaIva &&
      cessionario.idFiscaleIva?.idCodice &&
      cessionario.idFiscaleIva.idCodice !== studio.partitaIva) ||
    (!cessionario.idFiscaleIva &&
      studio.codiceFiscale &&
      cessionario.codiceFiscale &&
      cessionario.codiceFiscale !== studio.codiceFiscale);
  // the XML goes to storage first and the rows after (one key for the file's documents), so a failure at any step
  // leaves nothing behind: not in the row, where 5 MB of text held the embedded database (decision 033)
  const storageKey = receivedKeyOf(ctx.studioId);
  await deps.storage.put(storageKey, Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength));
  let rows: Awaited<ReturnType<typeof repo.insertRicevuti>>;
  try {
    rows = await deps.db.transaction((tx) =>
      repo.insertRicevuti(
        tx,
        ctx,
        docs.map((d, indice) => ({
          hash,
          indice,
          fileName: file.fileName.slice(0, 255),
          origine,
          fornitore: d.fornitore.nome || read.cedente || '—',
          fornitorePartitaIva: d.fornitore.partitaIva,
          fornitoreCodiceFiscale: d.fornitore.codiceFiscale,
          tipoDocumento: d.tipoDocumento,
          numero: d.numero,
          dataDocumento: d.data,
          dataScadenza: d.dataScadenza,
          imponibileCents: d.imponibileCents,
          ivaCents: d.ivaCents,
          totaleCents: d.totaleCents,
          ritenutaCents: d.ritenutaCents,
          avvisi: [
            ...(notOurs
              ? [
                  {
                    codice: 'DESTINATARIO',
                    descrizione: m.notAddressedToStudio,
                    suggerimento: m.notAddressedToStudioFix,
                  },
                ]
              : []),
            ...d.avvisi,
          ],
          firma,
          storageKey,
        })),
      ),
    );
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
  if (!rows.length) {
    // the same file came before: its rows keep the object stored then
    await deps.storage.delete(storageKey).catch(() => undefined);
    return outcome('GIA_IMPORTATA', m.alreadyImported);
  }
  return outcome(
    'IMPORTATA',
    null,
    rows.map((r) => ({
      id: r.id,
      fornitore: r.fornitore,
      numero: r.numero,
      data: r.dataDocumento,
      totale: r.totaleCents / 100,
      avvisi: (r.avvisi as unknown[]).length,
    })),
  );
};

/** POST /documento-contabile-passivo/upload: received invoices (.xml or .xml.p7m), each file on its own. */
export const importReceived = async (
  deps: AppDeps,
  ctx: StudioContext,
  files: ReceivedFile[],
  origine: 'UPLOAD' | 'SDI' = 'UPLOAD',
) => {
  if (!(await isPassiveInvoiceEnabled(deps, ctx))) throw new AppError('VALIDATION', m.passiveDisabled);
  if (!files.length) throw new AppError('VALIDATION', m.noFiles);
  const doc = await repo.studioIdentity(deps.db, ctx);
  const results: ImportOutcome[] = [];
  for (const file of files) {
    // each file is its own transaction; between two the event loop gets a turn (decision 033)
    if (results.length) await nextTurn();
    results.push(await importOne(deps, ctx, file, origine, doc));
  }
  // nothing usable at all: a refusal, with each file's reason (a mixed upload answers each file's outcome)
  if (results.every((r) => r.esito === 'ERRORE'))
    throw new AppError(
      'VALIDATION',
      results.map((r) => `${r.fileName}: ${r.messaggio}`),
    );
  const imported = results.filter((r) => r.esito === 'IMPORTATA').length;
  // an upload is the user's act; what the exchange delivers is recorded with its origin on each row
  if (imported && origine === 'UPLOAD')
    await deps.db.transaction((tx) =>
      recordAudit(tx, ctx, {
        action: 'invoice.received.import',
        entityType: 'received-invoice',
        detail: `${imported} file`,
      }),
    );
  return results;
};

const ricevutoAnswer = (r: Awaited<ReturnType<typeof repo.ricevutiPage>>[number]) => ({
  id: r.id,
  fornitore: r.fornitore,
  fornitorePartitaIva: r.fornitorePartitaIva,
  tipoDocumento: r.tipoDocumento,
  numero: r.numero,
  data: isoDateToUi(r.dataDocumento),
  dataScadenza: r.dataScadenza ? isoDateToUi(r.dataScadenza) : null,
  imponibile: r.imponibileCents / 100,
  iva: r.ivaCents / 100,
  totale: r.totaleCents / 100,
  avvisi: r.avvisi as unknown as SdiCheckError[],
  firma: r.firma as { firmatario: string | null; verificata: boolean } | null,
  origine: r.origine,
  fileName: r.fileName,
});

/** GET /documento-contabile-passivo: the received invoices, newest first. */
export const listReceived = async (
  deps: AppDeps,
  ctx: StudioContext,
  q: { startDate: string | null; endDate: string | null; page: number; size: number },
) => {
  const rows = await repo.ricevutiPage(deps.db, ctx, {
    from: q.startDate ? uiDateToIso(q.startDate) : null,
    to: q.endDate ? uiDateToIso(q.endDate) : null,
    page: q.page,
    size: q.size,
  });
  return { content: rows.map(ricevutoAnswer), totalElements: rows[0]?.total ?? 0, page: q.page, size: q.size };
};

/** GET /documento-contabile-passivo/{id}/download-xml: the received XML, streamed from storage. */
export const receivedXml = async (
  deps: AppDeps,
  ctx: StudioContext,
  id: string,
): Promise<StoredObject & { fileName: string }> => {
  const row = await repo.findRicevutoFile(deps.db, ctx, id);
  if (!row) throw notFound();
  const fileName = row.fileName.replace(/\.p7m$/i, '');
  if (row.storageKey) {
    const object = await deps.storage.open(row.storageKey);
    if (!object) throw notFound();
    return { fileName, ...object };
  }
  // a row written before migration 0028 that the start-up step has not moved yet
  const bytes = Buffer.from(row.xml ?? '', 'utf8');
  return { fileName, stream: Readable.from([bytes]), sizeBytes: bytes.byteLength };
};

const moveBatch = 50;

/**
 * Migration 0028's data step, at start-up: the XML of received invoices written before it leaves the rows for the
 * storage adapter, one file at a time (its rows share one object), with a turn of the event loop between two. Safe
 * to stop at any point and to run on several instances at once: the object is written first and the rows point at
 * it only if no one moved them meanwhile (else it is deleted again); readers use the row's XML until then.
 * @param stopped asked between two files: true once the app is closing
 * @returns how many files it moved
 */
export const moveReceivedXmlToStorage = async (deps: AppDeps, stopped: () => boolean = () => false) => {
  let moved = 0;
  for (;;) {
    const files = await repo.unsafeUnmovedReceivedFiles(deps.db, moveBatch);
    for (const file of files) {
      if (stopped()) return moved;
      await nextTurn();
      const xml = await repo.unsafeUnmovedReceivedXml(deps.db, file);
      if (xml === null) continue;
      const key = receivedKeyOf(file.studioId);
      await deps.storage.put(key, Buffer.from(xml, 'utf8'));
      if (await repo.unsafeSetReceivedStorageKey(deps.db, file, key)) moved++;
      else await deps.storage.delete(key);
    }
    if (files.length < moveBatch) return moved;
  }
};

// ---------- the intermediary's webhook ----------

const webhookEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('notification'),
    /** The intermediary's identifier of the file (what its send call answered). */
    invoice_uuid: z.string().min(1).max(100),
    type: z.enum(sdiNotificationTypes),
    message: z.record(z.string(), z.unknown()),
  }),
  z.object({
    event: z.literal('invoice_received'),
    file_name: z.string().min(1).max(255),
    /** The file as the SDI delivered it (.xml or .xml.p7m), base64. */
    payload: z
      .string()
      .min(1)
      .max(8 * 1024 * 1024),
  }),
]);

/**
 * unsafe: a context for the intermediary's verified webhook, with no user: it only scopes the writes to the studio a
 * received invoice is addressed to (found by its VAT number or fiscal code).
 */
const unsafeWebhookContext = (studioId: string): StudioContext => ({
  userId: '',
  email: '',
  platformRole: null,
  actorUserId: null,
  actorEmail: null,
  meta: noRequestMeta,
  studioId,
  role: 'ROLE_USER',
  memberId: '',
  versions: null,
});

/** POST /sdi/webhook/acube: a verified call of the intermediary: an answer of the SDI, or an invoice received. */
export const handleWebhook = async (
  deps: AppDeps,
  req: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer },
) => {
  const secret = deps.config.ACUBE_WEBHOOK_SECRET;
  if (!secret) throw notFound();
  const check = verifyWebhook(secret, req, Math.floor(deps.now().getTime() / 1000));
  if (!check.ok)
    throw new AppError(
      check.reason === 'stale' ? 'CONFLICT' : 'UNAUTHORIZED',
      check.reason === 'stale' ? m.webhookReplay : m.webhookSignature,
    );
  if (!(await repo.unsafeRecordWebhookReceipt(deps.db, createHash('sha256').update(check.signature).digest('hex'))))
    throw new AppError('CONFLICT', m.webhookReplay);
  let json: unknown;
  try {
    json = JSON.parse(req.body.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION', httpMessages.badRequest);
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION', httpMessages.badRequest);
  const event = parsed.data;
  if (event.event === 'notification') {
    const invio = await repo.unsafeFindInvioByIdentificativo(deps.db, event.invoice_uuid);
    if (!invio) return { esito: 'IGNORATA' as const };
    await recordNotification(deps, invio.id, event.type, event.message as unknown as SdiNotificationMessage);
    return { esito: 'REGISTRATA' as const };
  }
  const bytes = new Uint8Array(Buffer.from(event.payload, 'base64'));
  let xml: Uint8Array = bytes;
  if (/\.p7m$/i.test(event.file_name)) xml = (await openP7m(bytes).catch(() => ({ xml: bytes }))).xml;
  let ids: string[] = [];
  try {
    // on the worker thread too: what the SDI delivers is not bounded by the upload's rules (decision 033)
    const c = (await readReceivedXml(xml)).cessionario;
    ids = [c.idFiscaleIva?.idCodice, c.codiceFiscale].filter((v): v is string => Boolean(v));
  } catch {
    // a file that cannot be read cannot be addressed: the intermediary is told, and keeps it
    throw new AppError('VALIDATION', m.notAddressable);
  }
  // every studio here with that VAT number or code that receives invoices (one professional may keep two studios)
  const receiving: StudioContext[] = [];
  for (const studioId of await repo.unsafeStudiosByFiscalId(deps.db, ids)) {
    const ctx = unsafeWebhookContext(studioId);
    if (await isPassiveInvoiceEnabled(deps, ctx)) receiving.push(ctx);
  }
  if (!receiving.length) throw new AppError('NOT_FOUND', m.notAddressable);
  const outcomes: ImportOutcome[] = [];
  for (const ctx of receiving)
    outcomes.push(...(await importReceived(deps, ctx, [{ fileName: event.file_name, bytes }], 'SDI')));
  return { esito: outcomes.some((o) => o.esito === 'IMPORTATA') ? 'IMPORTATA' : (outcomes[0]?.esito ?? 'ERRORE') };
};
