/**
 * Counts attempts per key in a fixed window (per-account sign-in limits). In memory: one instance
 * serves one process; with several instances this moves to a shared store (README, "Beyond one machine").
 */
export type AttemptLimiter = {
  /** @returns minutes to wait when the key has used up its attempts, else null (and counts this one). */
  hit: (key: string) => number | null;
  reset: (key: string) => void;
};

export const createAttemptLimiter = (opts: { max: number; windowMs: number }): AttemptLimiter => {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    hit: (key) => {
      const now = Date.now();
      let entry = hits.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + opts.windowMs };
        hits.set(key, entry);
      }
      if (hits.size > 100_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
      if (entry.count >= opts.max) return Math.max(1, Math.ceil((entry.resetAt - now) / 60_000));
      entry.count++;
      return null;
    },
    reset: (key) => {
      hits.delete(key);
    },
  };
};
