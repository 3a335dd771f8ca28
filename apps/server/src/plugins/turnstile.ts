import { httpMessages } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from '../shared/app-error.ts';

/**
 * Bot check (spec part 2 §7): with TURNSTILE_SECRET set, writes on routes marked `turnstile` need a valid
 * X-Turnstile-Token, verified at TURNSTILE_VERIFY_URL. Unset means no check.
 */
export const registerTurnstile = (app: FastifyInstance, config: Config) => {
  const secret = config.TURNSTILE_SECRET;
  if (!secret) return;
  app.addHook('preHandler', async (req) => {
    if (!req.routeOptions.config.turnstile || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method)) return;
    const token = req.headers['x-turnstile-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096)
      throw new AppError('FORBIDDEN', httpMessages.turnstileInvalid);
    let success = false;
    try {
      const res = await fetch(config.TURNSTILE_VERIFY_URL, {
        method: 'POST',
        body: new URLSearchParams({ secret, response: token, remoteip: req.ip }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`verification answered ${res.status}`);
      success = ((await res.json()) as { success?: boolean }).success === true;
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'turnstile verification unavailable');
      throw new AppError('SERVICE_UNAVAILABLE', httpMessages.turnstileUnavailable);
    }
    if (!success) throw new AppError('FORBIDDEN', httpMessages.turnstileInvalid);
  });
};
