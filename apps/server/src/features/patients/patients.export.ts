import { pipeline, Readable } from 'node:stream';
import { patientStateLabels } from '@studiolo/domain/patients';
import { stringify } from 'csv-stringify';
import type { AppDeps } from '../../deps.ts';
import { spreadsheetSafe } from '../../shared/spreadsheet.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { patientsRepository as repo } from './patients.repository.ts';
import { toPatient } from './patients.service.ts';

/** Rows fetched per query: small enough for flat memory, large enough that 100,000 patients take 100 queries. */
const batchSize = 1000;

const yesNo = (v: boolean) => (v ? 'Sì' : 'No');

/** The registry's columns with their Italian headers, in the order a studio reads them. */
const columns: [header: string, value: (p: ReturnType<typeof toPatient>) => string | null][] = [
  ['Cognome', (p) => p.datiGenerali.cognome],
  ['Nome', (p) => p.datiGenerali.nome],
  ['Ragione sociale', (p) => p.datiGenerali.ragioneSociale],
  ['Tipologia', (p) => (p.datiGenerali.tipologiaPersona === 'FISICA' ? 'Persona fisica' : 'Persona giuridica')],
  ['Pubblica amministrazione', (p) => yesNo(p.datiGenerali.isPubblicaAmministrazione)],
  ['Codice fiscale', (p) => p.datiGenerali.codiceFiscale],
  ['Partita IVA', (p) => p.datiGenerali.partitaIva],
  ['Codice destinatario', (p) => p.datiGenerali.codiceDestinatario],
  ['Sesso', (p) => (p.datiGenerali.tipologiaPersona === 'FISICA' ? (p.datiGenerali.sesso === 'D' ? 'F' : 'M') : null)],
  ['Data di nascita', (p) => p.datiGenerali.dataNascita],
  ['Comune di nascita', (p) => p.datiGenerali.comuneNascita],
  ['Provincia di nascita', (p) => p.datiGenerali.provinciaNascita],
  ['Nazionalità', (p) => p.datiGenerali.nazionalita],
  ['Cellulare', (p) => p.contatti.cellulare],
  ['Telefono', (p) => p.contatti.telefono],
  ['Email', (p) => p.contatti.email],
  ['PEC', (p) => p.contatti.pec],
  ['Indirizzo', (p) => p.residenza.indirizzo],
  ['CAP', (p) => p.residenza.cap],
  ['Comune', (p) => p.residenza.comune],
  ['Provincia', (p) => p.residenza.provincia],
  ['Numero tessera sanitaria', (p) => p.datiSanitari.numeroTesseraSanitaria],
  ["Documento d'identità", (p) => p.datiSanitari.documentoIdentita],
  ['Trasmissione al Sistema TS', (p) => yesNo(p.datiSanitari.trasmissioneSistemaSanitario)],
  ['Stato', (p) => patientStateLabels[p.state]],
  ['Etichette', (p) => p.tags.join(', ')],
  ['Valido per fattura', (p) => yesNo(p.validForFattura)],
  ['Note', (p) => p.datiGenerali.note],
];

async function* registryRows(deps: AppDeps, ctx: StudioContext, pazienteId?: string) {
  if (pazienteId) {
    const row = await repo.find(deps.db, ctx, pazienteId);
    if (row) yield columns.map(([, value]) => spreadsheetSafe(value(toPatient(row))));
    return;
  }
  let after: { sortName: string; id: string } | null = null;
  for (;;) {
    const rows = await repo.listBatch(deps.db, ctx, after, batchSize);
    for (const row of rows) {
      const patient = toPatient(row);
      yield columns.map(([, value]) => spreadsheetSafe(value(patient)));
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { sortName: last.sortName, id: last.id };
  }
}

/**
 * The registry (or one patient's row) as CSV for a spreadsheet (UTF-8 with BOM, semicolons as Italian Excel expects),
 * streamed in keyset batches so memory stays flat on any size. Also a file of the studio's export (studio-export).
 */
export const patientRegistryCsv = (
  deps: AppDeps,
  ctx: StudioContext,
  onError: (error: Error) => void,
  pazienteId?: string,
) => {
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: columns.map(([h]) => h),
  });
  // pipeline destroys the CSV stream (and so aborts the download) if a batch query fails midway
  pipeline(Readable.from(registryRows(deps, ctx, pazienteId)), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
};

/** GET /data-exporter/anagrafiche-pazienti: the whole registry as CSV (audited). */
export const exportPatientRegistry = async (deps: AppDeps, ctx: StudioContext, onError: (error: Error) => void) => {
  await recordAudit(deps.db, ctx, { action: 'patient.export', entityType: 'patient' });
  const total = await repo.count(deps.db, ctx);
  return { stream: patientRegistryCsv(deps, ctx, onError), total };
};
