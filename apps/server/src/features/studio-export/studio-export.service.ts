import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createZipPathNamer, type OutcomeMeasureCode, outcomeMeasures } from '@studiolo/domain/clinical';
import { tipoDocumentoLabels } from '@studiolo/domain/invoices';
import { type LegalDocumentId, legalDocuments } from '@studiolo/domain/legal';
import { patientDisplayName } from '@studiolo/domain/patients';
import {
  can,
  formatUiDate,
  isoDateToUi,
  type Permission,
  type Role,
  roleLabels,
  sanitizeFileName,
} from '@studiolo/domain/shared';
import { stringify } from 'csv-stringify';
import type { AppDeps } from '../../deps.ts';
import { forbidden, notFound } from '../../shared/app-error.ts';
import { spreadsheetSafe } from '../../shared/spreadsheet.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { type ZipEntry, zipStream } from '../../shared/zip-stream.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { streamEventsCsv } from '../calendar/events.export.ts';
import { exportDiary, exportEvaluations } from '../clinical/clinical.export.ts';
import { logClinicalAccess } from '../clinical/clinical-access.ts';
import { einvoicingRepository } from '../einvoicing/einvoicing.repository.ts';
import { receivedXml } from '../einvoicing/einvoicing.service.ts';
import { documentPdf } from '../invoices/invoices.service.ts';
import { patientRegistryCsv } from '../patients/patients.export.ts';
import { patientsRepository } from '../patients/patients.repository.ts';
import { toPatient } from '../patients/patients.service.ts';
import { signatureRepository } from '../signature/signature.repository.ts';
import { getDossier } from '../signature/signature.service.ts';
import { getStudio } from '../studio/studio.service.ts';
import { type ExportSections, readme } from './studio-export.readme.ts';
import { type PatientCursor, studioExportRepository as repo } from './studio-export.repository.ts';

/**
 * The studio moves out (issue 30 item 7, decision 042): everything the studio holds, or everything about one patient,
 * in one ZIP of open formats, streamed. Each file is made or read when the ZIP writer reaches it and the rows come in
 * keyset pages, so memory holds about one file (one invoice PDF, one chunk of an attachment) whatever the archive's
 * size. The files are made by the features that own them (invoice PDFs, dossiers, CSVs): nothing is re-implemented.
 */

type Only = string | undefined;
type OnError = (error: Error) => void;

const csvOptions = { bom: true, delimiter: ';', record_delimiter: 'windows', header: true } as const;
/** A figure the export computes itself (an amount, a score): written as it is, a minus sign being no formula. */
type Figure = { figure: string };
const euro = (cents: number): Figure => ({ figure: (cents / 100).toFixed(2).replace('.', ',') });
const figure = (n: number): Figure => ({ figure: String(n).replace('.', ',') });
const yesNo = (v: boolean) => (v ? 'Sì' : 'No');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A CSV (UTF-8 with BOM, semicolons) streamed from rows made a page at a time; every text cell neutralised. */
const csvOf = (header: string[], rows: AsyncIterable<(string | null | Figure)[]>, onError: OnError) => {
  const csv = stringify({ ...csvOptions, columns: header });
  Readable.from(
    (async function* () {
      for await (const row of rows)
        yield row.map((cell) => (cell !== null && typeof cell === 'object' ? cell.figure : spreadsheetSafe(cell)));
    })(),
  )
    .on('error', (err) => {
      onError(err);
      csv.destroy(err);
    })
    .pipe(csv);
  return csv;
};

/** Every page of a keyset query, with a turn of the event loop between two (PGlite answers synchronously). */
async function* pages<R, C>(next: (cursor: C | null) => Promise<R[]>, cursorOf: (row: R) => C, size: number) {
  let cursor: C | null = null;
  for (;;) {
    const rows = await next(cursor);
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    cursor = cursorOf(last);
    await nextTurn();
  }
}
const byId = (r: { id: string }) => r.id;
const byPatient = (r: { pazienteId: string; id: string }): NonNullable<PatientCursor> => ({
  pazienteId: r.pazienteId,
  id: r.id,
});

