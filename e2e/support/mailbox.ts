import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The server's local outbox (playwright.config.ts shares DATA_DIR through E2E_DATA_DIR). */
const outbox = () => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'outbox');
};

/** A mail's text as the person reads it: quoted-printable undone. */
const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The mails sent to `email`, newest first. */
export const mailsTo = (email: string): string[] => {
  const dir = outbox();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ file: path.join(dir, f), at: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .map(({ file }) => readable(readFileSync(file, 'latin1')))
    .filter((text) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi').test(text));
};

/** The path and query of the newest link to `page` mailed to `email` (e.g. '/verificaEmail?token=…'). */
export const mailedLink = (email: string, page: string): string => {
  for (const text of mailsTo(email)) {
    const link = new RegExp(`https?://[^/\\s]+(/${page}\\?token=[A-Za-z0-9_\\-%]+)`).exec(text)?.[1];
    if (link) return link;
  }
  throw new Error(`no ${page} link mailed to ${email}`);
};

/** The token of that link. */
export const mailedToken = (email: string, page: string): string =>
  decodeURIComponent(new URL(mailedLink(email, page), 'http://x').searchParams.get('token') ?? '');

/** The 6-digit code of the newest booking code mail to `email`. */
export const mailedCode = (email: string) => {
  for (const text of mailsTo(email)) {
    const code = /è: (\d{6})/u.exec(text)?.[1];
    if (code) return code;
  }
  throw new Error(`no booking code mailed to ${email}`);
};
