import { randomUUID } from 'node:crypto';
import { mailMessages } from '@studiolo/domain/mail';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { MailTransport } from '../../adapters/mail/mail.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { mailRepository } from './mail.repository.ts';

export type OutgoingMail = {
  studioId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer | string }[];
  /**
   * The recipient's own credentials in the message (a patient's cancel link): delivered as they are, but the mail log
   * the studio reads (GET /outbox) shows `mailMessages.hiddenLink` in their place and offers no .eml (the raw message
   * and its attachments carry them too). The local outbox's file on disk stays whole: it is the message itself.
   */
  hideFromLog?: string[];
};

/** The text as the mail log keeps it: every hidden value replaced. */
const redacted = (text: string, hidden: string[]) =>
  hidden.filter(Boolean).reduce((t, value) => t.split(value).join(mailMessages.hiddenLink), text);

export type Mailer = {
  transportKind: MailTransport['kind'];
  /**
   * Composes, delivers and records a message. Throws a 503 AppError when delivery fails (after recording the
   * failure), so that a caller whose action depends on the mail (bulk delete's backup) can refuse to go on and a
   * request that only sends (sign-up, an invitation) answers in Italian instead of the generic 500.
   */
  send: (mail: OutgoingMail) => Promise<{ id: string; status: 'SENT' | 'LOCAL_OUTBOX' }>;
};

export const createMailer = (db: Db, transport: MailTransport, from: string): Mailer => ({
  transportKind: transport.kind,
  send: async (mail) => {
    const id = randomUUID();
    const raw = await new MailComposer({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      attachments: mail.attachments ?? [],
      messageId: `<${id}@studiolo>`,
    })
      .compile()
      .build();
    const hidden = mail.hideFromLog ?? [];
    const record = {
      id,
      studioId: mail.studioId,
      to: mail.to,
      subject: redacted(mail.subject, hidden),
      text: redacted(mail.text, hidden),
      html: mail.html ? redacted(mail.html, hidden) : null,
      attachments: (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: Buffer.byteLength(a.content),
      })),
      transport: transport.kind,
    };
    try {
      const delivery = await transport.deliver({ id, from, to: mail.to, raw });
      await mailRepository.insert(db, {
        ...record,
        status: delivery.status,
        emlPath: hidden.length > 0 ? null : delivery.emlPath,
      });
      return { id, status: delivery.status };
    } catch (err) {
      await mailRepository.insert(db, {
        ...record,
        status: 'FAILED',
        error: String((err as Error).message).slice(0, 500),
      });
      throw new AppError('SERVICE_UNAVAILABLE', mailMessages.deliveryFailed, { cause: err });
    }
  },
});
