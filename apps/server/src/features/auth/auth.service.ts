import {
  authMessages,
  type ChangePwdInput,
  type CurrentUser,
  type LoginInput,
  type LoginResponse,
  type SignupInput,
} from '@studiolo/domain/auth';
import { type Role, roles, staffRoles } from '@studiolo/domain/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, unauthorized } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import { selfUserContext, type UserContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { pendingFromSignup, recordSignupAcceptance } from '../legal/legal.service.ts';
// Sign-up from an invitation composes with the staff feature's acceptance rule.
import { acceptInvite } from '../staff/staff.service.ts';
import { authRepository, type UserRow } from './auth.repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { signInLimits } from './sign-in-limits.ts';
import { studioSecurityRepository } from './studio-security.repository.ts';
import { challengeTtlMs, hashLinkToken, newLinkToken } from './tokens.ts';
import { newTotpSecret, totpStepOf } from './totp.ts';

const resetLinkTtlMs = 60 * 60_000;
/** Decision 005: an e-mail confirmation link is good for 24 hours (mail is not always read at once). */
const verificationLinkTtlMs = 24 * 60 * 60_000;
const anonymous = (meta: RequestMeta) => ({ userId: null, actorUserId: null, meta });

/** Sign-in answer once every factor is satisfied: a new server-side session, named in the token. */
const issueToken = async (deps: AppDeps, user: UserRow): Promise<LoginResponse> => {
  const now = deps.now();
  await authRepository.pruneExpired(deps.db, user.id, now);
  const sessionId = await authRepository.insertSession(
    deps.db,
    user.id,
    new Date(now.getTime() + deps.tokens.accessTtlMs),
  );
  if (!sessionId) throw unauthorized();
  return { token: await deps.tokens.signAccess(user.id, user.tokenVersion, sessionId), username: user.email };
};

/** A second-factor challenge, good for one sign-in within 10 minutes (issue 25 item 11). */
const issueChallenge = async (deps: AppDeps, user: UserRow, twoFactor: 'REQUIRED' | 'SETUP_REQUIRED') => {
  const challengeId = await authRepository.insertChallenge(
    deps.db,
    user.id,
    new Date(deps.now().getTime() + challengeTtlMs),
  );
  if (!challengeId) throw unauthorized();
  return {
    username: user.email,
    twoFactor,
    challengeToken: await deps.tokens.signChallenge(user.id, user.tokenVersion, challengeId),
  } satisfies LoginResponse;
};

/** Does a studio this user works in as staff require two-factor sign-in? */
const staffTwoFactorRequired = async (deps: AppDeps, user: UserRow) => {
  const memberships = await studioSecurityRepository.listStaffTwoFactorRequirements(deps.db, user.id);
  return memberships.some((m) => m.required && (staffRoles as readonly string[]).includes(m.role));
};

/**
 * Sign-up answers the same, after the same work, whether or not the address has an account (issue 25 item 8): a new
 * address gets a confirmation link that creates the account when opened; a registered one gets a mail telling its
 * owner. Only a valid staff invitation for this very address (mailed there, so it proves the mailbox) signs in at once.
 */
export const signup = async (
  deps: AppDeps,
  input: SignupInput,
  meta: RequestMeta,
): Promise<{ session: LoginResponse; warnings: string[] }> => {
  const passwordHash = await hashPassword(input.password, deps.config.SCRYPT_COST_LOG2);
  const existing = await authRepository.findUserByEmail(deps.db, input.email);
  const warnings: string[] = [];
  if (!existing && input.inviteToken) {
    const joined = await signupFromInvite(deps, input, input.inviteToken, passwordHash, meta).catch(() => null);
    if (joined) return { session: joined, warnings };
    warnings.push(authMessages.inviteInvalid);
  }
  if (existing) {
    // the same statements as for a new address (a delete, then the mail and the audit row): the same time
    await authRepository.dropPendingSignups(deps.db, existing.email);
    await deps.mailer.send({
      studioId: null,
      to: existing.email,
      subject: authMessages.signupExistingSubject,
      text: authMessages.signupExistingText(
        existing.nome,
        `${publicUrl(deps)}/signIn`,
        `${publicUrl(deps)}/forgotPassword`,
      ),
    });
    await recordAudit(deps.db, { ...anonymous(meta), userId: existing.id }, { action: 'user.signup.existing' });
  } else {
    const inviter = input.customerInvitedByUserId
      ? await authRepository.findUserById(deps.db, input.customerInvitedByUserId)
      : null;
    const { token, hash } = newLinkToken();
    await authRepository.insertEmailVerification(deps.db, {
      email: input.email,
      passwordHash,
      nome: input.nome,
      cognome: input.cognome,
      invitedByUserId: inviter?.id ?? null,
      tokenHash: hash,
      expiresAt: new Date(deps.now().getTime() + verificationLinkTtlMs),
      legalAcceptance: pendingFromSignup(input.legal, deps.now()),
    });
    await sendVerificationMail(deps, input.email, input.nome, token);
    await recordAudit(deps.db, anonymous(meta), { action: 'user.signup.requested' });
  }
  return { session: { username: input.email }, warnings };
};

