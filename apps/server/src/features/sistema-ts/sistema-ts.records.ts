import type { Fattura } from '@studiolo/domain/invoices';
import type { OperazioneTs } from '@studiolo/domain/sistema-ts';
import {
  type DocumentoSpesa,
  type Proprietario,
  prepareInvio,
  sistemaTsCipher,
  spesaSanitariaOf,
} from '@studiolo/sistema-ts';
import type { TsErrore } from '../../adapters/sistema-ts/sistema-ts.ts';
import type { SistemaTsCredentials } from './sistema-ts.credentials.ts';

/**
 * The server's side of packages/sistema-ts: the one builder of health-expense records and of the file
 * (730_precompilata.xsd), with the Sistema TS's own checks. A record is kept as sent (ts_invii.record) to see whether
 * its document changed since, and to cancel it even after the document is deleted.
 */
export type TsRecord = DocumentoSpesa;

/** The record of a health invoice or credit note as it is now, for the operation its state asks. */
export const recordOf = (f: Fattura, o: { operazione: OperazioneTs; pIva: string }): TsRecord =>
  spesaSanitariaOf(f, {
    pIva: o.pIva,
    ...(o.operazione === 'R' ? {} : { operazione: o.operazione }),
  });

/** The cancellazione of a record the Sistema TS accepted: the same document, withdrawn. */
export const cancellazioneOf = (accepted: TsRecord): TsRecord => {
  const { idRimborso: _refunded, ...record } = accepted;
  return { ...record, flagOperazione: 'C' };
};

/** JSON with its keys sorted at every level (a record read back from jsonb has its keys reordered). */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

/** What the record says, whatever it does: a document whose content changed since acceptance is due again. */
export const contenutoOf = (r: TsRecord) => canonical({ ...r, flagOperazione: null, idRimborso: null });

/** Who sends: a professional by their fiscal code, a structure also by its region, ASL and structure codes. */
const proprietarioOf = (c: SistemaTsCredentials): Proprietario =>
  c.categoria === 'STRUTTURA'
    ? {
        codiceRegione: c.codiceRegione,
        codiceAsl: c.codiceAsl,
        codiceSSA: c.codiceSSA,
        cfProprietario: c.cfProprietario,
      }
    : { cfProprietario: c.cfProprietario };

export type PreparedFile = {
  /** The file of the records that pass, the fiscal codes encrypted with the certificate; null when none passes. */
  xml: string | null;
  /** Per record (the input's order): what the Sistema TS would refuse, in Italian with the fix; empty when it goes. */
  errori: TsErrore[][];
  /** What is wrong with the file itself (the sender's codes): nothing leaves. */
  erroriFile: TsErrore[];
};

const erroreOf = ({ codice, descrizione, suggerimento }: TsErrore): TsErrore => ({ codice, descrizione, suggerimento });

/**
 * Checks the records as the Sistema TS would (`checkSpeseSanitarie`) and writes the file of those that pass: a wrong
 * record waits with its reasons and does not hold back the others. `today` in Italy, yyyy-MM-dd.
 */
export const prepareFile = (c: SistemaTsCredentials, records: TsRecord[], today: string): PreparedFile => {
  const prepared = prepareInvio(
    { proprietario: proprietarioOf(c), documentiSpesa: records },
    { today, cipher: sistemaTsCipher(c.certificatePem) },
  );
  const errori: TsErrore[][] = records.map(() => []);
  const erroriFile: TsErrore[] = [];
  for (const e of prepared.errors) (e.documento === null ? erroriFile : errori[e.documento])?.push(erroreOf(e));
  return { xml: prepared.xml, errori, erroriFile };
};
