import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { anagraficaName, FatturaPaParseError, parseFatturaPaXml, receivedDocumentsOf } from '@studiolo/fatturapa';
import type { ReadRequest, ReadResult } from './received-read.ts';

/**
 * The worker thread of received-read.ts (Node 24 runs this .ts file directly, as it runs the server): each message is
 * one received file's XML, validated, parsed and turned into its cost documents here, off the event loop.
 */
if (!parentPort) throw new Error('received-read.worker.ts runs only as a worker thread');
const port = parentPort;

port.on('message', ({ id, xmlBytes }: ReadRequest) => {
  let result: ReadResult;
  let transfer: ArrayBuffer[] = [];
  try {
    const model = parseFatturaPaXml(xmlBytes);
    const c = model.cessionarioCommittente;
    // the file as it is kept: UTF-8 without a byte-order mark, handed over (not copied) to the main thread
    const xml = new TextEncoder().encode(new TextDecoder('utf-8').decode(xmlBytes).replace(/^\uFEFF/, ''));
    transfer = [xml.buffer as ArrayBuffer];
    result = {
      id,
      ok: true,
      read: {
        hash: createHash('sha256').update(xmlBytes).digest('hex'),
        xml,
        cessionario: {
          idFiscaleIva: c.idFiscaleIva ? { idCodice: c.idFiscaleIva.idCodice } : null,
          codiceFiscale: c.codiceFiscale ?? null,
        },
        cedente: anagraficaName(model.cedentePrestatore.anagrafica),
        docs: receivedDocumentsOf(model),
      },
    };
  } catch (error) {
    result = {
      id,
      ok: false,
      parseError: error instanceof FatturaPaParseError,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  port.postMessage(result, transfer);
});
