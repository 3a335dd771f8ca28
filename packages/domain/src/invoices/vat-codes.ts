import type { RegimeFiscale } from '../studio/regime-fiscale.ts';

/** FatturaPA natura codes (v1.2.2); N2, N3 and N6 are the generic ones the SDI no longer accepts since 2021. */
export type NaturaIva = 'N1' | 'N2' | 'N2.1' | 'N2.2' | 'N3' | 'N3.5' | 'N3.6' | 'N4' | 'N5' | 'N6' | 'N6.9' | 'N7';

/**
 * A VAT code a line can carry (spec part 2 §3 "VAT code: id, aliquota, description"). The ids are part of the wire
 * contract and never change meaning: the spec relies on 4 (forfettario default), 12 (default otherwise) and on 2, 5
 * and 14 asking for riferimentoAmministrazione (they are the split-payment codes used towards public bodies).
 * docs/decisions/020-invoicing.md.
 */
export type CodiceIva = {
  id: number;
  /** Rate in percent (22 means 22 %). */
  aliquota: number;
  description: string;
  /** The FatturaPA Natura for a zero rate; null when VAT is charged. */
  natura: NaturaIva | null;
  /** EsigibilitaIVA S: the public body pays the VAT to the State (scissione dei pagamenti). */
  splitPayment: boolean;
  /** Generic codes the SDI may reject (spec part 2 §5 'Codice deprecato!'). */
  deprecated: boolean;
};

const code = (
  id: number,
  aliquota: number,
  description: string,
  natura: NaturaIva | null,
  extra: { splitPayment?: boolean; deprecated?: boolean } = {},
): CodiceIva => ({
  id,
  aliquota,
  description,
  natura,
  splitPayment: extra.splitPayment ?? false,
  deprecated: extra.deprecated ?? false,
});

export const codiciIva: readonly CodiceIva[] = [
  code(1, 22, 'IVA 22%', null),
  code(2, 22, 'IVA 22% - scissione dei pagamenti (PA)', null, { splitPayment: true }),
  code(3, 10, 'IVA 10%', null),
  code(4, 0, 'Non soggetta - regime forfettario (art. 1, c. 54-89, L. 190/2014)', 'N2.2'),
  code(5, 10, 'IVA 10% - scissione dei pagamenti (PA)', null, { splitPayment: true }),
  code(6, 5, 'IVA 5%', null),
  code(7, 4, 'IVA 4%', null),
  code(8, 0, 'Esclusa art. 15 DPR 633/72 (spese anticipate in nome e per conto del cliente)', 'N1'),
  code(9, 0, 'Non soggetta artt. da 7 a 7-septies DPR 633/72', 'N2.1'),
  code(10, 0, 'Non soggetta - contribuenti minimi (art. 27, c. 1 e 2, DL 98/2011)', 'N2.2'),
  code(11, 0, 'Non imponibile - altre operazioni', 'N3.6'),
  code(12, 0, 'Esente art. 10, c. 1, n. 18 DPR 633/72 (prestazioni sanitarie)', 'N4'),
  code(13, 0, 'Esente art. 10 DPR 633/72 (altre operazioni esenti)', 'N4'),
  code(14, 5, 'IVA 5% - scissione dei pagamenti (PA)', null, { splitPayment: true }),
  code(15, 0, 'Regime del margine (art. 36, DL 41/95)', 'N5'),
  code(16, 0, 'Inversione contabile - altri casi', 'N6.9'),
  code(17, 0, 'IVA assolta in altro stato UE', 'N7'),
  code(18, 0, 'Non soggetta (codice generico N2)', 'N2', { deprecated: true }),
  code(19, 0, 'Non imponibile (codice generico N3)', 'N3', { deprecated: true }),
  code(20, 0, 'Inversione contabile (codice generico N6)', 'N6', { deprecated: true }),
  code(21, 0, "Non imponibile a seguito di dichiarazioni d'intento", 'N3.5'),
];

const byId = new Map(codiciIva.map((c) => [c.id, c]));

/** @returns the VAT code with this id, or undefined for an unknown id. */
export const findCodiceIva = (id: number): CodiceIva | undefined => byId.get(id);

/** @returns the VAT code with this id; throws for an unknown id (inputs are validated against the table first). */
export const codiceIvaOf = (id: number): CodiceIva => {
  const found = byId.get(id);
  if (!found) throw new RangeError(`Codice IVA sconosciuto: ${id}`);
  return found;
};

/** spec part 2 §4: default VAT code of a new line, 4 for the forfettario regime or no regime, else 12. */
export const defaultCodiceIvaId = (regime: RegimeFiscale | null | undefined): number =>
  !regime || regime === 'RF_19' ? 4 : 12;

/** spec part 2 §5: riferimentoAmministrazione only for the codes 2, 5 and 14. */
export const codiciConRiferimentoAmministrazione: readonly number[] = [2, 5, 14];
export const needsRiferimentoAmministrazione = (codiceIvaId: number) =>
  codiciConRiferimentoAmministrazione.includes(codiceIvaId);

/**
 * The codes whose lines form the 'Suggerito' withholding base (spec part 2 §5, list decided in decision 020): every
 * fee, that is every code except N1, the sums advanced on the client's behalf (stamp duty, expenses), which are no
 * income of the professional.
 */
export const isWithholdingBaseCode = (codiceIvaId: number) => findCodiceIva(codiceIvaId)?.natura !== 'N1';
