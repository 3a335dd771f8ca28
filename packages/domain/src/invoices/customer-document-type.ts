import type { TipoDocumentoFattura } from './invoice.schema.ts';

/**
 * Who an invoice is made out to, for the document type it starts as (issue 26 item 4): a patient who is a person, a
 * company (or professional with a VAT number), a public administration.
 */
export const customerKinds = ['PERSONA', 'AZIENDA', 'PA'] as const;
export type CustomerKind = (typeof customerKinds)[number];

/** The kind of a patient record's customer (datiGenerali's tipologiaPersona and isPubblicaAmministrazione). */
export const customerKindOf = (g: {
  tipologiaPersona: 'FISICA' | 'GIURIDICA';
  isPubblicaAmministrazione?: boolean | null;
}): CustomerKind => (g.tipologiaPersona === 'FISICA' ? 'PERSONA' : g.isPubblicaAmministrazione ? 'PA' : 'AZIENDA');

/**
 * The document a new invoice to this customer starts as. A person gets the health invoice (its expenses go to the
 * Sistema TS, and art. 10-bis DL 119/2018 forbids the electronic invoice through the SDI for them); a company gets
 * the electronic invoice through the SDI, in format FPR12; a public administration the same in FPA12 (DM 55/2013).
 */
export const documentStartFor = (
  kind: CustomerKind,
): { tipoDocumento: TipoDocumentoFattura; formatoTrasmissione: 'FPR_12' | 'FPA_12' } =>
  kind === 'PERSONA'
    ? { tipoDocumento: 'FATTURA_SANITARIA', formatoTrasmissione: 'FPR_12' }
    : { tipoDocumento: 'FATTURA_ELETTRONICA', formatoTrasmissione: kind === 'PA' ? 'FPA_12' : 'FPR_12' };

/** Texts that say why (decision 003: not in the spec). */
export const customerDocumentTypeTexts = {
  startedAs: {
    PERSONA: 'Paziente persona fisica: fattura sanitaria, le spese vanno al Sistema TS.',
    AZIENDA: 'Cliente società: fattura elettronica, inviata tramite SDI (formato FPR12).',
    PA: 'Pubblica amministrazione: fattura elettronica FPA12, inviata tramite SDI.',
  },
  /** The type chosen differs from the customer's. */
  differs: {
    PERSONA:
      'Per un paziente persona fisica si usa la fattura sanitaria: la fattura elettronica tramite SDI per prestazioni sanitarie a persone fisiche non è ammessa (art. 10-bis DL 119/2018) e le spese vanno al Sistema TS.',
    AZIENDA:
      'Una società riceve la fattura elettronica tramite SDI: la fattura sanitaria è per i pazienti persone fisiche e non viene inviata allo SDI.',
    PA: 'Una pubblica amministrazione accetta solo la fattura elettronica FPA12 tramite SDI (DM 55/2013): con un altro tipo non potrà pagarla.',
  },
} as const;

/**
 * What the form says under the document type: why it started as it did, or, when the person chose another type
 * than the customer's (a credit note aside), why the customer's is expected. Null without a customer.
 */
export const documentTypeAdvice = (kind: CustomerKind | null, chosen: TipoDocumentoFattura): string | null => {
  if (!kind || chosen === 'NOTA_DI_CREDITO') return null;
  return chosen === documentStartFor(kind).tipoDocumento
    ? customerDocumentTypeTexts.startedAs[kind]
    : customerDocumentTypeTexts.differs[kind];
};
