/**
 * Exact decimals for FatturaPA amounts: every amount is read into a BigInt of 10^-8 units (the finest scale the schema
 * allows, Amount8DecimalType), so sums and comparisons in the SDI checks never drift.
 */
export const scale = 100_000_000n;

/** @returns the decimal text as 10^-8 units, or null when it is not a plain decimal number. */
export const parseDecimal = (text: string | undefined | null): bigint | null => {
  if (text === undefined || text === null) return null;
  const m = /^\s*([+-]?)(\d{1,15})(?:\.(\d{1,8}))?\s*$/.exec(text);
  if (!m) return null;
  const units = BigInt(m[2] as string) * scale + BigInt((m[3] ?? '').padEnd(8, '0'));
  return m[1] === '-' ? -units : units;
};

/** 10^-8 units rounded half away from zero to cents. */
export const unitsToCents = (units: bigint): bigint => {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const cents = (abs + 500_000n) / 1_000_000n;
  return neg ? -cents : cents;
};

export const centsToUnits = (cents: bigint | number): bigint => BigInt(cents) * 1_000_000n;

/** Integer cents as the schema's two-decimal amount: 1234 → "12.34", -5 → "-0.05". */
export const formatCents = (cents: number | bigint): string => {
  const c = BigInt(cents);
  const neg = c < 0n;
  const abs = neg ? -c : c;
  return `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** 10^-8 units as text with 2 to 8 decimals (trailing zeros beyond the second dropped). */
export const formatUnits = (units: bigint): string => {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const dec = String(abs % scale)
    .padStart(8, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${neg ? '-' : ''}${abs / scale}.${dec}`;
};

/** A percentage as RateType: 22 → "22.00", 2.5 → "2.50". */
export const formatRate = (percent: number): string => formatCents(Math.round(percent * 100));

/** 10^-8 units as euros, to show in a message: 1234500000n → "12,35". */
export const unitsAsEuroText = (units: bigint): string => formatCents(unitsToCents(units)).replace('.', ',');

export const absUnits = (u: bigint): bigint => (u < 0n ? -u : u);