const sendVerificationMail = (deps: AppDeps, to: string, nome: string, token: string) =>
  deps.mailer.send({
    studioId: null,
    to,
    subject: authMessages.verifyEmailSubject,
    text: authMessages.verifyEmailText(nome, `${publicUrl(deps)}/verificaEmail?token=${encodeURIComponent(token)}`),
  });

/** A new person signs up from a staff invitation: account, confirmed address and membership in one transaction. */
const signupFromInvite = async (
  deps: AppDeps,
  input: SignupInput,
  inviteToken: string,
  passwordHash: string,
  meta: RequestMeta,
): Promise<LoginResponse> => {
  const user = await deps.db.transaction(async (tx) => {
    const created = await authRepository.insertUser(tx, {
      email: input.email,
      passwordHash,
      nome: input.nome,
      cognome: input.cognome,
      emailVerifiedAt: deps.now(),
    });
    if (!created) throw invalidField('email', authMessages.inviteInvalid);
    const studioId = await acceptInvite(tx, selfUserContext(created, meta), inviteToken);
    await recordSignupAcceptance(tx, created.id, pendingFromSignup(input.legal, deps.now()));
    await recordAudit(
      tx,
      { ...anonymous(meta), userId: created.id },
      { action: 'user.signup', entityType: 'user', entityId: created.id },
    );
    return (await authRepository.updateUser(tx, created.id, { currentStudioId: studioId })) ?? created;
  });
  // When that studio requires two-factor sign-in of its staff, the session is replaced by a set-up challenge.
  if (await staffTwoFactorRequired(deps, user)) return issueChallenge(deps, user, 'SETUP_REQUIRED');
  return issueToken(deps, user);
};

/**
 * Opens a confirmation link: a pending sign-up becomes an account and is signed in; an account's address is marked
 * confirmed (answering null). The link works once and expires after 24 hours.
 */
export const verifyEmail = async (deps: AppDeps, token: string, meta: RequestMeta): Promise<LoginResponse | null> => {
  const now = deps.now();
  const created = await deps.db.transaction(async (tx) => {
    const link = await authRepository.consumeEmailVerification(tx, hashLinkToken(token), now);
    if (!link) throw invalidField('token', authMessages.verifyLinkInvalid);
    if (link.userId) {
      const user = await authRepository.findUserById(tx, link.userId);
      if (!user || user.email !== link.email) throw invalidField('token', authMessages.verifyLinkInvalid);
      await authRepository.updateUser(tx, user.id, { emailVerifiedAt: now });
      await recordAudit(tx, { ...anonymous(meta), userId: user.id }, { action: 'user.email.verify' });
      return null;
    }
    if (!link.passwordHash || !link.nome || !link.cognome) throw invalidField('token', authMessages.verifyLinkInvalid);
    const user = await authRepository.insertUser(tx, {
      email: link.email,
      passwordHash: link.passwordHash,
      nome: link.nome,
      cognome: link.cognome,
      invitedByUserId: link.invitedByUserId,
      emailVerifiedAt: now,
    });
    if (!user) throw invalidField('token', authMessages.verifyLinkInvalid);
    await recordSignupAcceptance(tx, user.id, link.legalAcceptance);
    await recordAudit(
      tx,
      { ...anonymous(meta), userId: user.id },
      { action: 'user.signup', entityType: 'user', entityId: user.id },
    );
    return user;
  });
  return created ? issueToken(deps, created) : null;
};

