import { parentPort } from 'node:worker_threads';
import { buildClinicalEvaluationPdf } from './clinical-evaluation.pdf.ts';
import { buildFormTemplatePdf } from './form-template.pdf.ts';
import { buildInvoicePdf } from './invoice.pdf.ts';
import type { PdfTask, PdfTaskResult } from './pdf-pool.ts';
import { preparedPdfmake } from './pdfmake-setup.ts';

/**
 * A PDF worker thread (spawned by createPdfPool from this .ts file: Node 24 strips the types). pdfmake, its fonts and
 * its access policies are prepared once when the thread starts; then each message is one document.
 */
if (!parentPort) throw new Error('pdf.worker.ts runs only as a worker thread');
const port = parentPort;
preparedPdfmake();

/** The bytes as a Uint8Array that owns its whole ArrayBuffer, so that it can be transferred rather than copied. */
const transferable = (pdf: Buffer): Uint8Array =>
  pdf.byteOffset === 0 && pdf.buffer.byteLength === pdf.byteLength && pdf.buffer instanceof ArrayBuffer
    ? new Uint8Array(pdf.buffer)
    : new Uint8Array(pdf);

port.on('message', async (task: PdfTask) => {
  let result: PdfTaskResult;
  try {
    // a Buffer arrives as a plain Uint8Array through structured clone
    const asBuffer = (bytes: Uint8Array | null | undefined) =>
      bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
    const pdf =
      task.kind === 'form-template'
        ? await buildFormTemplatePdf(task.input)
        : task.kind === 'clinical-evaluation'
          ? await buildClinicalEvaluationPdf(task.input)
          : await buildInvoicePdf(task.doc, { ...task.opts, logo: asBuffer(task.opts.logo) });
    const bytes = transferable(pdf);
    result = { id: task.id, ok: true, pdf: bytes };
    port.postMessage(result, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    result = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    port.postMessage(result);
  }
});
