import { optionalText, text } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { referralMessages as m } from './referrals.messages.ts';

/** spec part 2 §9: 50 euro of credit to each side, applied automatically, no expiry, unlimited invitations. */
export const referralCreditCents = 5000;

/** Invitations (accepted or refused) one user may send in a day: bounds the mail sent and the registered-address probe. */
export const referralDailyLimit = 30;

/** The invitee's address: required and valid (spec part 2 §5), lower-cased as sign-in does. */
export const referralEmailSchema = z
  .string({ error: m.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { error: m.emailInvalid })
  .pipe(z.email({ error: m.emailInvalid }));

/** POST /user-referrals {userInviteeEmail, invitationReason} */
export const referralInputSchema = z.object({
  userInviteeEmail: referralEmailSchema,
  invitationReason: optionalText(500, { multiline: true }),
});
export type ReferralInput = z.infer<typeof referralInputSchema>;

/** Referral (spec part 2 §3): id, userInviteeEmail, userInviteeRegistered, invitationReason; ours: inviteeSignedUp. */
export const referralSchema = z.object({
  id: z.uuid(),
  userInviteeEmail: z.string(),
  /** True once the invitee became a paying customer (the referral is completed and both sides were credited). */
  userInviteeRegistered: z.boolean(),
  /** The invitee created an account through the link but has not paid yet (not cancellable any more). */
  inviteeSignedUp: z.boolean(),
  invitationReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

/** GET /user-referrals: the list, and what the box needs to build the share link. */
export const referralListSchema = z.object({
  referrals: z.array(referralSchema),
  /** The signed-in user's id: the invite link carries it as customerInvitedByUserId (spec part 2 §7 "Other"). */
  inviterUserId: z.uuid(),
  creditCents: z.number().int(),
});
export type ReferralList = z.infer<typeof referralListSchema>;

/** Completed first, then the newest (spec part 2 §2: registered invitees are listed first). */
export const sortReferrals = <T extends { userInviteeRegistered: boolean; createdAt: string }>(list: T[]): T[] =>
  [...list].sort(
    (a, b) =>
      Number(b.userInviteeRegistered) - Number(a.userInviteeRegistered) || b.createdAt.localeCompare(a.createdAt),
  );

/** The sign-up link of an invitation (spec part 2 §7 "Other": query parameter customerInvitedByUserId). */
export const referralSignupLink = (origin: string, inviterUserId: string) =>
  `${origin.replace(/\/$/, '')}/signUp?customerInvitedByUserId=${encodeURIComponent(inviterUserId)}`;

/** The messaging app's send URL with a text (spec part 2 §7 "Other"). */
export const whatsappShareUrl = (message: string) => `https://wa.me/?text=${encodeURIComponent(message)}`;

/** Global notification (spec part 2 §3): title, descriptionTitle, descriptionBody (HTML), showBanner, showBtnShareInvito, whatsappShareMsg. */
export const globalNotificationInputSchema = z.object({
  title: text(200).transform((v) => v.trim()),
  descriptionTitle: text(200).transform((v) => v.trim()),
  /** HTML: the server keeps only its allow-list (decision 038). */
  descriptionBody: text(20_000, { multiline: true }),
  showBanner: z.boolean(),
  showBtnShareInvito: z.boolean(),
  whatsappShareMsg: text(1000, { multiline: true }),
});
export type GlobalNotificationInput = z.infer<typeof globalNotificationInputSchema>;

export const globalNotificationSchema = z.object({
  title: z.string(),
  descriptionTitle: z.string(),
  descriptionBody: z.string(),
  showBanner: z.boolean(),
  showBtnShareInvito: z.boolean(),
  whatsappShareMsg: z.string(),
  updatedAt: z.string().nullable(),
});
export type GlobalNotification = z.infer<typeof globalNotificationSchema>;

/** spec part 2 §4, §9: the banner refreshes every 2 s, up to 10 times. */
export const bannerRefresh = { intervalMs: 2000, times: 10 } as const;
