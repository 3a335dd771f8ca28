import { z } from '../shared/zod-it.ts';

/**
 * Largest file a studio may attach (decision 030): a scanned report or an MRI summary as PDF fits with room, a
 * phone photo before compression too; beyond it the server answers 413 and keeps nothing.
 */
export const attachmentMaxBytes = 25 * 1024 * 1024;

/** What a studio may attach, by the type read from the file's own bytes (never its name or the browser's claim). */
export const attachmentKinds = ['pdf', 'image', 'document', 'text'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** The Italian texts of attachments (the spec names the feature, not its texts: decision 030). */
export const attachmentMessages = {
  uploaded: 'Allegato caricato',
  deleted: 'Allegato eliminato',
  notFound: 'Allegato non trovato',
  noFile: 'Seleziona un file da allegare',
  notAllowed: 'Tipo di file non ammesso: si possono allegare PDF, immagini e documenti',
  brokenImage: 'L’immagine è danneggiata o incompleta e non può essere allegata',
  empty: 'Il file è vuoto',
  tooLarge: 'Il file supera la dimensione massima di 25 MB',
} as const;

export const attachmentSchema = z.object({
  id: z.uuid(),
  pazienteId: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  kind: z.enum(attachmentKinds),
  sizeBytes: z.number().int().nonnegative(),
  /** The size as uploaded, when the server reduced an image (spec part 1 §9); otherwise null. */
  originalSizeBytes: z.number().int().nonnegative().nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  createdAt: z.iso.datetime(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Whether the web app can show the file in place (images and PDF), rather than only download it. */
export const canPreviewAttachment = (a: Pick<Attachment, 'kind'>) => a.kind === 'image' || a.kind === 'pdf';
