import {
  authMessages,
  changePwdInputSchema,
  currentUserSchema,
  loginInputSchema,
  loginResponseSchema,
  loginTotpInputSchema,
  resetPwdInputSchema,
  signupInputSchema,
  totpDisableInputSchema,
  totpEnableInputSchema,
  totpSetupInputSchema,
  totpSetupResponseSchema,
  updateUserInputSchema,
  verifyEmailInputSchema,
} from '@studiolo/domain/auth';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requestMeta, sessionOf, userOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as auth from './auth.service.ts';

export const registerAuthRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // spec part 2 §7: sign-in, sign-up and reset are bot-checked; all three are rate-limited per IP.
  const authLimit = { max: deps.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: 60_000 };

  app.post(
    '/user/signup',
    {
      schema: { tags: ['auth'], body: signupInputSchema, response: { 200: envelopeSchema(loginResponseSchema) } },
      config: { access: { public: true }, turnstile: true, rateLimit: authLimit },
    },
    async (req) => {
      // A stale staff invitation is a warning, and the sign-up goes on with the confirmation link.
      const { session, warnings } = await auth.signup(deps, req.body, requestMeta(req));
      return ok(session, session.token ? authMessages.signupDone : authMessages.signupCheckEmail, warnings);
    },
  );

  app.post(
    '/user/verify-email',
    {
      schema: {
        tags: ['auth'],
        body: verifyEmailInputSchema,
        response: { 200: envelopeSchema(loginResponseSchema.nullable()) },
      },
      config: { access: { public: true }, rateLimit: authLimit },
    },
    async (req) => ok(await auth.verifyEmail(deps, req.body.token, requestMeta(req)), authMessages.emailVerified),
  );

  app.post(
    '/user/verify-email/send',
    {
      schema: { tags: ['auth'], response: { 200: envelopeSchema(z.null()) } },
      config: { access: { user: true }, rateLimit: authLimit },
    },
    async (req) => {
      await auth.resendEmailVerification(deps, userOf(req));
      return ok(null, authMessages.verificationSent);
    },
  );

  app.post(
    '/user/logout',
    {
      schema: { tags: ['auth'], response: { 200: envelopeSchema(z.null()) } },
      config: { access: { user: true } },
    },
    async (req) => {
      await auth.logout(deps, userOf(req), sessionOf(req));
      return ok(null, authMessages.loggedOut);
    },
  );

  app.post(
    '/user/logout-all',
    {
      schema: { tags: ['auth'], response: { 200: envelopeSchema(z.null()) } },
      config: { access: { user: true } },
    },
    async (req) => {
      await auth.logoutEverywhere(deps, userOf(req));
      return ok(null, authMessages.loggedOutEverywhere);
    },
  );

  app.post(
    '/user/login',
    {
      schema: { tags: ['auth'], body: loginInputSchema, response: { 200: envelopeSchema(loginResponseSchema) } },
      config: { access: { public: true }, turnstile: true, rateLimit: authLimit },
    },
    async (req) => ok(await auth.login(deps, req.body, requestMeta(req))),
  );

  app.post(
    '/user/login/2fa',
    {
      schema: { tags: ['auth'], body: loginTotpInputSchema, response: { 200: envelopeSchema(loginResponseSchema) } },
      config: { access: { public: true }, rateLimit: authLimit },
    },
    async (req) => ok(await auth.loginWithTotp(deps, req.body, requestMeta(req))),
  );

  app.post(
    '/user/resetPwd',
    {
      schema: { tags: ['auth'], body: resetPwdInputSchema, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { public: true }, turnstile: true, rateLimit: authLimit },
    },
    async (req) => {
      await auth.requestPasswordReset(deps, req.body.email, requestMeta(req));
      return ok(null, authMessages.resetRequested);
    },
  );

  app.post(
    '/user/changePwd',
    {
      schema: { tags: ['auth'], body: changePwdInputSchema, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { public: true, optionalUser: true }, rateLimit: authLimit },
    },
    async (req) => {
      await auth.changePassword(deps, req.body, req.user, requestMeta(req));
      return ok(null, authMessages.passwordChanged);
    },
  );

  app.get(
    '/user/getUser',
    {
      schema: { tags: ['auth'], response: { 200: envelopeSchema(currentUserSchema) } },
      config: { access: { user: true } },
    },
    async (req) => ok(await auth.getCurrentUser(deps, userOf(req))),
  );

  app.put(
    '/user',
    {
      schema: { tags: ['auth'], body: updateUserInputSchema, response: { 200: envelopeSchema(currentUserSchema) } },
      config: { access: { user: true } },
    },
    async (req) => {
      await auth.updateCurrentUser(deps, userOf(req), req.body);
      return ok(await auth.getCurrentUser(deps, userOf(req)), authMessages.profileUpdated);
    },
  );

  app.put(
    '/user/current-studio',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ studioId: z.uuid() }),
        response: { 200: envelopeSchema(currentUserSchema) },
      },
      config: { access: { user: true } },
    },
    async (req) => {
      await auth.switchCurrentStudio(deps, userOf(req), req.body.studioId);
      return ok(await auth.getCurrentUser(deps, userOf(req)));
    },
  );

  app.post(
    '/user/2fa/setup',
    {
      schema: {
        tags: ['auth'],
        body: totpSetupInputSchema,
        response: { 200: envelopeSchema(totpSetupResponseSchema) },
      },
      config: { access: { public: true, optionalUser: true }, rateLimit: authLimit },
    },
    async (req) =>
      ok(
        await auth.setupTotp(deps, {
          ...(req.user ? { user: req.user } : {}),
          challengeToken: req.body.challengeToken,
        }),
      ),
  );

  app.post(
    '/user/2fa/enable',
    {
      schema: {
        tags: ['auth'],
        body: totpEnableInputSchema,
        response: { 200: envelopeSchema(loginResponseSchema.nullable()) },
      },
      config: { access: { public: true, optionalUser: true }, rateLimit: authLimit },
    },
    async (req) =>
      ok(
        await auth.enableTotp(
          deps,
          { ...(req.user ? { user: req.user } : {}), challengeToken: req.body.challengeToken },
          req.body.code,
          requestMeta(req),
        ),
        authMessages.totpEnabled,
      ),
  );

  app.post(
    '/user/2fa/disable',
    {
      schema: { tags: ['auth'], body: totpDisableInputSchema, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { user: true } },
    },
    async (req) => {
      await auth.disableTotp(deps, userOf(req), req.body.code);
      return ok(null, authMessages.totpDisabled);
    },
  );
};
