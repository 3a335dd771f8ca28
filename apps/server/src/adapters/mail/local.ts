import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailTransport } from './mail.ts';

/** The local default: each message becomes DATA_DIR/outbox/<id>.eml, readable in the app by an admin. */
export const createLocalOutboxTransport = (dataDir: string): MailTransport => ({
  kind: 'local-outbox',
  deliver: async (mail) => {
    const dir = path.resolve(dataDir, 'outbox');
    await mkdir(dir, { recursive: true });
    const emlPath = path.join(dir, `${mail.id}.eml`);
    await writeFile(emlPath, mail.raw);
    return { status: 'LOCAL_OUTBOX', emlPath };
  },
  close: async () => {},
});