type ClienteJson = { nomeCompleto?: string; codiceFiscale?: string | null; partitaIva?: string | null };

/** What the role may read goes in; the rest is named in the README as left out. */
const sectionsFor = (ctx: StudioContext, only: Only): ExportSections => {
  const may = (p: Permission) => can(ctx.role, p);
  return {
    patient: only !== undefined,
    anagrafica: may('patient:read'),
    appuntamenti: may('calendar:read'),
    fatture: may('invoice:read'),
    ricevute: only === undefined && may('invoice:read'),
    cartella: may('clinical:read'),
    firme: may('forms:read'),
    moduli: only === undefined && may('forms:read'),
  };
};

async function* entriesOf(
  deps: AppDeps,
  ctx: StudioContext,
  only: Only,
  sections: ExportSections,
  counts: Awaited<ReturnType<typeof repo.counts>>,
  onError: OnError,
): AsyncGenerator<ZipEntry> {
  const missing: string[] = [];
  yield { name: 'LEGGIMI.txt', data: readme(sections, counts, deps.now()) };

  if (!only) {
    yield { name: 'studio.json', data: json(await getStudio(deps, ctx)) };
    const accepted = await repo.legalAcceptances(deps.db, ctx);
    yield {
      name: 'documenti-accettati.csv',
      data: csvOf(
        ['Cognome', 'Nome', 'E-mail', 'Ruolo', 'Documento', 'Versione', 'Accettato il', 'Istante (UTC)'],
        (async function* () {
          for (const a of accepted)
            yield [
              a.cognome,
              a.nome,
              a.email,
              roleLabels[a.role as Role] ?? a.role,
              legalDocuments[a.document as LegalDocumentId]?.title ?? a.document,
              a.version,
              formatUiDate(a.acceptedAt),
              a.acceptedAt.toISOString(),
            ];
        })(),
        onError,
      ),
    };
  }

  if (sections.anagrafica) {
    yield { name: only ? 'paziente.csv' : 'pazienti.csv', data: patientRegistryCsv(deps, ctx, onError, only) };
    if (only) {
      const row = await patientsRepository.find(deps.db, ctx, only);
      if (row) yield { name: 'paziente.json', data: json(toPatient(row)) };
    }
  }

  if (sections.appuntamenti) {
    const span = await repo.eventsSpan(deps.db, ctx, only);
    const from = span?.from ?? deps.now();
    // a series' last occurrence, or the last appointment's end: every occurrence lies before it
    const last = Math.max(span?.to?.getTime() ?? 0, span?.last?.getTime() ?? 0, from.getTime());
    const to = new Date(last + 86_400_000);
    yield {
      name: 'appuntamenti.csv',
      data: await streamEventsCsv(deps.db, ctx, { from, to, pazienteIds: only ? [only] : [] }, onError),
    };
  }

  if (sections.fatture) {
    const documents = () => pages((c) => repo.documentsPage(deps.db, ctx, only, c), byId, 200);
    yield {
      name: 'fatture/elenco.csv',
      data: csvOf(
        [
          'Serie',
          'Tipo',
          'Numero',
          'Data',
          'Scadenza',
          'Cliente',
          'Codice fiscale',
          'Partita IVA',
          'Totale (€)',
          'Pagata',
          'Data incasso',
          'Metodo di pagamento',
          'Canale',
          'Inviata allo SDI',
        ],
        (async function* () {
          for await (const d of documents()) {
            const cliente = (d.cliente ?? {}) as ClienteJson;
            yield [
              d.serie === 'PROFORMA' ? 'Proforma' : 'Fattura',
              tipoDocumentoLabels[d.tipoDocumento as keyof typeof tipoDocumentoLabels] ?? d.tipoDocumento,
              d.idDocumento,
              isoDateToUi(d.dataDocumento),
              d.dataScadenza ? isoDateToUi(d.dataScadenza) : null,
              cliente.nomeCompleto ?? null,
              cliente.codiceFiscale ?? null,
              cliente.partitaIva ?? null,
              euro(d.totaleCents),
              yesNo(d.pagata),
              d.dataIncasso ? isoDateToUi(d.dataIncasso) : null,
              d.metodoPagamento,
              d.canaleInvio === 'SISTEMA_TS' ? 'Sistema TS' : d.canaleInvio,
              yesNo(d.isInviataToSdi),
            ];
          }
        })(),
        onError,
      ),
    };
    const names = new Set<string>();
    const unique = (folder: string, fileName: string) => {
      const wanted = sanitizeFileName(fileName);
      let name = wanted;
      for (let n = 2; names.has(`${folder}/${name}`.toLowerCase()); n++)
        name = wanted.replace(/(\.[^.]*)?$/, ` (${n})$1`);
      names.add(`${folder}/${name}`.toLowerCase());
      return `${folder}/${name}`;
    };
    for await (const d of documents()) {
      // one PDF at a time, made on the PDF worker as the invoice page makes it
      const pdf = await documentPdf(deps, ctx, d.serie, d.id);
      yield {
        name: unique(d.serie === 'PROFORMA' ? 'proforma' : 'fatture/pdf', pdf.fileName),
        data: pdf.bytes,
        store: true,
      };
      if (d.serie === 'FATTURA') {
        // the file as it left for the SDI (its last attempt); an invoice never sent has none
        const sent = await einvoicingRepository.lastInvio(deps.db, ctx, d.id);
        if (sent) yield { name: unique('fatture/xml', sent.fileName), data: sent.xml };
      }
    }
  }

  if (sections.ricevute) {
    const received = () => pages((c) => repo.receivedPage(deps.db, ctx, c), byId, 200);
    yield {
      name: 'fatture-ricevute/elenco.csv',
      data: csvOf(
        [
          'Fornitore',
          'Partita IVA',
          'Codice fiscale',
          'Tipo',
          'Numero',
          'Data',
          'Imponibile (€)',
          'IVA (€)',
          'Totale (€)',
          'File',
        ],
        (async function* () {
          for await (const r of received())
            yield [
              r.fornitore,
              r.fornitorePartitaIva,
              r.fornitoreCodiceFiscale,
              r.tipoDocumento,
              r.numero,
              isoDateToUi(r.dataDocumento),
              euro(r.imponibileCents),
              euro(r.ivaCents),
              euro(r.totaleCents),
              r.fileName.replace(/\.p7m$/i, ''),
            ];
        })(),
        onError,
      ),
    };
    const names = new Set<string>();
    for await (const r of received()) {
      // a file with several documents has a row for each: its first stands for the file
      if (r.indice !== 0) continue;
      // a file lost from storage answers not found: named in file-mancanti.txt (logged), the ZIP stays whole
      const file = await receivedXml(deps, ctx, r.id).catch((err: Error) => {
        onError(err);
        return null;
      });
      if (!file) {
        missing.push(`fatture-ricevute/${r.fileName}`);
        continue;
      }
      let name = sanitizeFileName(file.fileName);
      for (let n = 2; names.has(name.toLowerCase()); n++) name = sanitizeFileName(`${n}_${file.fileName}`);
      names.add(name.toLowerCase());
      yield { name: `fatture-ricevute/xml/${name}`, data: file.stream };
    }
  }

  if (sections.cartella) {
    yield {
      name: 'cartella-clinica/valutazioni.csv',
      data: (await exportEvaluations(deps, ctx, only, onError)).stream,
    };
    yield { name: 'cartella-clinica/diario.csv', data: (await exportDiary(deps, ctx, only, onError)).stream };

    await logClinicalAccess(deps.db, ctx, { pazienteId: only ?? null, kind: 'misura-esito', action: 'export' });
    yield {
      name: 'cartella-clinica/misure-esito.csv',
      data: csvOf(
        ['Paziente', 'Codice fiscale', 'Questionario', 'Data', 'Punteggio', 'Fascia', 'Risposte', 'Note'],
        (async function* () {
          for await (const o of pages((c) => repo.outcomesPage(deps.db, ctx, only, c), byPatient, 200))
            yield [
              patientDisplayName(o),
              o.codiceFiscale,
              outcomeMeasures[o.codice as OutcomeMeasureCode]?.name ?? o.codice,
              isoDateToUi(o.data),
              figure(o.punteggio),
              o.fascia,
              // item id: answer, as stored (an item left blank is empty)
              Object.entries(o.risposte)
                .map(([item, value]) => `${item}: ${value ?? ''}`)
                .join('; '),
              o.note,
            ];
        })(),
        onError,
      ),
    };

    await logClinicalAccess(deps.db, ctx, { pazienteId: only ?? null, kind: 'allegato', action: 'export' });
    const attachmentPath = createZipPathNamer();
    for await (const a of pages((c) => repo.attachmentsPage(deps.db, ctx, only, c), byPatient, 200)) {
      const name = `cartella-clinica/allegati/${attachmentPath(a.pazienteId, patientDisplayName(a), a.fileName)}`;
      const object = await deps.storage.open(a.storageKey);
      if (!object) {
        // a file lost from storage still has its row: named in file-mancanti.txt, the ZIP stays whole
        onError(new Error(`attachment ${a.id} missing from storage`));
        missing.push(name);
        continue;
      }
      yield { name, data: object.stream, store: true };
    }

    await logClinicalAccess(deps.db, ctx, { pazienteId: only ?? null, kind: 'body-chart', action: 'export' });
    const chartPath = createZipPathNamer();
    for await (const b of pages((c) => repo.bodyChartsPage(deps.db, ctx, only, c), byPatient, 20)) {
      const title = b.title?.trim() || 'schema corporeo';
      const name = chartPath(
        b.pazienteId,
        patientDisplayName(b),
        `${title} ${b.createdAt.toISOString().slice(0, 10)}.json`,
      );
      yield {
        name: `cartella-clinica/schemi-corporei/${name}`,
        data: json({
          id: b.id,
          paziente: patientDisplayName(b),
          titolo: b.title,
          note: b.note,
          immagine: b.imageId,
          valutazioneId: b.valutazioneId,
          diarioId: b.diarioId,
          creatoIl: b.createdAt.toISOString(),
          modificatoIl: b.updatedAt.toISOString(),
          tratti: b.strokes,
        }),
      };
    }
  }

  if (sections.firme) {
    const folderOf = createZipPathNamer();
    for await (const s of pages((c) => repo.signedPage(deps.db, ctx, only, c), byPatient, 200)) {
      const dossier = await getDossier(deps, ctx, s.id);
      const folder = `firme/${folderOf(s.pazienteId, patientDisplayName(s), `${dossier.facts.signedAt?.slice(0, 10).replaceAll('/', '-') ?? ''} ${s.id.slice(0, 8)}`)}`;
      for (const d of await signatureRepository.documentsOf(deps.db, [s.id])) {
        const object = d.signedKey ? await deps.storage.open(d.signedKey) : null;
        const name = `${folder}/${sanitizeFileName(d.fileName.replace(/\.pdf$/i, ' - firmato.pdf'))}`;
        if (!object) {
          onError(new Error(`signed document ${d.id} missing from storage`));
          missing.push(name);
          continue;
        }
        yield { name, data: object.stream, store: true };
      }
      yield { name: `${folder}/dossier.pdf`, data: await dossier.pdf(), store: true };
      yield { name: `${folder}/dossier.json`, data: json(dossier.facts) };
    }
  }

  if (sections.moduli) {
    const templates = () => pages((c) => repo.formTemplatesPage(deps.db, ctx, c), byId, 200);
    const names = new Set<string>();
    const index: { id: string; titolo: string; file: string; condivisoConLaComunita: boolean; modificatoIl: string }[] =
      [];
    for await (const f of templates()) {
      const wanted = sanitizeFileName(f.title || 'modulo');
      let name = wanted;
      for (let n = 2; names.has(name.toLowerCase()); n++) name = `${wanted} (${n})`;
      names.add(name.toLowerCase());
      index.push({
        id: f.id,
        titolo: f.title,
        file: `${name}.html`,
        condivisoConLaComunita: f.sharedWithCommunity,
        modificatoIl: f.updatedAt.toISOString(),
      });
      yield {
        name: `moduli/${name}.html`,
        data: `<!doctype html>\n<html lang="it"><head><meta charset="utf-8"><title>${escapeHtml(f.title)}</title></head><body>\n${f.content}\n</body></html>\n`,
      };
    }
    // an index of the titles: small (a studio has tens of templates, each a line here)
    yield { name: 'moduli/moduli.json', data: json(index) };
  }

  if (missing.length)
    yield {
      name: 'file-mancanti.txt',
      data: `File registrati ma non trovati nell'archivio al momento dell'esportazione:\r\n${missing.join('\r\n')}\r\n`,
    };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** How many files the ZIP holds, from the counts (the README, the CSVs and the JSONs included). */
const filesOf = (s: ExportSections, c: Awaited<ReturnType<typeof repo.counts>>) =>
  1 +
  (s.patient ? 0 : 2) +
  (s.anagrafica ? (s.patient ? 2 : 1) : 0) +
  (s.appuntamenti ? 1 : 0) +
  (s.fatture ? 1 + c.documenti + c.inviati : 0) +
  (s.ricevute ? 1 + c.ricevuti : 0) +
  (s.cartella ? 3 + c.allegati + c.schemi : 0) +
  (s.firme ? c.firmeFile + 2 * c.firme : 0) +
  (s.moduli ? 1 + c.moduli : 0);

const day = (now: Date) => now.toISOString().slice(0, 10);

/** GET /data-exporter/studio: the whole studio (the owner only, never in support mode). */
export const exportStudio = async (deps: AppDeps, ctx: StudioContext, onError: OnError) => {
  // SECURITY: an operator acting as the owner does not take a studio's patients away (as for deleting it)
  if (ctx.actorUserId || ctx.role !== 'ROLE_USER') throw forbidden();
  const sections = sectionsFor(ctx, undefined);
  const counts = await repo.counts(deps.db, ctx, undefined);
  await recordAudit(deps.db, ctx, { action: 'studio.export', entityType: 'studio', entityId: ctx.studioId });
  return {
    fileName: `studiolo-dati-studio-${day(deps.now())}.zip`,
    files: filesOf(sections, counts),
    stream: zipStream(entriesOf(deps, ctx, undefined, sections, counts, onError)),
  };
};

/** GET /data-exporter/pazienti/:id: everything about one patient (an access request, art. 15 GDPR). */
export const exportPatient = async (deps: AppDeps, ctx: StudioContext, pazienteId: string, onError: OnError) => {
  const patient = await repo.findPatient(deps.db, ctx, pazienteId);
  if (!patient) throw notFound();
  const sections = sectionsFor(ctx, pazienteId);
  const counts = await repo.counts(deps.db, ctx, pazienteId);
  await recordAudit(deps.db, ctx, {
    action: 'patient.export-data',
    entityType: 'patient',
    entityId: pazienteId,
    pazienteId,
  });
  return {
    fileName: sanitizeFileName(`dati-paziente-${patientDisplayName(patient) || 'senza nome'}-${day(deps.now())}.zip`),
    files: filesOf(sections, counts),
    stream: zipStream(entriesOf(deps, ctx, pazienteId, sections, counts, onError)),
  };
};
