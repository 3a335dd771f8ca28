import { Worker } from 'node:worker_threads';
import { FatturaPaParseError, type ReceivedDocument } from '@studiolo/fatturapa';

/** What importing a received file needs of its XML, as plain data (it crosses from the worker thread). */
export type ReceivedRead = {
  /** sha256 of the XML, hex */
  hash: string;
  /** the XML as it is kept (UTF-8, without a byte-order mark) */
  xml: Uint8Array;
  cessionario: { idFiscaleIva: { idCodice: string | undefined } | null; codiceFiscale: string | null };
  /** the supplier's name from CedentePrestatore ('' when none) */
  cedente: string;
  docs: ReceivedDocument[];
};
export type ReadRequest = { id: number; xmlBytes: Uint8Array };
export type ReadResult =
  | { id: number; ok: true; read: ReceivedRead }
  | { id: number; ok: false; parseError: boolean; message: string };

// resolved from this file, wherever the process was started; Node 24 strips the worker's types
const workerUrl = new URL('./received-read.worker.ts', import.meta.url);

type Pending = { resolve: (r: ReceivedRead) => void; reject: (e: Error) => void };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

const started = (): Worker => {
  if (worker) return worker;
  const w = new Worker(workerUrl);
  w.on('message', (result: ReadResult) => {
    const p = pending.get(result.id);
    if (!p) return;
    pending.delete(result.id);
    if (pending.size === 0) w.unref(); // an idle worker does not keep the process alive
    if (result.ok) p.resolve(result.read);
    else p.reject(result.parseError ? new FatturaPaParseError(result.message) : new Error(result.message));
  });
  const fail = (error: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`received-invoice worker exited with code ${code}`)));
  worker = w;
  return w;
};

/**
 * Validates and parses a received FatturaPA file on a worker thread (one, started on the first file, shared by the
 * process): a file at the SDI's 5 MB limit is 0.1–0.2 s of synchronous work that held /health and every other
 * request (decision 033). Files are read one after the other, in the order asked.
 * @throws FatturaPaParseError when the file is not a FatturaPA the SDI would take, with its Italian message
 */
export const readReceivedXml = (xmlBytes: Uint8Array): Promise<ReceivedRead> =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    const w = started();
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, xmlBytes } satisfies ReadRequest);
  });
