import { z } from './zod-it.ts';

/** Outcome codes of every API answer (spec part 1 §8, part 2 §8). */
export const envelopeCodes = ['SUCCESS', 'ERROR', 'ALERT'] as const;
export type EnvelopeCode = (typeof envelopeCodes)[number];

/** The envelope every API answer uses: `{ code, answer?, response?, warnings? }`. */
export type Envelope<T> = {
  code: EnvelopeCode;
  answer?: string | string[];
  response?: T;
  warnings?: string[];
};

/** zod schema of an envelope whose `response` has the given schema (used for serialization and OpenAPI). */
export const envelopeSchema = <T extends z.ZodType>(response: T) =>
  z.object({
    code: z.enum(envelopeCodes),
    answer: z.union([z.string(), z.array(z.string())]).optional(),
    response: response.optional(),
    warnings: z.array(z.string()).optional(),
  });

export const errorEnvelopeSchema = z.object({
  code: z.literal('ERROR'),
  answer: z.union([z.string(), z.array(z.string())]),
  fields: z.record(z.string(), z.string()).optional(),
});
