import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createLocalOutboxTransport } from './adapters/mail/local.ts';
import type { MailTransport } from './adapters/mail/mail.ts';
import { createSmtpTransport } from './adapters/mail/smtp.ts';
import { createLocalStorage } from './adapters/storage/local.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import { createTokenService, type TokenService } from './features/auth/tokens.ts';
import { createMailer, type Mailer } from './features/mail/mail.service.ts';
import { type AttemptLimiter, createAttemptLimiter } from './shared/attempt-limiter.ts';

/** Everything a service may use; built once by server.ts (or the test helper) and passed to buildApp. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  mailTransport: MailTransport;
  storage: Storage;
  /** Per-account sign-in attempts (the per-IP limit is the rate-limit plugin's). */
  loginAttempts: AttemptLimiter;
  now: () => Date;
};

/** The signing secret: AUTH_SECRET, or one generated once and kept under DATA_DIR for the embedded setup. */
const authSecretOf = (config: Config): string => {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

export const createDeps = (
  config: Config,
  database: Database,
  overrides: { mailTransport?: MailTransport; storage?: Storage; now?: () => Date } = {},
): AppDeps => {
  const mailTransport =
    overrides.mailTransport ??
    (config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : createLocalOutboxTransport(config.DATA_DIR));
  return {
    config,
    database,
    db: database.db,
    tokens: createTokenService(authSecretOf(config), config.AUTH_TOKEN_TTL_HOURS),
    mailer: createMailer(database.db, mailTransport, config.MAIL_FROM),
    mailTransport,
    storage: overrides.storage ?? createLocalStorage(config.DATA_DIR),
    loginAttempts: createAttemptLimiter({ max: config.RATE_LIMIT_ACCOUNT_PER_15_MIN, windowMs: 15 * 60_000 }),
    now: overrides.now ?? (() => new Date()),
  };
};
