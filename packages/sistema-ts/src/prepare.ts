import { buildPrecompilataXml } from './build.ts';
import type { Cipher } from './crypto.ts';
import type { DocumentoSpesa, Precompilata } from './model.ts';
import { checkSpeseSanitarie, type TsCheckError, type TsCheckOptions } from './ts-checks.ts';

/** What leaves for the Sistema TS: the file of the records that pass the checks, and why the others stay. */
export type PreparedInvio = {
  /** The XML of the records without errors; null when none can go or the file itself is wrong (its owner). */
  xml: string | null;
  /** The records in the XML, in order (to mark them as sent). */
  inviati: DocumentoSpesa[];
  /** Every error found, each with its record's index in the input (null for the file as a whole). */
  errors: TsCheckError[];
};

/**
 * Checks every record and writes the file of those that pass, the fiscal codes encrypted: a wrong record waits with
 * its reason and does not hold back the others (the yearly deadline is for every document). One pass each.
 */
export const prepareInvio = (file: Precompilata, options: TsCheckOptions & { cipher: Cipher }): PreparedInvio => {
  const errors = checkSpeseSanitarie(file, options);
  const wrong = new Set<number>();
  let fileWrong = false;
  for (const e of errors) {
    if (e.documento === null) fileWrong = true;
    else wrong.add(e.documento);
  }
  const inviati = fileWrong ? [] : file.documentiSpesa.filter((_, i) => !wrong.has(i));
  const xml = inviati.length
    ? buildPrecompilataXml({ proprietario: file.proprietario, documentiSpesa: inviati }, options.cipher)
    : null;
  return { xml, inviati, errors };
};
