import { Worker } from 'node:worker_threads';
import type { ClinicalEvaluationPdfInput } from './clinical-evaluation.pdf.ts';
import type { FormTemplatePdfInput } from './form-template.pdf.ts';
import type { InvoicePdfDocument, InvoicePdfOptions } from './invoice.pdf.ts';

/** One document for a worker (internal to this package): an invoice, a filled form template, an evaluation. */
export type PdfTask =
  | { id: number; kind?: 'invoice'; doc: InvoicePdfDocument; opts: { logo: Uint8Array | null; regimeLabel?: string } }
  | { id: number; kind: 'form-template'; input: FormTemplatePdfInput }
  | { id: number; kind: 'clinical-evaluation'; input: ClinicalEvaluationPdfInput };
export type PdfTaskResult = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

export type PdfPoolOptions = {
  /** How many worker threads at most (each takes one document at a time); started on demand. */
  size: number;
  /** A document still not built after this long fails, and its worker is replaced (default 30 s). */
  taskTimeoutMs?: number;
};

export type PdfPool = {
  /** buildInvoicePdf, on a worker thread: the same bytes, without holding the event loop for 35–65 ms. */
  render(doc: InvoicePdfDocument, opts?: InvoicePdfOptions): Promise<Buffer>;
  /** buildFormTemplatePdf, on a worker thread. */
  renderFormTemplate(input: FormTemplatePdfInput): Promise<Buffer>;
  /** buildClinicalEvaluationPdf, on a worker thread. */
  renderClinicalEvaluation(input: ClinicalEvaluationPdfInput): Promise<Buffer>;
  /** Stops every worker; documents queued or in progress fail with 'PDF pool closed'. */
  close(): Promise<void>;
};

type Pending = {
  task: PdfTask;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};
type Slot = { worker: Worker; current: Pending | null };

// Node 24 runs the worker's TypeScript directly (type stripping), as it runs the server: no build step, and the URL
// is resolved from this file, wherever the process was started.
const workerUrl = new URL('./pdf.worker.ts', import.meta.url);

/**
 * A fixed-size pool of worker threads that build PDFs off the event loop (GUIDE §5: pdfmake's layout is synchronous).
 * Each worker loads pdfmake and the fonts once. Documents wait in FIFO order when every worker is busy.
 */
export const createPdfPool = ({ size, taskTimeoutMs = 30_000 }: PdfPoolOptions): PdfPool => {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('createPdfPool: size must be a positive integer');
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const settle = (slot: Slot, outcome: (p: Pending) => void) => {
    const pending = slot.current;
    slot.current = null;
    slot.worker.unref(); // an idle worker does not keep the process alive
    if (pending) {
      clearTimeout(pending.timer);
      outcome(pending);
    }
  };

  const drop = (slot: Slot, error: Error) => {
    const i = slots.indexOf(slot);
    if (i === -1) return;
    slots.splice(i, 1);
    settle(slot, (p) => p.reject(error));
  };

  const spawn = (): Slot => {
    const worker = new Worker(workerUrl);
    const slot: Slot = { worker, current: null };
    worker.on('message', (result: PdfTaskResult) => {
      if (slot.current?.task.id !== result.id) return; // the answer of a task that already timed out
      settle(slot, (p) =>
        result.ok
          ? p.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength))
          : p.reject(new Error(`PDF non generato: ${result.message}`)),
      );
      dispatch();
    });
    worker.on('error', (error) => {
      drop(slot, error);
      dispatch();
    });
    worker.on('exit', (code) => {
      drop(slot, new Error(closed ? 'PDF pool closed' : `PDF worker exited with code ${code}`));
      if (!closed) dispatch();
    });
    slots.push(slot);
    return slot;
  };

  const run = (slot: Slot, pending: Pending) => {
    slot.current = pending;
    slot.worker.ref();
    pending.timer = setTimeout(() => {
      // a stuck document: fail it and replace the worker (terminate ends the thread's synchronous work too)
      drop(slot, new Error(`PDF non generato entro ${taskTimeoutMs} ms`));
      void slot.worker.terminate();
      dispatch();
    }, taskTimeoutMs);
    const task = pending.task;
    const logo =
      task.kind === 'form-template' || task.kind === 'clinical-evaluation' ? task.input.logo : task.opts.logo;
    slot.worker.postMessage(pending.task, logo ? [logo.buffer as ArrayBuffer] : []);
  };

  const dispatch = () => {
    while (queue.length && !closed) {
      const slot = slots.find((s) => s.current === null) ?? (slots.length < size ? spawn() : null);
      if (!slot) return;
      run(slot, queue.shift() as Pending);
    }
  };

  const enqueue = (task: PdfTask) =>
    new Promise<Buffer>((resolve, reject) => {
      if (closed) return reject(new Error('PDF pool closed'));
      queue.push({ task, resolve, reject });
      dispatch();
    });

  return {
    // the logo copied into its own buffer, transferred to the worker (a Buffer may be a view on a larger one)
    render: (doc, opts = {}) =>
      enqueue({
        id: nextId++,
        doc,
        opts: { logo: opts.logo ? new Uint8Array(opts.logo) : null, regimeLabel: opts.regimeLabel },
      }),
    renderFormTemplate: (input) =>
      enqueue({
        id: nextId++,
        kind: 'form-template',
        input: { ...input, logo: input.logo ? new Uint8Array(input.logo) : null },
      }),
    renderClinicalEvaluation: (input) =>
      enqueue({
        id: nextId++,
        kind: 'clinical-evaluation',
        input: { ...input, logo: input.logo ? new Uint8Array(input.logo) : null },
      }),
    close: async () => {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('PDF pool closed'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
};
