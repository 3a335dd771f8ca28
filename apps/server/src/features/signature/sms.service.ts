import type { AppDeps } from '../../deps.ts';
import { signatureRepository as repo } from './signature.repository.ts';

/**
 * Sends an SMS through the configured transport and records it (status SENT, LOCAL_OUTBOX or FAILED). `recorded` is
 * the text kept in the log when a real provider delivered it (a one-time code masked); the local outbox keeps the
 * whole text, since it stands in for the patient's phone (decision 028). Never throws: answers whether it went out.
 */
export const sendSms = async (
  deps: AppDeps,
  sms: { studioId: string; to: string; text: string; recorded?: string },
): Promise<'SENT' | 'LOCAL_OUTBOX' | 'FAILED'> => {
  const base = { studioId: sms.studioId, to: sms.to, provider: deps.sms.kind };
  try {
    const delivery = await deps.sms.deliver({ to: sms.to, text: sms.text });
    await repo.insertSms(deps.db, {
      ...base,
      text: delivery.status === 'LOCAL_OUTBOX' ? sms.text : (sms.recorded ?? sms.text),
      status: delivery.status,
      providerMessageId: delivery.providerMessageId,
    });
    return delivery.status;
  } catch (err) {
    await repo.insertSms(deps.db, {
      ...base,
      text: sms.recorded ?? sms.text,
      status: 'FAILED',
      error: String((err as Error).message).slice(0, 500),
    });
    return 'FAILED';
  }
};