/** Mails a new confirmation link to the signed-in user's address (older links stop working). */
export const resendEmailVerification = async (deps: AppDeps, ctx: UserContext) => {
  const user = await authRepository.findUserById(deps.db, ctx.userId);
  if (!user) throw unauthorized();
  if (user.emailVerifiedAt) throw new AppError('CONFLICT', authMessages.emailAlreadyVerified);
  const { token, hash } = newLinkToken();
  await authRepository.insertEmailVerification(deps.db, {
    email: user.email,
    userId: user.id,
    tokenHash: hash,
    expiresAt: new Date(deps.now().getTime() + verificationLinkTtlMs),
  });
  await sendVerificationMail(deps, user.email, user.nome, token);
  await recordAudit(deps.db, ctx, { action: 'user.email.verify-request', entityType: 'user', entityId: user.id });
};

/** Sign-out of this device: its session is revoked server-side (issue 25 item 10). */
export const logout = async (deps: AppDeps, ctx: UserContext, sessionId: string) => {
  await deps.db.transaction(async (tx) => {
    await authRepository.revokeSession(tx, ctx.userId, sessionId, deps.now());
    await recordAudit(tx, ctx, { action: 'user.logout', entityType: 'user', entityId: ctx.userId });
  });
};

/** "Esci da tutti i dispositivi": every session of the user is revoked and every token of theirs refused. */
export const logoutEverywhere = async (deps: AppDeps, ctx: UserContext) => {
  await deps.db.transaction(async (tx) => {
    await authRepository.revokeSessions(tx, ctx.userId, deps.now());
    await recordAudit(tx, ctx, { action: 'user.logout.all', entityType: 'user', entityId: ctx.userId });
  });
};

export const login = async (deps: AppDeps, input: LoginInput, meta: RequestMeta): Promise<LoginResponse> => {
  // SECURITY (issue 25 item 6): limits per (account, address) and per address, never a lock of the account itself
  const limits = signInLimits(deps, input.username, meta.ip);
  await limits.check();
  const user = await authRepository.findUserByEmail(deps.db, input.username);
  const valid = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash(deps.config.SCRYPT_COST_LOG2)),
  );
  if (!user || !valid) {
    await recordAudit(
      deps.db,
      { ...anonymous(meta), userId: user?.id ?? null },
      { action: 'user.login', outcome: 'failure' },
    );
    await limits.failed();
    throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
  }
  await limits.succeeded();
  if (user.totpEnabled) return issueChallenge(deps, user, 'REQUIRED');
  if (await staffTwoFactorRequired(deps, user)) return issueChallenge(deps, user, 'SETUP_REQUIRED');
  await recordAudit(deps.db, { ...anonymous(meta), userId: user.id }, { action: 'user.login' });
  return issueToken(deps, user);
};

/** A code is good once: valid for the secret and of a time step not used before. */
const acceptTotpCode = async (deps: AppDeps, user: UserRow, code: string): Promise<boolean> => {
  const step = user.totpSecret ? totpStepOf(user.totpSecret, code, deps.now().getTime()) : null;
  return step !== null && (await authRepository.useTotpStep(deps.db, user.id, step));
};

/** The user of an open challenge, and the challenge's id (to use it up when the sign-in completes). */
const userOfChallenge = async (deps: AppDeps, challengeToken: string) => {
  const claims = await deps.tokens.verify(challengeToken, 'login-challenge');
  const user = claims ? await authRepository.findUserById(deps.db, claims.sub) : null;
  if (
    !claims ||
    !user ||
    user.tokenVersion !== claims.tv ||
    !(await authRepository.isChallengeOpen(deps.db, user.id, claims.sid, deps.now()))
  )
    throw new AppError('UNAUTHORIZED', authMessages.totpChallengeExpired);
  return Object.assign(user, { challengeId: claims.sid });
};

/** SECURITY (issue 25 item 11): a challenge completes one sign-in; a second use is refused. */
const useChallenge = async (deps: AppDeps, userId: string, challengeId: string) => {
  if (!(await authRepository.useChallenge(deps.db, userId, challengeId, deps.now())))
    throw new AppError('UNAUTHORIZED', authMessages.totpChallengeExpired);
};

