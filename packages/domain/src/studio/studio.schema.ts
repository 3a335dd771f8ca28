import { coordinateBancarieSchema, residenzaSchema } from '../anagrafica/address.ts';
import { anagraficaMessages as m } from '../anagrafica/anagrafica.messages.ts';
import { contattiValueSchema, studioContattiSchema } from '../anagrafica/contacts.ts';
import { isValidPartitaIva, isValidStudioCodiceFiscale } from '../anagrafica/fiscal-codes.ts';
import { sessi, tipologiePersona } from '../anagrafica/persona.ts';
import { text, toLatinText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { regimiFiscali } from './regime-fiscale.ts';

/** One line of the shared string rule (decision 033), kept to Latin characters, trimmed; empty becomes null. */
const latinName = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v == null ? null : toLatinText(v).trim() || null));

const upperCode = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v?.replace(/\s+/g, '').toUpperCase() || null);

/** The studio's own data (spec part 1 §3, validators part 1 §5). */
export const studioInputSchema = z
  .object({
    tipologiaPersona: z.enum(tipologiePersona, { error: m.required }),
    nome: latinName(100),
    cognome: latinName(100),
    ragioneSociale: latinName(200),
    sesso: z.enum(sessi).default('U'),
    codiceFiscale: upperCode(16),
    partitaIva: upperCode(11),
    iscrizioneAlbo: latinName(200),
    professione: latinName(100),
    contatti: studioContattiSchema,
    residenza: residenzaSchema,
    coordinateBancarie: coordinateBancarieSchema.default({
      intestatario: null,
      nomeBanca: null,
      iban: null,
      bicSwift: null,
    }),
    tassazione: z.object({ regimeFiscale: z.enum(regimiFiscali).default('RF_19') }).default({ regimeFiscale: 'RF_19' }),
  })
  .superRefine((s, ctx) => {
    const need = (path: string, ok: unknown) => {
      if (!ok) ctx.addIssue({ code: 'custom', message: m.required, path: [path] });
    };
    need('codiceFiscale', s.codiceFiscale);
    if (s.tipologiaPersona === 'FISICA') {
      need('nome', s.nome);
      need('cognome', s.cognome);
    } else {
      need('ragioneSociale', s.ragioneSociale);
    }
    if (s.codiceFiscale && !isValidStudioCodiceFiscale(s.codiceFiscale))
      ctx.addIssue({ code: 'custom', message: m.codiceFiscaleInvalidStudio, path: ['codiceFiscale'] });
    // spec part 1 §5: "partitaIva shown as required"
    need('partitaIva', s.partitaIva);
    if (s.partitaIva && !isValidPartitaIva(s.partitaIva))
      ctx.addIssue({ code: 'custom', message: m.partitaIvaInvalid, path: ['partitaIva'] });
    // spec part 1 §5: "Indirizzo non valido" when street, town, CAP or province is empty. A studio's address is
    // on every invoice it issues (CedentePrestatore/Sede), so unlike a patient's it may not be left all empty.
    if (!s.residenza.indirizzo && !s.residenza.cap && !s.residenza.comune && !s.residenza.provincia)
      ctx.addIssue({ code: 'custom', message: m.indirizzoInvalid, path: ['residenza', 'indirizzo'] });
  });
export type StudioInput = z.input<typeof studioInputSchema>;
export type StudioData = z.output<typeof studioInputSchema>;

export const stripeSubStatuses = ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete'] as const;

export const studioSchema = z.object({
  id: z.uuid(),
  logo: z.object({ assetUrl: z.string().nullable() }),
  tipologiaPersona: z.enum(tipologiePersona),
  nome: z.string().nullable(),
  cognome: z.string().nullable(),
  ragioneSociale: z.string().nullable(),
  sesso: z.enum(sessi),
  codiceFiscale: z.string().nullable(),
  partitaIva: z.string().nullable(),
  iscrizioneAlbo: z.string().nullable(),
  professione: z.string().nullable(),
  contatti: contattiValueSchema,
  residenza: z.object({
    indirizzo: z.string().nullable(),
    cap: z.string().nullable(),
    comune: z.string().nullable(),
    provincia: z.string().nullable(),
  }),
  coordinateBancarie: z.object({
    intestatario: z.string().nullable(),
    nomeBanca: z.string().nullable(),
    iban: z.string().nullable(),
    bicSwift: z.string().nullable(),
  }),
  tassazione: z.object({ regimeFiscale: z.enum(regimiFiscali) }),
  stripeSubStatus: z.enum(stripeSubStatuses).nullable(),
  stripeSubEndDate: z.string().nullable(),
  requireStaffTwoFactor: z.boolean(),
});
export type Studio = z.infer<typeof studioSchema>;

/** POST /studio/initial-setup: the studio's data plus the owner's avatar colour. */
export const initialSetupInputSchema = z.object({
  studio: studioInputSchema,
  avatarColor: z.string().max(20).nullish(),
});

/** PUT /studio/security: settings the owner can require of staff. */
export const studioSecurityInputSchema = z.object({ requireStaffTwoFactor: z.boolean() });
