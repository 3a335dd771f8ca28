import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** Hits of one key in its current window, and the milliseconds until that window ends. */
export type WindowCount = { hits: number; ttlMs: number };

/**
 * Fixed-window counters (rate limits, sign-in attempts: issue 25, decision 005). On PostgreSQL they live in the
 * rate_limit_counters table, so every instance on the database counts the same hits; on the embedded database the one
 * instance counts in memory.
 */
export type AttemptLimiter = {
  /** Counts one hit; a key whose window has ended starts a new one of `windowMs`. */
  hit: (key: string, windowMs: number) => Promise<WindowCount>;
  /** The hits in the key's current window (0 once it ended), without counting. */
  read: (key: string) => Promise<WindowCount>;
  reset: (key: string) => Promise<void>;
};

const none: WindowCount = { hits: 0, ttlMs: 0 };

export const createMemoryAttemptLimiter = (): AttemptLimiter => {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  const alive = (key: string, now: number) => {
    const entry = windows.get(key);
    return entry && entry.resetAt > now ? entry : null;
  };
  return {
    hit: async (key, windowMs) => {
      const now = Date.now();
      if (windows.size > 100_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
      const entry = alive(key, now) ?? { hits: 0, resetAt: now + windowMs };
      entry.hits++;
      windows.set(key, entry);
      return { hits: entry.hits, ttlMs: entry.resetAt - now };
    },
    read: async (key) => {
      const now = Date.now();
      const entry = alive(key, now);
      return entry ? { hits: entry.hits, ttlMs: entry.resetAt - now } : none;
    },
    reset: async (key) => {
      windows.delete(key);
    },
  };
};

type CounterRow = { hits: number | string; ttl_ms: number | string };
const countOf = (rows: CounterRow[]): WindowCount => {
  const row = rows[0];
  return row ? { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) } : none;
};

/**
 * The shared counters: the only SQL on rate_limit_counters. One statement per hit (an upsert that starts a new window
 * once the old one ended), timed by the database's clock so that instances with skewed clocks agree.
 */
export const createPostgresAttemptLimiter = (db: Database['db']): AttemptLimiter => {
  let lastSweep = Date.now();
  /** Ended windows are deleted now and then (at most once a minute per instance), never on the request's path. */
  const sweep = () => {
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    db.execute(sql`delete from rate_limit_counters where reset_at < clock_timestamp() - interval '1 minute'`).catch(
      () => {},
    );
  };
  const rowsOf = (result: unknown) => (result as { rows: CounterRow[] }).rows;
  return {
    hit: async (key, windowMs) => {
      sweep();
      const result = await db.execute(sql`
        insert into rate_limit_counters as c (key, hits, reset_at)
        values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.reset_at <= clock_timestamp() then 1 else c.hits + 1 end,
          reset_at = case when c.reset_at <= clock_timestamp() then excluded.reset_at else c.reset_at end
        returning hits, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000) as ttl_ms`);
      return countOf(rowsOf(result));
    },
    read: async (key) => {
      const result = await db.execute(sql`
        select hits, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000) as ttl_ms
        from rate_limit_counters where key = ${key} and reset_at > clock_timestamp()`);
      return countOf(rowsOf(result));
    },
    reset: async (key) => {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
  };
};

/** Shared by the instances on PostgreSQL; in memory on the embedded database, which one instance serves. */
export const createAttemptLimiter = (database: Pick<Database, 'kind' | 'db'>): AttemptLimiter =>
  database.kind === 'postgres' ? createPostgresAttemptLimiter(database.db) : createMemoryAttemptLimiter();

/** Minutes to announce for a wait of `ttlMs` (spec part 2 §8: X-Rate-Limit-Retry-After-Minutes), at least 1. */
export const minutesOf = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 60_000));
