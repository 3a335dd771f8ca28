import { z } from '../shared/zod-it.ts';

/** PATCH sections of /settings (spec part 1 §3, §7). Their contents are filled by later features. */
export const settingsSections = ['fattura', 'sistema-ts', 'cartella-paziente', 'general', 'calendario'] as const;
export type SettingsSection = (typeof settingsSections)[number];

/** A section body: a JSON object of at most 64 KiB; each feature narrows it when it owns the section. */
export const settingsSectionInputSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 65_536, { error: 'Impostazioni troppo grandi' });

export const documentTypes = ['TD_01', 'PROFORMA', 'FATTURA_SANITARIA', 'FATTURA_ELETTRONICA', 'NOTA_DI_CREDITO'] as const;

/** PUT /settings/fatturazione/sezionali {name, active, documentTypes} */
export const sezionaleInputSchema = z.object({
  name: z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9/\-_]+$/, { error: 'Sezionale non valido' }),
  active: z.boolean().default(true),
  documentTypes: z.array(z.enum(documentTypes)).max(documentTypes.length).default([]),
});
export type Sezionale = z.infer<typeof sezionaleInputSchema>;

/** Calendar resources of settings calendario (rooms, service locations, medical devices). */
export const calendarResourceKinds = ['rooms', 'service-locations', 'medical-devices'] as const;
export type CalendarResourceKind = (typeof calendarResourceKinds)[number];

export const calendarResourceInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullish(),
  active: z.boolean().default(true),
});
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
  calendario: z.object({
    rooms: z.array(calendarResourceSchema),
    serviceLocations: z.array(calendarResourceSchema),
    medicalDevices: z.array(calendarResourceSchema),
  }).catchall(z.unknown()),
  sezionali: z.array(sezionaleInputSchema),
  passiveInvoiceEnabled: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsMessages = {
  saved: 'Impostazioni salvate',
  resourceSaved: 'Elemento salvato',
  resourceDeleted: 'Elemento eliminato',
} as const;
