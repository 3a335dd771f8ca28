import { twilioStatusCallbackUrl, verifyTwilioSignature } from '../../adapters/sms/twilio.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';
import { addSmsCredit } from '../sms-credit/sms-credit.service.ts';
import { reminderScope, remindersRepository } from './reminders.repository.ts';
import { smsStatusRepository as repo } from './sms-status.repository.ts';

/**
 * Twilio's delivery reports of reminder SMS (decision 036): the send asks for them (StatusCallback, when the server
 * knows its public address), and POST /sms/twilio/status applies them. Only forward: SENT → DELIVERED on
 * 'delivered'; SENT → NOT_SENT (FAILED) on 'undelivered' or 'failed', with the credit given back once (the same key
 * as a refused send's refund). A final state (DELIVERED, NOT_SENT) is never changed, so a replayed or late report
 * ('sent' after 'delivered') changes nothing. The local outbox asks for no report: nothing it keeps becomes DELIVERED.
 */

// answers to Twilio's servers (never shown to a person; Twilio's log keeps them)
const messages = {
  notConfigured: 'Le notifiche di consegna SMS non sono configurate su questo server',
  badSignature: 'Firma della richiesta non valida',
  applied: 'Stato del messaggio registrato',
  unchanged: 'Nessuna modifica',
} as const;

/** Twilio's message statuses that end a message (https://www.twilio.com/docs/messaging/api/message-resource). */
const failedStatuses = new Set(['undelivered', 'failed']);

export type TwilioStatusOutcome = 'delivered' | 'failed' | 'unchanged' | 'unknown-message';

/** Applies one verified report. @returns what it did (an unknown message: nothing). */
export const applyTwilioStatus = (
  deps: AppDeps,
  report: { messageSid: string; messageStatus: string },
): Promise<TwilioStatusOutcome> =>
  deps.db.transaction(async (tx) => {
    const row = await repo.unsafeLockByProviderMessageId(tx, report.messageSid);
    if (!row) return 'unknown-message';
    // never backwards: only a message recorded as sent moves, and only to a final state
    if (row.state !== 'SENT') return 'unchanged';
    const scope = reminderScope(row.studioId);
    if (report.messageStatus === 'delivered') {
      await remindersRepository.update(tx, scope, [row.id], { state: 'DELIVERED' });
      return 'delivered';
    }
    if (failedStatuses.has(report.messageStatus)) {
      await remindersRepository.update(tx, scope, [row.id], { state: 'NOT_SENT', reason: 'FAILED' });
      if (row.segments)
        await addSmsCredit(tx, {
          studioId: row.studioId,
          qty: row.segments,
          key: `refund:${row.sendKey}`,
          reason: 'adjustment',
        });
      return 'failed';
    }
    return 'unchanged'; // queued, sending, sent, accepted…: the row already says sent
  });

/**
 * POST /sms/twilio/status: verifies X-Twilio-Signature against the callback URL this server gives Twilio (from
 * PUBLIC_URL, never from the request's Host) and the form's parameters, then applies the report. An unknown message
 * answers 200 with nothing changed: Twilio reports every message it sends for this account (a signature request's
 * code too), and a 4xx would only fill its error log.
 */
export const receiveTwilioStatus = async (
  deps: AppDeps,
  params: Record<string, string>,
  signature: string | undefined,
): Promise<{ outcome: TwilioStatusOutcome; message: string }> => {
  const url = twilioStatusCallbackUrl(deps.config);
  const token = deps.config.TWILIO_AUTH_TOKEN;
  if (!url || !token) throw new AppError('FORBIDDEN', messages.notConfigured);
  // SECURITY: the whole form is signed; a report is applied only when the signature is Twilio's (constant time)
  if (!verifyTwilioSignature(token, url, Object.entries(params), signature))
    throw new AppError('FORBIDDEN', messages.badSignature);
  const outcome = await applyTwilioStatus(deps, {
    messageSid: params.MessageSid as string,
    messageStatus: params.MessageStatus as string,
  });
  return { outcome, message: outcome === 'delivered' || outcome === 'failed' ? messages.applied : messages.unchanged };
};
