import nodemailer from 'nodemailer';
import type { MailTransport } from './mail.ts';

/** SMTP delivery configured by SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export const createSmtpTransport = (smtpUrl: string): MailTransport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    deliver: async (mail) => {
      await transporter.sendMail({ envelope: { from: mail.from, to: mail.to }, raw: mail.raw });
      return { status: 'SENT', emlPath: null };
    },
    close: async () => transporter.close(),
  };
};
