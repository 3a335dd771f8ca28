/** An SMS to deliver: the recipient as the studio typed it, the text as the patient reads it. */
export type OutgoingSms = { to: string; text: string };

export type SmsDelivery = { status: 'SENT' | 'LOCAL_OUTBOX'; providerMessageId: string | null };

/**
 * Delivers SMS (decision 028). `local-outbox` keeps the message in the app's outbox and never pretends to have sent
 * it; `twilio` sends it through Twilio's REST API.
 */
export type SmsTransport = {
  kind: 'local-outbox' | 'twilio';
  /** Throws when the provider refused the message; callers decide what that means. */
  deliver: (sms: OutgoingSms) => Promise<SmsDelivery>;
};

/** An Italian mobile number written as the studio types it ("333 123 4567") in E.164 ("+393331234567"). */
export const toE164 = (phone: string) => {
  const compact = phone.replace(/[\s()-]/g, '');
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  return `+39${compact}`;
};
