import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type AttemptLimiter, createMemoryAttemptLimiter } from '../shared/attempt-limiter.ts';

/**
 * @fastify/rate-limit's custom store (its README, "Custom store": a constructor given the plugin's options, `incr(key,
 * cb, timeWindow, max)` answering `{ current, ttl }`, `child(routeOptions)` for a route with limits of its own, and
 * `read` for `{ increment: false }`). The routes with limits of their own (sign-in, password reset, the booking code
 * and the public booking pages: what guards an account or a studio's patients) count on the shared counters, so that
 * every instance on one PostgreSQL counts the same requests (issue 25); each counts apart, as the plugin's in-memory
 * store does. The global per-address limit, a flood guard on every API request, counts in each instance's memory:
 * shared, it was one database write per request, which the bench found costing more than the request itself
 * (decision 032).
 */
export const sharedRateLimitStore = (
  counters: AttemptLimiter,
  local: AttemptLimiter = createMemoryAttemptLimiter(),
): FastifyRateLimitStoreCtor => {
  class SharedStore implements FastifyRateLimitStore {
    readonly prefix: string;
    readonly counters: AttemptLimiter;
    constructor(_options: unknown, prefix = 'rl:*:') {
      this.prefix = prefix;
      this.counters = prefix === 'rl:*:' ? local : counters;
    }

    incr(
      key: string,
      cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      this.counters.hit(this.prefix + key, timeWindow).then(
        (c) => cb(null, { current: c.hits, ttl: c.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      this.counters.read(this.prefix + key).then(
        (c) => cb(null, { current: c.hits, ttl: c.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // the plugin passes the route's own options and, as routeInfo, the route itself
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string | string[]; url?: string } };
      const { method, url } = routeInfo ?? {};
      return new SharedStore(routeOptions, `rl:${[method].flat().join(',')} ${url ?? ''}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
};
