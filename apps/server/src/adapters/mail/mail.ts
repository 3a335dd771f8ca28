/** A composed message, ready to deliver: the raw RFC 5322 bytes plus the envelope. */
export type RawMail = { id: string; from: string; to: string; raw: Buffer };

export type MailDelivery = { status: 'SENT' | 'LOCAL_OUTBOX'; emlPath: string | null };

/**
 * Delivers e-mail. `smtp` sends through SMTP_URL; `local-outbox` keeps the message as an .eml file
 * and never pretends to have sent it.
 */
export type MailTransport = {
  kind: 'smtp' | 'local-outbox';
  /** Throws when the message could not be handed over; callers decide what that means. */
  deliver: (mail: RawMail) => Promise<MailDelivery>;
  close: () => Promise<void>;
};
