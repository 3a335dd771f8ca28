import { currentLegalVersions } from '@studiolo/domain/legal';
import type { StaffRole } from '@studiolo/domain/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailMessages, users } from '../../src/db/schema/index.ts';
import type { AppDeps } from '../../src/deps.ts';
import { depsOf } from './build-test-app.ts';
import { testPassword, uniqueEmail, validStudioInput } from './factories.ts';
import { apiOk } from './http.ts';

export type TestUser = { token: string; email: string; password: string; userId: string };
export type TestStudioUser = TestUser & { studioId: string; memberId: string };

type Session = { token: string; username: string };
type Me = { id: string; idsStudio: string[] };

export const signUp = async (
  app: FastifyInstance,
  opts: { email?: string; nome?: string; cognome?: string } = {},
): Promise<TestUser> => {
  const email = opts.email ?? uniqueEmail();
  await apiOk(app, {
    method: 'POST',
    url: '/user/signup',
    body: {
      email,
      password: testPassword,
      nome: opts.nome ?? 'Giulia',
      cognome: opts.cognome ?? 'Bianchi',
      legal: currentLegalVersions(),
    },
  });
  // Sign-up only mails a confirmation link (issue 25 item 8): open it, as the person would, to get the session.
  const session = await apiOk<Session>(app, {
    method: 'POST',
    url: '/user/verify-email',
    body: { token: await lastMailedToken(depsOf(app), email, 'verificaEmail') },
  });
  const me = await apiOk<Me>(app, { method: 'GET', url: '/user/getUser', token: session.token });
  return { token: session.token, email, password: testPassword, userId: me.id };
};

/** A new user who went through on-boarding: the owner (ROLE_USER) of a new studio. */
export const createStudioOwner = async (app: FastifyInstance): Promise<TestStudioUser> => {
  const user = await signUp(app);
  const studio = await apiOk<{ id: string }>(app, {
    method: 'POST',
    url: '/studio/initial-setup',
    token: user.token,
    body: { studio: validStudioInput(), avatarColor: '#1E88E5' },
  });
  const staff = await apiOk<{ id: string; email: string }[]>(app, { method: 'GET', url: '/staff', token: user.token });
  const me = staff.find((s) => s.email === user.email);
  if (!me) throw new Error('owner membership missing');
  return { ...user, studioId: studio.id, memberId: me.id };
};

/** The token of the last link to `page` mailed to `email` (read from the outbox, as the person would). */
export const lastMailedToken = async (deps: AppDeps, email: string, page: string): Promise<string> => {
  const mails = await deps.db
    .select({ text: mailMessages.text })
    .from(mailMessages)
    .where(eq(mailMessages.to, email))
    .orderBy(desc(mailMessages.createdAt))
    .limit(10);
  for (const mail of mails) {
    const token = mail.text.match(new RegExp(`/${page}\\?token=([A-Za-z0-9_\\-%]+)`))?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no ${page} link mailed to ${email}`);
};

/** The invitation token of the last invite mailed to `email` (read from the outbox, as the person would). */
export const lastInviteToken = async (deps: AppDeps, email: string): Promise<string> => {
  const [mail] = await deps.db
    .select({ text: mailMessages.text })
    .from(mailMessages)
    .where(eq(mailMessages.to, email))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  const token = mail?.text.match(/inviteToken=([A-Za-z0-9_\-%]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
};

/** A staff member of the owner's studio with the given role, invited by e-mail and signed up from the link. */
export const createStaffUser = async (
  app: FastifyInstance,
  deps: AppDeps,
  owner: TestStudioUser,
  role: StaffRole,
): Promise<TestStudioUser> => {
  const email = uniqueEmail('staff');
  const member = await apiOk<{ id: string }>(app, {
    method: 'POST',
    url: '/staff',
    token: owner.token,
    body: { name: 'Luca', lastname: 'Verdi', email, role },
  });
  const inviteToken = await lastInviteToken(deps, email);
  const session = await apiOk<Session>(app, {
    method: 'POST',
    url: '/user/signup',
    body: { email, password: testPassword, nome: 'Luca', cognome: 'Verdi', inviteToken, legal: currentLegalVersions() },
  });
  const me = await apiOk<Me>(app, { method: 'GET', url: '/user/getUser', token: session.token });
  return {
    token: session.token,
    email,
    password: testPassword,
    userId: me.id,
    studioId: owner.studioId,
    memberId: member.id,
  };
};

/** Gives a user a platform role (there is no API for it: operators are appointed by the platform). */
export const grantPlatformRole = async (
  deps: AppDeps,
  userId: string,
  role: 'ROLE_ADMIN' | 'ROLE_DEV' | 'ROLE_CONTENT_MANAGER',
) => {
  await deps.db.update(users).set({ platformRole: role }).where(eq(users.id, userId));
};