/** Second step of a sign-in that needs the TOTP code. */
export const loginWithTotp = async (
  deps: AppDeps,
  input: { challengeToken: string; code: string },
  meta: RequestMeta,
) => {
  const user = await userOfChallenge(deps, input.challengeToken);
  const limits = signInLimits(deps, `totp:${user.id}`, meta.ip);
  await limits.check();
  if (!user.totpEnabled || !(await acceptTotpCode(deps, user, input.code))) {
    await recordAudit(
      deps.db,
      { ...anonymous(meta), userId: user.id },
      { action: 'user.login.totp', outcome: 'failure' },
    );
    await limits.failed();
    throw invalidField('code', authMessages.totpInvalid);
  }
  await limits.succeeded();
  await useChallenge(deps, user.id, user.challengeId);
  await recordAudit(deps.db, { ...anonymous(meta), userId: user.id }, { action: 'user.login' });
  return issueToken(deps, user);
};

/** Starts TOTP set-up: a new secret, kept but not active until a code from it is confirmed. */
export const setupTotp = async (deps: AppDeps, who: { user?: UserContext; challengeToken?: string | undefined }) => {
  const user = who.challengeToken
    ? await userOfChallenge(deps, who.challengeToken)
    : who.user
      ? await authRepository.findUserById(deps.db, who.user.userId)
      : null;
  if (!user) throw unauthorized();
  if (user.totpEnabled) throw new AppError('CONFLICT', authMessages.totpEnabled);
  const { secret, otpauthUrl } = newTotpSecret(user.email);
  await authRepository.updateUser(deps.db, user.id, { totpSecret: secret, totpLastStep: null });
  return { secret, otpauthUrl };
};

/** Confirms set-up with a first code; after a login challenge it completes the sign-in. */
export const enableTotp = async (
  deps: AppDeps,
  who: { user?: UserContext; challengeToken?: string | undefined },
  code: string,
  meta: RequestMeta,
): Promise<LoginResponse | null> => {
  const challenged = who.challengeToken ? await userOfChallenge(deps, who.challengeToken) : null;
  const user = challenged ?? (who.user ? await authRepository.findUserById(deps.db, who.user.userId) : null);
  if (!user) throw unauthorized();
  if (!(await acceptTotpCode(deps, user, code))) throw invalidField('code', authMessages.totpInvalid);
  if (challenged) await useChallenge(deps, challenged.id, challenged.challengeId);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await authRepository.updateUser(tx, user.id, { totpEnabled: true });
    await recordAudit(tx, who.user ?? { ...anonymous(meta), userId: user.id }, {
      action: 'user.totp.enable',
      entityType: 'user',
      entityId: user.id,
    });
    return row;
  });
  return who.challengeToken && updated ? issueToken(deps, updated) : null;
};

export const disableTotp = async (deps: AppDeps, ctx: UserContext, code: string) => {
  const user = await authRepository.findUserById(deps.db, ctx.userId);
  if (!user?.totpEnabled || !(await acceptTotpCode(deps, user, code)))
    throw invalidField('code', authMessages.totpInvalid);
  if (await staffTwoFactorRequired(deps, user)) throw new AppError('FORBIDDEN', authMessages.totpCannotDisableRequired);
  await deps.db.transaction(async (tx) => {
    await authRepository.updateUser(tx, user.id, { totpEnabled: false, totpSecret: null });
    await recordAudit(tx, ctx, { action: 'user.totp.disable', entityType: 'user', entityId: user.id });
  });
};

