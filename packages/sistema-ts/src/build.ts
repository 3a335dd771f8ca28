import type { Cipher } from './crypto.ts';
import type { DocumentoSpesa, IdDocumentoFiscale, Precompilata, VoceSpesa } from './model.ts';

/**
 * Writes the file of health expenses, elements in the order of `730_precompilata.xsd` (kit730P_ver_20201218), the
 * fiscal codes encrypted with the Sistema TS certificate as they are written. Amounts with two decimals, rates as
 * percentages with two decimals, dates yyyy-MM-dd, every text escaped. The result may still break a rule of the
 * Sistema TS that the schema does not express (a wrong fiscal code, a refund of nothing): run `checkSpeseSanitarie`
 * on the model first. Plain string building: 10,000 records are a few megabytes, written in one pass.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** XML character data with the five special characters escaped. */
export const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (c) => escapes[c] as string);

/** Integer cents as the schema's amount: 1234 → "12.34" (Dec7MinTipo: 1 to 5 digits, a point, 2 digits). */
export const formatImporto = (cents: number): string => {
  const c = Math.trunc(cents);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A percentage as RateType: 22 → "22.00", 5.5 → "5.50". */
export const formatAliquota = (percent: number): string => formatImporto(Math.round(percent * 100));

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

const idDocumento = (name: string, id: IdDocumentoFiscale) =>
  `<${name}>${el('pIva', id.pIva)}${el('dataEmissione', id.dataEmissione)}<numDocumentoFiscale>${el(
    'dispositivo',
    String(id.numDocumentoFiscale.dispositivo),
  )}${el('numDocumento', id.numDocumentoFiscale.numDocumento)}</numDocumentoFiscale></${name}>`;

const voce = (v: VoceSpesa) =>
  `<voceSpesa>${el('tipoSpesa', v.tipoSpesa)}${v.flagTipoSpesa ? el('flagTipoSpesa', v.flagTipoSpesa) : ''}${el(
    'importo',
    formatImporto(v.importoCents),
  )}${
    v.aliquotaIva !== null
      ? el('aliquotaIVA', formatAliquota(v.aliquotaIva))
      : v.naturaIva !== null
        ? el('naturaIVA', v.naturaIva)
        : ''
  }</voceSpesa>`;

/** One `documentoSpesa` element, the citizen's code encrypted by the cipher (left out when null). */
export const documentoSpesaXml = (d: DocumentoSpesa, encrypt: Cipher): string => {
  const parts = [
    '<documentoSpesa>',
    idDocumento('idSpesa', d.idSpesa),
    d.idRimborso ? idDocumento('idRimborso', d.idRimborso) : '',
    el('dataPagamento', d.dataPagamento),
    d.flagPagamentoAnticipato ? el('flagPagamentoAnticipato', '1') : '',
    el('flagOperazione', d.flagOperazione),
    d.cfCittadino ? el('cfCittadino', encrypt(d.cfCittadino)) : '',
    d.pagamentoTracciato ? el('pagamentoTracciato', d.pagamentoTracciato) : '',
    d.tipoDocumento ? el('tipoDocumento', d.tipoDocumento) : '',
    d.flagOpposizione ? el('flagOpposizione', d.flagOpposizione) : '',
  ];
  for (const v of d.voci) parts.push(voce(v));
  parts.push('</documentoSpesa>');
  return parts.join('');
};

/** @returns the file's XML, UTF-8, ready to validate against the official schema, zip and send. */
export const buildPrecompilataXml = (file: Precompilata, encrypt: Cipher): string => {
  const p = file.proprietario;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<precompilata xsi:noNamespaceSchemaLocation="730_precompilata.xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '<proprietario>',
    p.codiceRegione ? el('codiceRegione', p.codiceRegione) : '',
    p.codiceAsl ? el('codiceAsl', p.codiceAsl) : '',
    p.codiceSSA ? el('codiceSSA', p.codiceSSA) : '',
    el('cfProprietario', encrypt(p.cfProprietario)),
    '</proprietario>',
  ];
  for (const d of file.documentiSpesa) parts.push(documentoSpesaXml(d, encrypt));
  parts.push('</precompilata>');
  return parts.join('');
};
