import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a free local port that keeps what it receives; `refuse` (at start, or later through
 * `refuse(true)`) makes it reject every message (for tests of what happens when mail cannot be sent).
 */
export const startSmtpSink = async (opts: { refuse?: boolean } = {}) => {
  const received: ReceivedMail[] = [];
  let refusing = opts.refuse ?? false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on: boolean) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * The decoded content of a received message's attachment (nodemailer writes attachments base64 under a
 * Content-Disposition with the file name), or null when there is none with that name.
 */
export const attachmentOf = (raw: string, fileName: string): Buffer | null => {
  const headerAt =
    raw.indexOf(`filename=${fileName}`) >= 0
      ? raw.indexOf(`filename=${fileName}`)
      : raw.indexOf(`filename="${fileName}"`);
  if (headerAt < 0) return null;
  const bodyStart = raw.indexOf('\r\n\r\n', headerAt);
  const bodyEnd = raw.indexOf('\r\n--', bodyStart);
  return Buffer.from(raw.slice(bodyStart + 4, bodyEnd).replace(/\s+/g, ''), 'base64');
};
