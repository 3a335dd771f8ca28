import { toLatinText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { anagraficaMessages as m } from './anagrafica.messages.ts';
import { isValidIban, normalizeIban } from './iban.ts';

const latin = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null ? null : toLatinText(v).trim() || null));

/** Residenza / Domicilio (spec part 1 §3, §5; part 2 §5). Every part may be empty while editing. */
export const residenzaSchema = z
  .object({
    indirizzo: latin(200),
    cap: z
      .string()
      .nullish()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || /^[0-9]{5}$/.test(v), { error: m.capInvalid }),
    comune: latin(100),
    provincia: z
      .string()
      .nullish()
      .transform((v) => v?.trim().toUpperCase() || null)
      .refine((v) => v === null || /^[A-Z]{2}$/.test(v), { error: m.provinciaInvalid }),
  })
  .superRefine((a, ctx) => {
    // spec part 1 §5: "Indirizzo non valido" when street, town, CAP or province is empty
    const filled = [a.indirizzo, a.cap, a.comune, a.provincia].filter(Boolean).length;
    if (filled > 0 && filled < 4) ctx.addIssue({ code: 'custom', message: m.indirizzoInvalid, path: ['indirizzo'] });
  });
export type Residenza = z.infer<typeof residenzaSchema>;

export const coordinateBancarieSchema = z.object({
  intestatario: latin(200),
  nomeBanca: latin(200),
  iban: z
    .string()
    .nullish()
    .transform((v) => (v ? normalizeIban(v) : '') || null)
    .refine((v) => v === null || isValidIban(v), { error: m.ibanInvalid }),
  bicSwift: z
    .string()
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || null)
    .refine((v) => v === null || /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(v), { error: 'BIC/SWIFT non valido' }),
});
export type CoordinateBancarie = z.infer<typeof coordinateBancarieSchema>;
