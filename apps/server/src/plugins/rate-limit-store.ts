import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AttemptLimiter } from '../shared/attempt-limiter.ts';

/**
 * @fastify/rate-limit's custom store (its README, "Custom store": a constructor given the plugin's options, `incr(key,
 * cb, timeWindow, max)` answering `{ current, ttl }`, `child(routeOptions)` for a route with limits of its own, and
 * `read` for `{ increment: false }`) over the shared counters, so that every instance on one PostgreSQL counts the
 * same requests (issue 25). Each route with its own limit counts apart, as the plugin's in-memory store does; the
 * routes under the global limit share one count per address.
 */
export const sharedRateLimitStore = (counters: AttemptLimiter): FastifyRateLimitStoreCtor => {
  class SharedStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_options: unknown, prefix = 'rl:*:') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(this.prefix + key, timeWindow).then(
        (c) => cb(null, { current: c.hits, ttl: c.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      counters.read(this.prefix + key).then(
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
