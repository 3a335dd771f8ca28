import { isIP } from 'node:net';
import { isValidPartitaIva } from '@studiolo/domain/anagrafica';
import { z } from 'zod';

/**
 * TRUST_PROXY (issue 25): unset or empty, no proxy is believed and a client's address is the socket's; a number, that
 * many proxies in front of the server (the address is taken that many hops from the right of X-Forwarded-For); else
 * the proxies' own addresses or CIDR ranges, comma-separated (only a request coming from one of them has its
 * X-Forwarded-For read). Never "true": believing every sender is what let anyone write their own address.
 */
const trustProxy = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === '0') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count between 0 and 10' });
      return z.NEVER;
    }
    const entries = v.split(',').map((e) => e.trim());
    const valid = (e: string) => {
      const [address, prefix, extra] = e.split('/');
      if (extra !== undefined || !address || isIP(address) === 0) return false;
      return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
    };
    const bad = entries.filter((e) => !valid(e));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `a hop count or IP addresses/CIDR ranges, comma-separated (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  });

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads (documented in .env.example). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy,
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
  /**
   * Who runs this install, named in the legal documents as the «Fornitore» (decision 043): company or person, its
   * registered address, partita IVA and PEC. Unset, the documents say "who runs this install".
   */
  OPERATOR_NAME: z.string().trim().min(2).max(200).optional(),
  OPERATOR_ADDRESS: z.string().trim().min(5).max(300).optional(),
  OPERATOR_VAT_NUMBER: z
    .string()
    .trim()
    .refine(isValidPartitaIva, 'an Italian partita IVA: 11 digits with a valid check digit')
    .optional(),
  OPERATOR_PEC: z.email().optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins for one account from one address before that address waits out the 15 minutes (issue 25). */
  RATE_LIMIT_ACCOUNT_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins from one address, whatever the accounts, before it waits out the 15 minutes. */
  RATE_LIMIT_ADDRESS_FAILURES_PER_15_MIN: z.coerce.number().int().min(1).default(30),
  /**
   * Failed sign-ins for one account (from anywhere in 15 minutes) after which the addresses that failed on it share
   * one attempt a minute; addresses that have not failed on it are not slowed. Not used with the bot check.
   */
  RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Online booking: reads of public booking pages and their free slots one address may make in a minute. */
  RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Online booking (decision 035): codes one address may ask for in an hour, whatever the studio. */
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Online booking: codes the addresses of one network block (/24, /48) may ask for in an hour. */
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_BLOCK: z.coerce.number().int().min(1).default(60),
  /** Online booking: codes one e-mail address may be sent in an hour, whatever the studio. */
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_EMAIL: z.coerce.number().int().min(1).default(5),
  /**
   * Online booking (issue 39 item 4): codes one studio's page mails in an hour to addresses it does not know (no
   * booking confirmed from them, no card with them). Beyond, the request is answered the same and not mailed: a
   * flood never mails unbounded, and never refuses the studio's known patients.
   */
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_NEW_ADDRESSES: z.coerce.number().int().min(1).default(60),
  /** On PostgreSQL: answer 503 while the event loop lags more than this (ms); 0 turns the check off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** Seed the demo into an empty embedded database at start; unset, only outside production (db/seed.ts). */
  SEED_DEMO: bool.optional(),
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
  /** How often the appointment reminders' pass plans the studios whose calendar moved (decision 036). */
  REMINDER_PASS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * The reminders' quiet hours, Europe/Rome wall times "HH:MM-HH:MM" (decision 036: none leaves from 21:00 to 08:00);
   * the same time twice means none (a demo or the end-to-end tests, which must see a reminder leave at any hour).
   */
  REMINDER_QUIET_HOURS: z
    .string()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d-(?:[01]\d|2[0-3]):[0-5]\d$/u)
    .default('21:00-08:00'),
  /**
   * The SDI intermediary (decision 022): unset, the built-in simulator (nothing leaves the machine, and the app says
   * so); 'acube', A-Cube's REST API with the credentials below.
   */
  SDI_PROVIDER: z.enum(['simulator', 'acube']).default('simulator'),
  /** The transmitter's fiscal code (IdTrasmittente): the intermediary's, or by default each studio's own. */
  SDI_TRASMITTENTE_CODICE: z
    .string()
    .regex(/^[A-Z0-9]{11,16}$/)
    .optional(),
  /** The intermediary's recipient code: what the studio registers at the Agenzia delle Entrate to receive invoices. */
  SDI_CODICE_DESTINATARIO: z
    .string()
    .regex(/^[A-Z0-9]{7}$/)
    .optional(),
  /** Seconds the simulator waits before each answer (a real SDI takes minutes to days). */
  SDI_SIMULATOR_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  ACUBE_API_URL: z.url().default('https://api-sandbox.acubeapi.com'),
  ACUBE_LOGIN_URL: z.url().default('https://common-sandbox.api.acubeapi.com/login'),
  ACUBE_EMAIL: z.string().optional(),
  ACUBE_PASSWORD: z.string().optional(),
  /** The secret A-Cube signs its webhooks with (HMAC-SHA256, HTTP Message Signatures). */
  ACUBE_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * The Sistema Tessera Sanitaria (decision 023): unset, the built-in simulator (nothing leaves the machine, and the
   * app says so); 'webservice', the Sistema TS's SOAP services at the two addresses below (test or production
   * environment, as published on the Sistema TS portal). Each studio's credentials are its own, in its settings.
   */
  SISTEMA_TS_PROVIDER: z.enum(['simulator', 'webservice']).default('simulator'),
  SISTEMA_TS_INVIO_URL: z.url().optional(),
  SISTEMA_TS_ESITO_URL: z.url().optional(),
  /**
   * SMS (decision 028): unset, the local outbox (nothing is sent; the app shows the messages, labelled as not sent);
   * 'twilio', Twilio's Messages REST API with the account below.
   */
  SMS_PROVIDER: z.enum(['local', 'twilio']).default('local'),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The sender: a number in E.164 or an alphanumeric sender id. */
  TWILIO_FROM: z.string().optional(),
  /**
   * The shared secret of the server-to-server call PATCH /consumption-meter/{functionality} (spec part 2 §7, decision
   * 036): whoever holds it may take a studio's SMS credit. Never sent to a browser; unset, the call is refused.
   */
  CONSUMPTION_METER_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/u, '32 to 200 printable ASCII characters, no spaces')
    .optional(),
  /**
   * Card payments (decision 037): unset, the local payment simulator (a Checkout page of the app's own, labelled
   * "pagamento di prova, nessun addebito"); set, Stripe through its official SDK, with the webhook's signing secret.
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The studio's own signing certificate for signed PDFs (PKCS#12, base64) and its password; unset, the server's. */
  SIGNING_P12_BASE64: z.string().optional(),
  SIGNING_P12_PASSWORD: z.string().optional(),
  /** An RFC 3161 timestamp authority: signed PDFs become PAdES B-T (the TSA's time); unset, B-B. */
  SIGNING_TSA_URL: z.url().optional(),
  /**
   * Where uploaded files live (decision 030): 'local', under DATA_DIR/files; 's3', an S3-compatible bucket
   * (S3_BUCKET and S3_REGION; S3_ENDPOINT for a service other than AWS; keys, or the provider's usual credential chain).
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('eu-south-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+\/$/i)
    .optional(),
  /**
   * Where the embedded database's backups go (decision 041): 'dir', the directory BACKUP_DIR (DATA_DIR/backups when
   * unset); 's3', the folder `backups/` of the bucket the S3_* variables name (under S3_PREFIX), BACKUP_DIR then only
   * the local folder where each archive is built before it is uploaded.
   */
  BACKUP_TARGET: z.enum(['dir', 's3']).default('dir'),
  BACKUP_DIR: z.string().min(1).optional(),
});

export type Config = z.infer<typeof envSchema>;

/** The only reader of process.env: parses it once and fails listing every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema
    .refine((e) => Boolean(e.GOOGLE_CLIENT_ID) === Boolean(e.GOOGLE_CLIENT_SECRET), {
      message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      path: ['GOOGLE_CLIENT_SECRET'],
    })
    .refine(
      (e) => e.SISTEMA_TS_PROVIDER !== 'webservice' || Boolean(e.SISTEMA_TS_INVIO_URL && e.SISTEMA_TS_ESITO_URL),
      {
        message: 'SISTEMA_TS_PROVIDER=webservice needs SISTEMA_TS_INVIO_URL and SISTEMA_TS_ESITO_URL',
        path: ['SISTEMA_TS_PROVIDER'],
      },
    )
    .refine((e) => Boolean(e.OPERATOR_NAME) || !(e.OPERATOR_ADDRESS || e.OPERATOR_VAT_NUMBER || e.OPERATOR_PEC), {
      message: 'OPERATOR_ADDRESS, OPERATOR_VAT_NUMBER and OPERATOR_PEC need OPERATOR_NAME',
      path: ['OPERATOR_NAME'],
    })
    .refine((e) => e.STORAGE_DRIVER !== 's3' || Boolean(e.S3_BUCKET), {
      message: 'STORAGE_DRIVER=s3 needs S3_BUCKET',
      path: ['STORAGE_DRIVER'],
    })
    .refine((e) => e.BACKUP_TARGET !== 's3' || Boolean(e.S3_BUCKET), {
      message: 'BACKUP_TARGET=s3 needs S3_BUCKET',
      path: ['BACKUP_TARGET'],
    })
    .refine((e) => e.SDI_PROVIDER !== 'acube' || Boolean(e.ACUBE_EMAIL && e.ACUBE_PASSWORD && e.ACUBE_WEBHOOK_SECRET), {
      message: 'SDI_PROVIDER=acube needs ACUBE_EMAIL, ACUBE_PASSWORD and ACUBE_WEBHOOK_SECRET',
      path: ['SDI_PROVIDER'],
    })
    .refine(
      (e) => e.SMS_PROVIDER !== 'twilio' || Boolean(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM),
      {
        message: 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
        path: ['SMS_PROVIDER'],
      },
    )
    .refine((e) => !e.STRIPE_SECRET_KEY || Boolean(e.STRIPE_WEBHOOK_SECRET), {
      message: 'STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the webhook endpoint signing secret)',
      path: ['STRIPE_WEBHOOK_SECRET'],
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
  RATE_LIMIT_ADDRESS_FAILURES_PER_15_MIN: 10_000,
  RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER: 10_000,
  RATE_LIMIT_GLOBAL_PER_MINUTE: 1_000_000,
  RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE: 10_000,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_ADDRESS: 10_000,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_BLOCK: 10_000,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_EMAIL: 10_000,
  RATE_LIMIT_BOOKING_CODES_PER_HOUR_NEW_ADDRESSES: 10_000,
  // the tests share two cores between two workers: a busy machine is not a server under pressure (and under-pressure
  // counts a sampling window with no sample, a process the machine stalled, as an infinite delay: decision 033)
  MAX_EVENT_LOOP_DELAY_MS: 0,
  SCRYPT_COST_LOG2: 10,
  SDI_SIMULATOR_DELAY_SECONDS: 0,
  ACUBE_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
  CONSUMPTION_METER_SECRET: 'test-consumption-meter-secret-0123456789',
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  ...overrides,
});