export const getCurrentUser = async (deps: AppDeps, ctx: UserContext): Promise<CurrentUser> => {
  const user = await authRepository.findCurrentUserView(deps.db, ctx.userId);
  if (!user) throw unauthorized();
  const memberships = user.memberships;
  const current = memberships.find((m) => m.studioId === user.currentStudioId) ?? memberships[0];
  const idsStudio = current
    ? [current.studioId, ...memberships.filter((m) => m !== current).map((m) => m.studioId)]
    : [];
  const studioRole = current && (roles as readonly string[]).includes(current.role) ? (current.role as Role) : null;
  const platformRole = (roles as readonly string[]).includes(user.platformRole ?? '')
    ? (user.platformRole as Role)
    : null;
  return {
    id: user.id,
    username: user.email,
    nome: user.nome,
    cognome: user.cognome,
    idsStudio,
    role: platformRole ?? studioRole ?? 'ROLE_USER',
    studioRole,
    totpEnabled: user.totpEnabled,
    emailVerified: user.emailVerified,
    subscription: { plan: user.subscriptionPlan as CurrentUser['subscription']['plan'] },
    supportMode: ctx.actorEmail ? { actorUsername: ctx.actorEmail } : null,
  };
};

export const updateCurrentUser = async (deps: AppDeps, ctx: UserContext, input: { nome: string; cognome: string }) =>
  deps.db.transaction(async (tx) => {
    const before = await authRepository.findUserById(tx, ctx.userId);
    if (!before) throw unauthorized();
    await authRepository.updateUser(tx, ctx.userId, input);
    await recordAudit(tx, ctx, {
      action: 'user.update',
      entityType: 'user',
      entityId: ctx.userId,
      changedFields: Object.keys(input).filter(
        (k) => before[k as keyof typeof input] !== input[k as keyof typeof input],
      ),
    });
  });

/** Switches the studio the user works in (PUT /user/current-studio); the membership must exist. */
export const switchCurrentStudio = async (deps: AppDeps, ctx: UserContext, studioId: string) => {
  const memberships = await authRepository.listMemberships(deps.db, ctx.userId);
  if (!memberships.some((m) => m.studioId === studioId)) throw new AppError('NOT_FOUND', 'Studio non trovato');
  await authRepository.updateUser(deps.db, ctx.userId, { currentStudioId: studioId });
};

/** Sends a single-use, expiring reset link. Answers the same whether or not the e-mail is known. */
export const requestPasswordReset = async (deps: AppDeps, email: string, meta: RequestMeta) => {
  const user = await authRepository.findUserByEmail(deps.db, email);
  if (!user) return;
  const { token, hash } = newLinkToken();
  const now = deps.now();
  await deps.db.transaction((tx) =>
    authRepository.insertResetToken(tx, user.id, hash, new Date(now.getTime() + resetLinkTtlMs), now),
  );
  const link = `${publicUrl(deps)}/resetPassword?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    studioId: null,
    to: user.email,
    subject: 'Reimposta la password di Studiolo',
    text: `Ciao ${user.nome},\n\nper scegliere una nuova password apri questo link entro un'ora:\n${link}\n\nSe non hai chiesto tu il cambio password ignora questa email: la password attuale resta valida.\n\nStudiolo`,
  });
  await recordAudit(deps.db, { ...anonymous(meta), userId: user.id }, { action: 'user.password.reset-request' });
};

/** Sets a new password from the e-mailed link or, signed in, with the old password. Signs out other sessions. */
export const changePassword = async (
  deps: AppDeps,
  input: ChangePwdInput,
  who: UserContext | null,
  meta: RequestMeta,
) => {
  const passwordHash = await hashPassword(input.password, deps.config.SCRYPT_COST_LOG2);
  await deps.db.transaction(async (tx) => {
    let userId: string;
    if (input.token) {
      const consumed = await authRepository.consumeResetToken(tx, hashLinkToken(input.token), deps.now());
      if (!consumed) throw invalidField('token', authMessages.resetLinkInvalid);
      userId = consumed;
    } else {
      if (!who) throw unauthorized();
      const user = await authRepository.findUserById(tx, who.userId);
      if (!user || !(await verifyPassword(input.oldPassword ?? '', user.passwordHash)))
        throw invalidField('oldPassword', authMessages.oldPasswordWrong);
      userId = user.id;
    }
    await authRepository.setPassword(tx, userId, passwordHash);
    // A new password ends every reset link still open and every session (issue 25 item 7).
    await authRepository.closeResetTokens(tx, userId, deps.now());
    await authRepository.revokeSessions(tx, userId, deps.now());
    await recordAudit(tx, who ?? { ...anonymous(meta), userId }, {
      action: 'user.password.change',
      entityType: 'user',
      entityId: userId,
    });
  });
};
