import { z } from '../shared/zod-it.ts';

/** What happened to a message: sent by SMTP, kept in the local outbox, or failed (spec: nothing is silently dropped). */
export const mailStatuses = ['SENT', 'LOCAL_OUTBOX', 'FAILED'] as const;
export type MailStatus = (typeof mailStatuses)[number];
export const mailTransports = ['smtp', 'local-outbox'] as const;

/** GET /outbox and GET /admin/outbox: newest first, 50 by default, at most 200. */
export const outboxQuerySchema = z.object({
  studioId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One message of the outbox list (no body: it may hold personal data, opened one at a time). */
export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  transport: z.enum(mailTransports),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const mailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** GET /outbox/{id}: the message with its text and its attachments' metadata (never their content). */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(mailAttachmentSchema),
  /** Whether GET /outbox/{id}/eml can answer the .eml file (local outbox only). */
  hasEml: z.boolean(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;
