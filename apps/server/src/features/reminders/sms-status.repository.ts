import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointmentReminders } from '../../db/schema/index.ts';

/** The reminders' side of the SMS provider's delivery reports (decision 036, "Consegnato"). */
export const smsStatusRepository = {
  /**
   * unsafe: across studios, by the provider's message id alone (a delivery report names only the message; the SID is
   * the provider's, recorded when the message left, and Twilio's signature vouches for the report). Locked until the
   * transaction ends, so two reports of one message apply in turn.
   */
  unsafeLockByProviderMessageId: (db: DbOrTx, providerMessageId: string) =>
    db
      .select()
      .from(appointmentReminders)
      .where(
        and(eq(appointmentReminders.providerMessageId, providerMessageId), eq(appointmentReminders.channel, 'SMS')),
      )
      .for('update')
      .then((r) => r[0] ?? null),
};
