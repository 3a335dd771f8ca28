/**
 * Formatting at the edge (GUIDE §3): amounts arrive as euros from the document's totali and are only turned into text
 * here. Grouping is always on, so 1040 prints as "1.040,00 €" as Italian invoices write it (it-IT's default leaves
 * four-digit amounts ungrouped).
 */
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
/** Unit prices: the exact decimal the totals give (2 to 8 decimals, as FatturaPA's PrezzoUnitario), never rounded. */
const unitPrice = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});
const plain = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2, useGrouping: 'always' });

/** 1040.5 → "1.040,50 €". */
export const formatEuro = (euros: number): string => euro.format(euros);

/** "96.15384615" (a decimal text) or 96.15 → "96,15384615 €"; formatted from the text, so no digit is lost. */
export const formatUnitPrice = (value: string | number): string =>
  // Intl.NumberFormat formats decimal strings exactly (ECMA-402 NumberFormat v3); its types only list number | bigint
  unitPrice.format(value as unknown as number);

/** 4 → "4%", 4.5 → "4,5%". */
export const formatPercent = (percent: number): string => `${plain.format(percent)}%`;

/** 3 → "3", 1.5 → "1,5". */
export const formatQuantity = (n: number): string => plain.format(n);

/** IT60X0542811101000000123456 → "IT60 X054 2811 1010 0000 0123 456". */
export const formatIban = (iban: string): string =>
  iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
