import { anagraficaMessages } from '../anagrafica/anagrafica.messages.ts';
import { roles } from '../shared/roles.ts';
import { text, toLatinText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { authMessages as m } from './auth.messages.ts';
import { legalVersionsSchema } from './legal.schema.ts';

const commonPasswords = new Set([
  'password',
  'password1',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  'passw0rd',
  'password123',
  'abcdefgh',
  '11111111',
  '00000000',
  'benvenuto',
  'studiolo',
]);

/** Passwords: at least 8, at most 128, no composition rules, not a common one (OWASP ASVS 6.2). */
export const passwordSchema = z
  .string()
  .min(8, { error: m.passwordTooShort })
  .max(128, { error: m.passwordTooLong })
  .refine((p) => !commonPasswords.has(p.toLowerCase()), { error: m.passwordTooCommon });

export const loginEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: anagraficaMessages.emailInvalid }));

/** A person's name: one line of the shared string rule (decision 033), kept to Latin characters, trimmed. */
const personName = text(100)
  .transform((v) => toLatinText(v).trim())
  .pipe(z.string().min(1));

/** POST /user/login: username is the e-mail. */
export const loginInputSchema = z.object({ username: loginEmailSchema, password: z.string().min(1).max(128) });
export type LoginInput = z.infer<typeof loginInputSchema>;

/** POST /user/signup */
export const signupInputSchema = z.object({
  email: loginEmailSchema,
  password: passwordSchema,
  nome: personName,
  cognome: personName,
  customerInvitedByUserId: z.uuid().nullish(),
  inviteToken: z.string().min(20).max(200).nullish(),
  /** The versions of the legal documents the person accepted (decision 043); the web's form always sends them. */
  legal: legalVersionsSchema.optional(),
});
export type SignupInput = z.infer<typeof signupInputSchema>;

/** POST /user/verify-email: the token of the mailed confirmation link. */
export const verifyEmailInputSchema = z.object({ token: z.string().min(20).max(200) });

/** POST /user/resetPwd */
export const resetPwdInputSchema = z.object({ email: loginEmailSchema });

/** POST /user/changePwd: either the token of the e-mailed link, or the old password when signed in. */
export const changePwdInputSchema = z
  .object({
    token: z.string().min(20).max(200).optional(),
    oldPassword: z.string().min(1).max(128).optional(),
    password: passwordSchema,
  })
  .refine((b) => Boolean(b.token) !== Boolean(b.oldPassword), { error: m.changePwdNeedsProof, path: ['token'] });
export type ChangePwdInput = z.infer<typeof changePwdInputSchema>;

/** PUT /user */
export const updateUserInputSchema = z.object({ nome: personName, cognome: personName });

export const totpCodeSchema = z
  .string()
  .trim()
  .min(1)
  .regex(/^[0-9]{6}$/, { error: m.totpInvalid });

/** POST /user/login/2fa */
export const loginTotpInputSchema = z.object({ challengeToken: z.string().min(20).max(2000), code: totpCodeSchema });
/** POST /user/2fa/setup (signed in, or with the challenge of a login that must set it up) */
export const totpSetupInputSchema = z.object({ challengeToken: z.string().min(20).max(2000).optional() });
/** POST /user/2fa/enable */
export const totpEnableInputSchema = z.object({
  code: totpCodeSchema,
  challengeToken: z.string().min(20).max(2000).optional(),
});
/** POST /user/2fa/disable */
export const totpDisableInputSchema = z.object({ code: totpCodeSchema });

export const loginResponseSchema = z.object({
  token: z.string().optional(),
  username: z.string(),
  /** Set when the sign-in must be completed with a TOTP code (or set up first). */
  twoFactor: z.enum(['REQUIRED', 'SETUP_REQUIRED']).optional(),
  challengeToken: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });

export const subscriptionPlans = ['TRIAL', 'BASIC', 'PRO', 'UNLIMITED', 'EARLY_ADOPTERS'] as const;

/** GET /user/getUser: idsStudio has the current studio first. */
export const currentUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  nome: z.string(),
  cognome: z.string(),
  idsStudio: z.array(z.uuid()),
  role: z.enum(roles),
  studioRole: z.enum(roles).nullable(),
  totpEnabled: z.boolean(),
  /** Whether the user confirmed their e-mail address; until then nothing is sent to patients (issue 25 item 8). */
  emailVerified: z.boolean(),
  subscription: z.object({ plan: z.enum(subscriptionPlans) }),
  supportMode: z.object({ actorUsername: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
