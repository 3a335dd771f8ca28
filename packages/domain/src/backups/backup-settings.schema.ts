import { z } from '../shared/zod-it.ts';

/**
 * Impostazioni › Backup (issue 30 item 6, decision 041): the embedded install's backups. One set of settings per
 * install (kept beside the backups, not in the database a restore would roll back).
 */
export const backupSettingsMessages = {
  saved: 'Impostazioni dei backup salvate',
  taken: 'Backup eseguito',
  hour: "L'ora deve essere un numero intero da 0 a 23",
  keepDays: 'I giorni di conservazione devono essere un numero intero da 1 a 365',
  notFound: 'Backup non trovato',
  running: 'Un backup è già in corso: attendi che finisca e riprova.',
  postgres:
    'Questo server usa PostgreSQL (DATABASE_URL): il database si salva con gli strumenti di PostgreSQL (pg_dump e pg_restore) e i file con quelli dello storage, come spiega il README nella sezione «Backup». Da qui non si eseguono backup.',
  notOnDisk: 'Il database di questo server non è su disco (DATA_DIR/pglite): non c’è nulla da salvare con un backup.',
  unreachable:
    'Lo storage dei backup non risponde: l’elenco non è disponibile. Controlla le impostazioni S3 del server (S3_BUCKET, S3_ENDPOINT, le chiavi) e riprova.',
  storeFailedS3:
    'Il backup non è stato salvato: lo storage dei backup non risponde. Controlla le impostazioni S3 del server (S3_BUCKET, S3_ENDPOINT, le chiavi) e riprova.',
  storeFailedDir:
    'Il backup non è stato salvato: la cartella dei backup non è scrivibile o il disco è pieno. Controlla BACKUP_DIR sul server e riprova.',
  severalStudios:
    'Questa installazione ospita più di uno studio: un backup contiene i dati di tutti gli studi, quindi lo esegue e lo scarica solo chi amministra il server, con il comando npm run backup.',
} as const;

export const defaultBackupSettings = { hour: 2, keepDays: 14 } as const;

export const backupSettingsSchema = z.strictObject({
  /** The hour (Europe/Rome) of the daily backup, 0–23. */
  hour: z
    .number({ error: backupSettingsMessages.hour })
    .int(backupSettingsMessages.hour)
    .min(0, backupSettingsMessages.hour)
    .max(23, backupSettingsMessages.hour),
  /** How many days a backup is kept (the newest one always is). */
  keepDays: z
    .number({ error: backupSettingsMessages.keepDays })
    .int(backupSettingsMessages.keepDays)
    .min(1, backupSettingsMessages.keepDays)
    .max(365, backupSettingsMessages.keepDays),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

export const backupNameSchema = z
  .string()
  .regex(/^studiolo-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/, backupSettingsMessages.notFound);

export const backupSchema = z.object({ name: z.string(), createdAt: z.string(), sizeBytes: z.number().int() });
export type Backup = z.infer<typeof backupSchema>;

/** Where the backups go (decision 041): a directory of the server, or a folder of an S3-compatible bucket. */
export const backupDestinationInfoSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dir'), path: z.string() }),
  z.object({ kind: z.literal('s3'), bucket: z.string(), prefix: z.string(), endpoint: z.string().nullable() }),
]);
export type BackupDestinationInfo = z.infer<typeof backupDestinationInfoSchema>;

/** GET /settings/backups: whether this install's backups are the owner's to take here, and if not why. */
export const backupsAnswerSchema = z.object({
  available: z.boolean(),
  /** Why not (PostgreSQL, several studios), in Italian; null when available. */
  reason: z.string().nullable(),
  database: z.enum(['pglite', 'postgres']),
  settings: backupSettingsSchema,
  /** Where they go; null where backups are not taken from here. */
  destination: backupDestinationInfoSchema.nullable(),
  backups: z.array(backupSchema),
  /** Why the list could not be read (the bucket does not answer), in Italian; null when it was. */
  listError: z.string().nullable(),
});
export type BackupsAnswer = z.infer<typeof backupsAnswerSchema>;
