import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and sign-in attempt counters shared by every instance on one PostgreSQL (issue 25, decision 005): one
 * row per key (route and address, account and address, account…) counting hits in a fixed window that ends at
 * reset_at. Not used on the embedded database, where the one instance counts in memory. Holds e-mail addresses and
 * client addresses for at most a window past its end (expired rows are deleted as new ones come).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);
