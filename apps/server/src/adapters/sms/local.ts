import type { SmsTransport } from './sms.ts';

/** The local default: nothing leaves the machine; the message stays in the SMS outbox, shown as "non inviato". */
export const createLocalSmsOutbox = (): SmsTransport => ({
  kind: 'local-outbox',
  deliver: async () => ({ status: 'LOCAL_OUTBOX', providerMessageId: null }),
});
