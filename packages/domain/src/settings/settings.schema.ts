import { cartellaPazienteSettingsSchema } from '../clinical/clinical.schema.ts';
import { tassazioneInputSchema } from '../invoices/invoice.schema.ts';
import { serviceDescriptionMaxChars, serviceDescriptionSettingKey } from '../invoices/service-description.ts';
import { fieldMessages } from '../shared/field-messages.ts';
import { requiredText, textRule } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { sistemaTsSectionInputSchema } from '../sistema-ts/sistema-ts.schema.ts';
import { settingsMessages } from './settings.messages.ts';

/** PATCH sections of /settings (spec part 1 §3, §7). Their contents are filled by later features. */
export const settingsSections = ['fattura', 'sistema-ts', 'cartella-paziente', 'general', 'calendario'] as const;
export type SettingsSection = (typeof settingsSections)[number];

/** The most a stored section may hold, as JSON text (also checked after a PATCH merges into it). */
export const settingsSectionMaxChars = 65_536;

/** A section body: a JSON object of at most 64 KiB; each feature narrows it when it owns the section. */
export const settingsSectionInputSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= settingsSectionMaxChars, { error: settingsMessages.tooLarge });

export const documentTypes = [
  'TD_01',
  'PROFORMA',
  'FATTURA_SANITARIA',
  'FATTURA_ELETTRONICA',
  'NOTA_DI_CREDITO',
] as const;

/** PUT /settings/fatturazione/sezionali {name, active, documentTypes} */
export const sezionaleInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9/\-_]+$/, { error: settingsMessages.sezionaleInvalid }),
  active: z.boolean().default(true),
  documentTypes: z.array(z.enum(documentTypes)).max(documentTypes.length).default([]),
});
export type Sezionale = z.infer<typeof sezionaleInputSchema>;
/** A sezionale as answered (no transforms or defaults: response schemas are encoded). */
export const sezionaleSchema = z.object({
  name: z.string(),
  active: z.boolean(),
  documentTypes: z.array(z.enum(documentTypes)),
});

/** Calendar resources of settings calendario (rooms, service locations, medical devices). */
export const calendarResourceKinds = ['rooms', 'service-locations', 'medical-devices'] as const;
export type CalendarResourceKind = (typeof calendarResourceKinds)[number];

export const calendarResourceInputSchema = z.object({
  name: requiredText(100),
  description: z
    .string()
    .trim()
    .max(500)
    .check(textRule({ multiline: true }))
    .nullish(),
  active: z.boolean().default(true),
});
/** PATCH /settings/calendario/{kind}/{id}: only the fields sent change (no defaults here, unlike creation). */
export const calendarResourcePatchSchema = z.object({
  name: requiredText(100).optional(),
  description: z
    .string()
    .trim()
    .max(500)
    .check(textRule({ multiline: true }))
    .nullish(),
  active: z.boolean().optional(),
});
export type CalendarResourcePatch = z.infer<typeof calendarResourcePatchSchema>;

/** Where each kind appears in the calendario section of GET /settings. */
export const calendarResourceGroups = {
  rooms: 'rooms',
  'service-locations': 'serviceLocations',
  'medical-devices': 'medicalDevices',
} as const satisfies Record<CalendarResourceKind, string>;
const calendarResourceGroupKeys: readonly string[] = Object.values(calendarResourceGroups);

/** The calendario section body: its resources are not part of it, they have their own routes. */
export const calendarioSectionInputSchema = settingsSectionInputSchema.superRefine((v, ctx) => {
  for (const key of Object.keys(v)) {
    if (calendarResourceGroupKeys.includes(key))
      ctx.addIssue({ code: 'custom', path: [key], message: settingsMessages.calendarResourcesReadOnly });
  }
});

/**
 * The fattura section body: its `tassazione` (the taxes a new document starts from, as the invoice form sends them)
 * and its default legal texts are checked like the document's own; the rest is free.
 */
export const fatturaSectionInputSchema = settingsSectionInputSchema.superRefine((v, ctx) => {
  if ('tassazione' in v) {
    const r = tassazioneInputSchema.safeParse(v.tassazione);
    for (const issue of r.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: ['tassazione', ...issue.path.map(String)], message: issue.message });
  }
  for (const key of ['middleText', 'footerText'] as const) {
    const text = v[key];
    if (text !== undefined && text !== null && (typeof text !== 'string' || text.length > 3000))
      ctx.addIssue({ code: 'custom', path: [key], message: fieldMessages.tooLong(3000) });
  }
  // issue 26 item 2: what a line of appointments without a service says
  const description = v[serviceDescriptionSettingKey];
  if (
    description !== undefined &&
    description !== null &&
    (typeof description !== 'string' || description.length > serviceDescriptionMaxChars)
  )
    ctx.addIssue({
      code: 'custom',
      path: [serviceDescriptionSettingKey],
      message: fieldMessages.tooLong(serviceDescriptionMaxChars),
    });
});

/** The cartella-paziente section body: the evaluation sections in use must be known ones (docs/decisions/029). */
export const cartellaPazienteSectionInputSchema = settingsSectionInputSchema.superRefine((v, ctx) => {
  const r = cartellaPazienteSettingsSchema.safeParse(v);
  for (const issue of r.error?.issues ?? [])
    ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
});

/** POST /settings: the sections sent replace the stored ones, all at once; the others stay as they are. */
export const settingsInputSchema = z.strictObject({
  fattura: fatturaSectionInputSchema.optional(),
  'sistema-ts': sistemaTsSectionInputSchema.optional(),
  'cartella-paziente': cartellaPazienteSectionInputSchema.optional(),
  general: settingsSectionInputSchema.optional(),
  calendario: calendarioSectionInputSchema.optional(),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;

export const calendarResourceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});

export const settingsSchema = z.object({
  fattura: z.record(z.string(), z.unknown()),
  'sistema-ts': z.record(z.string(), z.unknown()),
  'cartella-paziente': z.record(z.string(), z.unknown()),
  general: z.record(z.string(), z.unknown()),
  calendario: z
    .object({
      rooms: z.array(calendarResourceSchema),
      serviceLocations: z.array(calendarResourceSchema),
      medicalDevices: z.array(calendarResourceSchema),
    })
    .catchall(z.unknown()),
  sezionali: z.array(sezionaleSchema),
  /** spec part 2 §7: off until the studio enables passive invoicing. */
  passiveInvoiceEnabled: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
