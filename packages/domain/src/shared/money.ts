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
