import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads (documented in .env.example). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  /** log2 of scrypt's cost N (OWASP: 17); tests lower it to keep sign-ups fast. */
  SCRYPT_COST_LOG2: z.coerce.number().int().min(10).max(20).default(17),
  AUTH_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Studiolo <noreply@studiolo.local>'),
  TURNSTILE_SECRET: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  TURNSTILE_SITE_KEY: z.string().optional(),
  SUPPORT_SECRET: z.string().min(16).optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ACCOUNT_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  CHECKPOINT_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Google Calendar link (decision 014): both set, or neither (the feature then says it is not configured). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where the Calendar API and the OAuth endpoints live: Google's by default; tests point them at a fake server. */
  GOOGLE_API_ROOT_URL: z.url().optional(),
  GOOGLE_OAUTH_URL: z.url().optional(),
  /** How often each linked studio is synced with Google in the background; 0 turns it off (the button still works). */
  GOOGLE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
});

export type Config = z.infer<typeof envSchema>;

/** The only reader of process.env: parses it once and fails listing every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema
    .refine((e) => Boolean(e.GOOGLE_CLIENT_ID) === Boolean(e.GOOGLE_CLIENT_SECRET), {
      message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      path: ['GOOGLE_CLIENT_SECRET'],
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
};

/** A config for tests: in-memory database, high limits, no demo seed. */
export const buildTestConfig = (overrides: Partial<Config> = {}): Config => ({
  ...envSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
  RATE_LIMIT_AUTH_PER_MINUTE: 10_000,
  RATE_LIMIT_ACCOUNT_PER_15_MIN: 10_000,
  RATE_LIMIT_GLOBAL_PER_MINUTE: 1_000_000,
  SCRYPT_COST_LOG2: 10,
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  ...overrides,
});
