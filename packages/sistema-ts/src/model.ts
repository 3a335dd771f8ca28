/**
 * The file of health expenses a studio sends to the Sistema Tessera Sanitaria (730 precompilato, "spese sanitarie"):
 * the XML attached, zipped, to the asynchronous web service InvioTelematicoSpeseSanitarie730p, as plain data. Element
 * names follow the official schema `730_precompilata.xsd` (kit730P_ver_20201218, in fixtures/ with its provenance) and
 * the specification "Modalità Asincrona" v2.5 of 20/12/2020; values are the wire's ('SI', 'F', '1'). Fiscal codes are
 * held in clear: `buildPrecompilataXml` encrypts them with the Sistema TS certificate while it writes the file, so the
 * checks can read them and nothing encrypted is kept longer than the file. Amounts are integer cents.
 */

import type { TipoSpesa } from '@studiolo/domain/sistema-ts';

/** spec v2.5 §5.1 tipoSpesa: what each expense is (the list and its labels live in the domain: a line carries one). */
export { type TipoSpesa, tipiSpesa, tipoSpesaLabels } from '@studiolo/domain/sistema-ts';

/** spec v2.5: the expense types for which pagamentoTracciato is not required (medicines and medical devices). */
export const tipiSpesaSenzaTracciabilita: readonly TipoSpesa[] = ['TK', 'FC', 'AD', 'FV'];

/** spec v2.5 flagOperazione: I inserimento, V variazione, R rimborso, C cancellazione. */
export const flagOperazioni = ['I', 'V', 'R', 'C'] as const;
export type FlagOperazione = (typeof flagOperazioni)[number];

/** The VAT natura codes a voce may carry: N1–N7 and their sub-codes (spec v2.5: at most 4 characters for an invoice). */
export const natureIva = [
  'N1',
  'N2',
  'N2.1',
  'N2.2',
  'N3',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
] as const;

/** idDocumentoFiscale: what identifies a fiscal document for the Sistema TS, for its whole life. */
export type IdDocumentoFiscale = {
  /** The issuer's partita IVA, 11 digits. */
  pIva: string;
  /** yyyy-MM-dd. */
  dataEmissione: string;
  numDocumentoFiscale: {
    /** The till that issued it; 1 for invoices and receipts. */
    dispositivo: number;
    /** Unique within the year for invoices: letters, digits and _ . / \ -, at most 20. */
    numDocumento: string;
  };
};

/** One expense of a document. */
export type VoceSpesa = {
  tipoSpesa: TipoSpesa;
  /** '1' marks a TK of the emergency room, '2' an SR in intramoenia. */
  flagTipoSpesa?: '1' | '2';
  /** Always positive, a refund too (spec v2.5), at most 99,999.99 €. */
  importoCents: number;
  /** The VAT rate in percent (10 means 10 %), for a taxed amount; else null and naturaIva set. */
  aliquotaIva: number | null;
  /** The VAT natura of an amount without VAT (N4 for exempt health services); else null and aliquotaIva set. */
  naturaIva: string | null;
};

export type DocumentoSpesa = {
  idSpesa: IdDocumentoFiscale;
  /** For a rimborso (R): the document whose expense is refunded. */
  idRimborso?: IdDocumentoFiscale;
  /** yyyy-MM-dd; it decides the tax year. Equal to dataEmissione for a rimborso. */
  dataPagamento: string;
  /** Paid before the document was issued (a deposit): required when dataPagamento < dataEmissione. */
  flagPagamentoAnticipato?: boolean;
  flagOperazione: FlagOperazione;
  /** The patient's fiscal code in clear (encrypted when the file is written); null when the patient opposes. */
  cfCittadino: string | null;
  /** SI traceable payment (card, transfer, cheque…), NO cash. */
  pagamentoTracciato?: 'SI' | 'NO';
  /** F fattura, D documento commerciale (scontrino). */
  tipoDocumento?: 'F' | 'D';
  /** '1' the patient opposes the sending to the Agenzia delle Entrate (then no cfCittadino). */
  flagOpposizione?: '0' | '1';
  voci: VoceSpesa[];
};

/**
 * Who issues the documents. A professional gives their fiscal code; a structure (pharmacy, authorised or accredited
 * structure) also its region, ASL and structure codes, as written in the letter that gave it its credentials.
 */
export type Proprietario = {
  codiceRegione?: string;
  codiceAsl?: string;
  codiceSSA?: string;
  /** In clear; encrypted when the file is written. */
  cfProprietario: string;
};

/** The whole file (root `precompilata`). */
export type Precompilata = {
  proprietario: Proprietario;
  documentiSpesa: DocumentoSpesa[];
};

/** One key per document, the same for its inserimento, variazione and cancellazione (to look up what was sent). */
export const idSpesaKey = (id: IdDocumentoFiscale): string =>
  `${id.pIva}|${id.dataEmissione}|${id.numDocumentoFiscale.dispositivo}|${id.numDocumentoFiscale.numDocumento}`;

/** A document as a person reads it: "n. 12/2026 del 24-11-2026". */
export const documentoLabel = (id: IdDocumentoFiscale): string =>
  `n. ${id.numDocumentoFiscale.numDocumento} del ${id.dataEmissione.split('-').reverse().join('-')}`;
