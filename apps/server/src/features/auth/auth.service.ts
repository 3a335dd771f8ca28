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
// Sign-up from an invitation composes with the staff feature's acceptance rule.
import { acceptInvite } from '../staff/staff.service.ts';
import { authRepository, type UserRow } from './auth.repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { signInLimits } from './sign-in-limits.ts';
import { studioSecurityRepository } from './studio-security.repository.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';
import { newTotpSecret, totpStepOf } from './totp.ts';

const resetLinkTtlMs = 60 * 60_000;
const anonymous = (meta: RequestMeta) => ({ userId: null, actorUserId: null, meta });

/** Sign-in answer once every factor is satisfied. */
const issueToken = async (deps: AppDeps, user: UserRow): Promise<LoginResponse> => ({
  token: await deps.tokens.signAccess(user.id, user.tokenVersion),
  username: user.email,
});

/** Does a studio this user works in as staff require two-factor sign-in? */
const staffTwoFactorRequired = async (deps: AppDeps, user: UserRow) => {
  const memberships = await studioSecurityRepository.listStaffTwoFactorRequirements(deps.db, user.id);
  return memberships.some((m) => m.required && (staffRoles as readonly string[]).includes(m.role));
};

export const signup = async (deps: AppDeps, input: SignupInput, meta: RequestMeta): Promise<LoginResponse> => {
  const passwordHash = await hashPassword(input.password, deps.config.SCRYPT_COST_LOG2);
  const user = await deps.db.transaction(async (tx) => {
    const inviter = input.customerInvitedByUserId
      ? await authRepository.findUserById(tx, input.customerInvitedByUserId)
      : null;
    const created = await authRepository.insertUser(tx, {
      email: input.email,
      passwordHash,
      nome: input.nome,
      cognome: input.cognome,
      invitedByUserId: inviter?.id ?? null,
    });
    if (!created) throw invalidField('email', authMessages.emailTaken);
    await recordAudit(
      tx,
      { ...anonymous(meta), userId: created.id },
      { action: 'user.signup', entityType: 'user', entityId: created.id },
    );
    return created;
  });
  return issueToken(deps, user);
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
  if (user.totpEnabled) {
    return {
      username: user.email,
      twoFactor: 'REQUIRED',
      challengeToken: await deps.tokens.signChallenge(user.id, user.tokenVersion),
    };
  }
  if (await staffTwoFactorRequired(deps, user)) {
    return {
      username: user.email,
      twoFactor: 'SETUP_REQUIRED',
      challengeToken: await deps.tokens.signChallenge(user.id, user.tokenVersion),
    };
  }
  await recordAudit(deps.db, { ...anonymous(meta), userId: user.id }, { action: 'user.login' });
  return issueToken(deps, user);
};

/** A code is good once: valid for the secret and of a time step not used before. */
const acceptTotpCode = async (deps: AppDeps, user: UserRow, code: string): Promise<boolean> => {
  const step = user.totpSecret ? totpStepOf(user.totpSecret, code, deps.now().getTime()) : null;
  return step !== null && (await authRepository.useTotpStep(deps.db, user.id, step));
};

const userOfChallenge = async (deps: AppDeps, challengeToken: string) => {
  const claims = await deps.tokens.verify(challengeToken, 'login-challenge');
  const user = claims ? await authRepository.findUserById(deps.db, claims.sub) : null;
  if (!claims || !user || user.tokenVersion !== claims.tv)
    throw new AppError('UNAUTHORIZED', authMessages.totpChallengeExpired);
  return user;
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
  const user = who.challengeToken
    ? await userOfChallenge(deps, who.challengeToken)
    : who.user
      ? await authRepository.findUserById(deps.db, who.user.userId)
      : null;
  if (!user) throw unauthorized();
  if (!(await acceptTotpCode(deps, user, code))) throw invalidField('code', authMessages.totpInvalid);
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
  await authRepository.insertResetToken(deps.db, user.id, hash, new Date(deps.now().getTime() + resetLinkTtlMs));
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
    await recordAudit(tx, who ?? { ...anonymous(meta), userId }, {
      action: 'user.password.change',
      entityType: 'user',
      entityId: userId,
    });
  });
};

/**
 * After a sign-up from a staff invitation: join the studio and make it current. When that studio requires
 * two-factor sign-in of its staff, the new session is replaced by a set-up challenge.
 */
export const acceptInviteAfterSignup = async (
  deps: AppDeps,
  session: LoginResponse,
  token: string,
  meta: RequestMeta,
): Promise<LoginResponse> => {
  const user = await authRepository.findUserByEmail(deps.db, session.username);
  if (!user) throw unauthorized();
  const who = selfUserContext(user, meta);
  await deps.db.transaction(async (tx) => {
    const studioId = await acceptInvite(tx, who, token);
    await authRepository.updateUser(tx, user.id, { currentStudioId: studioId });
  });
  if (await staffTwoFactorRequired(deps, user)) {
    return {
      username: user.email,
      twoFactor: 'SETUP_REQUIRED',
      challengeToken: await deps.tokens.signChallenge(user.id, user.tokenVersion),
    };
  }
  return session;
};
