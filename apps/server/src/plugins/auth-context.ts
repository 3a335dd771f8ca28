import { timingSafeEqual } from 'node:crypto';
import { authMessages } from '@studiolo/domain/auth';
import { can, type Role, roles, supportRoles } from '@studiolo/domain/shared';
import { studioMessages } from '@studiolo/domain/studio';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { recordAudit } from '../features/audit/audit.repository.ts';
import { authRepository } from '../features/auth/auth.repository.ts';
import { AppError, forbidden, unauthorized } from '../shared/app-error.ts';
import type { RequestMeta } from '../shared/request-meta.ts';
import type { StudioContext, UserContext } from '../shared/studio-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set for every non-public route. */
    user: UserContext | null;
    /** The studio the request works in; set for routes that declare a permission. */
    studioContext: StudioContext | null;
    /** The server-side session of the bearer token (user_sessions.id); set with `user`. */
    sessionId: string | null;
  }
}

const isRole = (v: unknown): v is Role => typeof v === 'string' && (roles as readonly string[]).includes(v);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const requestMeta = (req: FastifyRequest): RequestMeta => ({
  requestId: req.id,
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});

/** The studio context of a route that declared a permission (set by the access hook). */
export const studioOf = (req: FastifyRequest): StudioContext => {
  if (!req.studioContext) throw unauthorized();
  return req.studioContext;
};
export const userOf = (req: FastifyRequest): UserContext => {
  if (!req.user) throw unauthorized();
  return req.user;
};
/** The session the request's token stands for (sign-out revokes it). */
export const sessionOf = (req: FastifyRequest): string => {
  if (!req.sessionId) throw unauthorized();
  return req.sessionId;
};

const bearerOf = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : null;
};

/** The studio a request asks for (query studioId or header X-Studio-Id): only a request, checked below. */
const requestedStudioOf = (req: FastifyRequest): string | null => {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.studioId;
  const value = typeof fromQuery === 'string' ? fromQuery : req.headers['x-studio-id'];
  if (typeof value !== 'string' || value === '') return null;
  if (!uuidPattern.test(value)) throw forbidden();
  return value;
};

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Resolves who is calling and in which studio, and enforces the route's declared access.
 * SECURITY: the studio comes from the verified token's user and a membership row, never from the body;
 * a requested studioId without membership is refused.
 */
export const registerAuthContext = (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest('user', null);
  app.decorateRequest('studioContext', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access) return;
    const token = bearerOf(req);
    if ('public' in access) {
      if (!access.optionalUser || !token) return;
      const claims = await deps.tokens.verify(token, 'access');
      const row = claims ? await deps.authContexts.find(claims.sub, null, claims.sid) : null;
      if (claims && row && row.tokenVersion === claims.tv && row.sessionId === claims.sid) {
        req.sessionId = claims.sid;
        req.user = {
          userId: row.id,
          email: row.email,
          platformRole: isRole(row.platformRole) ? row.platformRole : null,
          actorUserId: null,
          actorEmail: null,
          meta: requestMeta(req),
        };
      }
      return;
    }

    const claims = token ? await deps.tokens.verify(token, 'access') : null;
    if (!claims) throw unauthorized();

    const requestedStudio = requestedStudioOf(req);
    const meta = requestMeta(req);
    let row = await deps.authContexts.find(claims.sub, requestedStudio, claims.sid);
    // SECURITY: a token whose session was revoked (sign-out, all devices, password change) is refused at once; on
    // PostgreSQL every request reads the session row, on PGlite its trigger forgets the kept context (decision 017).
    if (!row || row.tokenVersion !== claims.tv || row.sessionId !== claims.sid) throw unauthorized();
    req.sessionId = claims.sid;
    let actor: { id: string; email: string } | null = null;

    // Support mode (spec part 1 §6, part 2 §7): an operator acts as a user with ActAs + ActAsSecret.
    const actAs = req.headers.actas;
    const actAsSecret = req.headers.actassecret;
    if (typeof actAs === 'string' || typeof actAsSecret === 'string') {
      const secret = deps.config.SUPPORT_SECRET;
      const operatorRole = row.platformRole;
      if (
        !secret ||
        typeof actAs !== 'string' ||
        typeof actAsSecret !== 'string' ||
        !safeEqual(actAsSecret, secret) ||
        !(supportRoles as readonly string[]).includes(operatorRole ?? '')
      ) {
        await recordAudit(
          deps.db,
          { userId: row.id, actorUserId: null, meta },
          {
            action: 'support.denied',
            outcome: 'failure',
            detail: `${req.method} ${req.routeOptions.url}`,
          },
        );
        throw forbidden(authMessages.supportSecretInvalid);
      }
      const target = await authRepository.findUserByEmail(deps.db, actAs.trim().toLowerCase());
      if (!target) throw new AppError('NOT_FOUND', authMessages.supportUserNotFound);
      actor = { id: row.id, email: row.email };
      row = await deps.authContexts.find(target.id, requestedStudio);
      if (!row) throw unauthorized();
    }

    const user: UserContext = {
      userId: row.id,
      email: row.email,
      platformRole: isRole(row.platformRole) ? row.platformRole : null,
      actorUserId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      meta,
    };
    req.user = user;

    if (actor) {
      await recordAudit(
        deps.db,
        { ...user, studioId: row.memberStudioId },
        {
          action: 'support.request',
          detail: `${req.method} ${req.routeOptions.url}`,
        },
      );
    }

    if ('user' in access) return;
    if ('platform' in access) {
      // Platform routes look at the operator's own role, never at the user acted as.
      const role = actor ? null : user.platformRole;
      if (!role || !access.platform.includes(role as never)) throw forbidden();
      return;
    }
    if (requestedStudio && row.memberStudioId !== requestedStudio) throw forbidden();
    if (!row.memberStudioId || !row.memberId || !isRole(row.memberRole)) {
      throw new AppError('FORBIDDEN', studioMessages.noStudio);
    }
    const role = row.memberRole;
    if (!can(role, access.permission)) throw forbidden();
    // Issue 25 item 8: nothing reaches patients from an account whose e-mail address is not confirmed.
    if (access.verifiedEmail && !row.emailVerified) throw forbidden(authMessages.emailNotVerified);
    req.studioContext = {
      ...user,
      studioId: row.memberStudioId,
      role,
      memberId: row.memberId,
      versions: row.versions,
    };
  });
};
