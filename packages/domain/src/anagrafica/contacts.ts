import { text } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { anagraficaMessages as m } from './anagrafica.messages.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** spec part 1 §5: digits, plus, minus, parentheses and spaces; part 2 §5: optional country prefix. */
const phonePattern = /^\+?[0-9()\- ]{3,30}$/;

const lowerTrimmed = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v?.trim().toLowerCase() || null);

export const emailSchema = (message: string = m.emailInvalid) =>
  lowerTrimmed(254).refine((v) => v === null || emailPattern.test(v), { error: message });

export const phoneSchema = z
  .string()
  .max(30, { error: m.phoneInvalid })
  .nullish()
  .transform((v) => v?.trim() || null)
  .refine((v) => v === null || phonePattern.test(v), { error: m.phoneInvalid });

export const contattiSchema = z.object({
  cellulare: phoneSchema,
  telefono: phoneSchema,
  email: emailSchema(),
  pec: emailSchema(m.pecInvalid),
});
export type Contatti = z.infer<typeof contattiSchema>;

/** spec part 1 §5: a studio needs an e-mail and at least one phone number. */
export const studioContattiSchema = contattiSchema.superRefine((c, ctx) => {
  if (!c.email || (!c.cellulare && !c.telefono)) {
    ctx.addIssue({ code: 'custom', message: m.studioContactsRequired, path: c.email ? ['cellulare'] : ['email'] });
  }
});

/** Contacts as stored and answered (no transforms: response schemas must encode both ways). */
export const contattiValueSchema = z.object({
  cellulare: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  pec: z.string().nullable(),
});
