import { z } from './zod-it.ts';

/**
 * Amounts travel as euros with at most two decimals (what a person types) and are kept as integer cents; the
 * conversion happens here only, so no figure drifts through floating-point arithmetic.
 */
export const eurosToCents = (euros: number): number => Math.round(euros * 100);
export const centsToEuros = (cents: number): number => cents / 100;

/** A non-negative euro amount with at most two decimals, up to one million; parsed to integer cents. */
export const euroAmountSchema = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(1_000_000, { error: message })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: message })
    .transform(eurosToCents);

/**
 * round(a × b / c), half away from zero, in exact integer arithmetic (BigInt: a price × quantity × basis points can pass
 * 2^53). c must be positive.
 */
export const mulDivRound = (a: number, b: number, c: number): number => {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c);
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return Number(neg ? -q : q);
};

/** A percentage with at most two decimals as integer basis points (22 → 2200, 2.5 → 250). */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);

/**
 * cents × times ÷ over, in euros, as a decimal text with 2 to 8 decimals, exact (FatturaPA prices take up to 8
 * decimals): what a unit price is when a line's total does not split into whole cents. over must be positive.
 */
export const centsRatioAsDecimal = (cents: number, times: number, over: number): string => {
  const scaled = mulDivRound(cents * 1_000_000, times, over); // units of 10^-8 euro
  const digits = String(Math.abs(scaled)).padStart(9, '0');
  const int = digits.slice(0, -8);
  const dec = digits.slice(-8).replace(/0+$/, '').padEnd(2, '0');
  return `${scaled < 0 ? '-' : ''}${int}.${dec}`;
};
