import type { RegimeFiscale } from '../studio/regime-fiscale.ts';

/**
 * The legal texts printed on an invoice, pro-forma or credit note when the studio wrote none of its own
 * (fatturaSettings.middleText, footerText; spec part 2 §2 "Default middle and footer legal texts exist").
 * Decision 019.
 */

/** The forfettario declaration (L. 190/2014, art. 1, c. 54-89; no VAT, c. 58; no withholding, c. 67). */
export const forfettarioMiddleText =
  "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 – Regime forfettario. " +
  "Operazione senza applicazione dell'IVA e non soggetta a ritenuta d'acconto ai sensi dell'art. 1, comma 67, " +
  'L. 190/2014.';

/**
 * The stamp duty recharged to the customer as a line of its own, the same words on the PDF and in the XML's
 * DettaglioLinee (issue 26; decision 020, 'Figures as printed').
 */
export const stampDutyLineText = 'Imposta di bollo addebitata al cliente';

/** Health services exempt from VAT (VAT code 12, natura N4). */
export const prestazioneSanitariaEsenteText =
  "Prestazione sanitaria esente IVA ai sensi dell'art. 10, comma 1, n. 18, DPR 633/1972.";

/** The VAT code of exempt health services (vat-codes.ts). */
const codiceIvaPrestazioniSanitarie = 12;

/**
 * @returns the text printed between the lines and the totals: the forfettario declaration for RF_19, the exemption of
 * health services when a line carries VAT code 12, otherwise null (nothing to declare).
 */
export const defaultMiddleText = (
  regimeFiscale: RegimeFiscale | null | undefined,
  codiciIvaUsed: readonly number[],
): string | null => {
  if (regimeFiscale === 'RF_19') return forfettarioMiddleText;
  if (codiciIvaUsed.includes(codiceIvaPrestazioniSanitarie)) return prestazioneSanitariaEsenteText;
  return null;
};

/**
 * The page footer: the privacy notice (Reg. UE 2016/679) and the Sistema Tessera Sanitaria transmission of health
 * expenses for the pre-filled tax return (D.Lgs. 175/2014, art. 3), which the patient may oppose.
 */
export const defaultFooterText =
  'I dati personali sono trattati ai sensi del Regolamento UE 2016/679 (GDPR) e del D.Lgs. 196/2003 per le sole ' +
  'finalità amministrative e fiscali. I dati delle spese sanitarie sono trasmessi al Sistema Tessera Sanitaria ai ' +
  "fini della dichiarazione dei redditi precompilata (art. 3, D.Lgs. 175/2014), salvo opposizione dell'interessato.";
