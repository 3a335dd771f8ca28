import { supportEmailAddress, tooManyRequestsMessage } from '@studiolo/domain/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../shared/app-error.ts';
import { minutesOf } from '../../shared/attempt-limiter.ts';

const window15Min = 15 * 60_000;
/** While an account is being guessed at, the addresses that failed on it share one attempt a minute. */
const slowDownWindowMs = 60_000;

/**
 * Sign-in limits (issue 25 item 6, decision 005). Nobody can lock an account out: failures count per (account,
 * address) and per address, and only those limits answer 429. An account that failed often (from anywhere) slows down
 * the addresses that failed on it, to one attempt a minute between them all; an address that has not failed on it
 * is always heard, so its owner's right password (and second factor) gets in. Where the bot check is configured every
 * sign-in already carries a solved check (spec part 2 §7), which takes the place of the slow-down.
 * `account` is the e-mail for the password step and `totp:<user id>` for the second factor's.
 */
export const signInLimits = (deps: Pick<AppDeps, 'config' | 'loginAttempts'>, account: string, ip: string | null) => {
  const counters = deps.loginAttempts;
  const config = deps.config;
  const who = account.toLowerCase();
  const from = ip ?? 'sconosciuto';
  const keys = {
    pair: `signin:pair:${who}|${from}`,
    account: `signin:account:${who}`,
    address: `signin:address:${from}`,
    slow: `signin:slow:${who}`,
  };
  const tooMany = (ttlMs: number) => {
    const minutes = minutesOf(ttlMs);
    return new AppError('RATE_LIMITED', tooManyRequestsMessage(minutes, supportEmailAddress), {
      retryAfterMinutes: minutes,
    });
  };
  return {
    /** Throws 429 when this address must wait before trying this account again; counts nothing else. */
    check: async () => {
      const [address, pair] = await Promise.all([counters.read(keys.address), counters.read(keys.pair)]);
      if (address.hits >= config.RATE_LIMIT_ADDRESS_FAILURES_PER_15_MIN) throw tooMany(address.ttlMs);
      if (pair.hits >= config.RATE_LIMIT_ACCOUNT_PER_15_MIN) throw tooMany(pair.ttlMs);
      if (pair.hits === 0 || config.TURNSTILE_SECRET) return;
      const failures = await counters.read(keys.account);
      if (failures.hits < config.RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER) return;
      const slow = await counters.hit(keys.slow, slowDownWindowMs);
      if (slow.hits > 1) throw tooMany(slow.ttlMs);
    },
    failed: async () => {
      await Promise.all([
        counters.hit(keys.pair, window15Min),
        counters.hit(keys.account, window15Min),
        counters.hit(keys.address, window15Min),
      ]);
    },
    /** The right credentials: this address starts afresh on this account (the account's own count stays). */
    succeeded: () => counters.reset(keys.pair),
  };
};
