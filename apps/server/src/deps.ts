import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createPdfPool, type PdfPool } from '@studiolo/documents/pdf-pool';
import { encryptWithCertificate } from '@studiolo/sistema-ts';
import { createGoogleCalendarClient } from './adapters/google-calendar/google.ts';
import type { GoogleCalendarAdapter } from './adapters/google-calendar/google-calendar.ts';
import { notConfiguredGoogleCalendar } from './adapters/google-calendar/not-configured.ts';
import { createLocalOutboxTransport } from './adapters/mail/local.ts';
import type { MailTransport } from './adapters/mail/mail.ts';
import { createSmtpTransport } from './adapters/mail/smtp.ts';
import { createLocalPayments } from './adapters/payments/local.ts';
import type { PaymentsAdapter } from './adapters/payments/payments.ts';
import { createStripePayments } from './adapters/payments/stripe.ts';
import { createAcubeAdapter } from './adapters/sdi/acube.ts';
import type { SdiAdapter } from './adapters/sdi/sdi.ts';
import { createSdiSimulator } from './adapters/sdi/simulator.ts';
import { createSistemaTsSimulator } from './adapters/sistema-ts/simulator.ts';
import type { SistemaTsAdapter } from './adapters/sistema-ts/sistema-ts.ts';
import { createSistemaTsWebService } from './adapters/sistema-ts/webservice.ts';
import { createLocalSmsOutbox } from './adapters/sms/local.ts';
import type { SmsTransport } from './adapters/sms/sms.ts';
import { createTwilioSms, twilioStatusCallbackUrl } from './adapters/sms/twilio.ts';
import { createLocalStorage } from './adapters/storage/local.ts';
import { createS3Storage } from './adapters/storage/s3.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import { authRepository } from './features/auth/auth.repository.ts';
import { type AuthContexts, createAuthContexts } from './features/auth/auth-contexts.ts';
import { createTokenService, type TokenService } from './features/auth/tokens.ts';
import { type BackupDestination, backupDestinationOf } from './features/backups/backup-destination.ts';
import { type DeletionGate, gateDeletes } from './features/backups/deletion-gate.ts';
import { createEventsAnswerCache, type EventsAnswerCache } from './features/calendar/events-answer-cache.ts';
import { createMailer, type Mailer } from './features/mail/mail.service.ts';
import { createPatientSearchCache, type PatientSearchCache } from './features/patients/patient-search-cache.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { type AttemptLimiter, createAttemptLimiter } from './shared/attempt-limiter.ts';
import { createSecretKeys, type SecretKeys } from './shared/secret-keys.ts';

/** Everything a service may use; built once by server.ts (or the test helper) and passed to buildApp. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  /** Who is calling, in which studio, at which versions: read on every request (kept in memory on PGlite). */
  authContexts: AuthContexts;
  mailer: Mailer;
  mailTransport: MailTransport;
  storage: Storage;
  /** Holds the storage's deletes while a backup copies the files (decision 041). */
  storageDeletes: DeletionGate;
  /** Where the embedded database's backups go: a directory or an S3-compatible bucket (decision 041). */
  backups: BackupDestination;
  /** Google Calendar, or the "not configured" default when the server has no Google credentials. */
  googleCalendar: GoogleCalendarAdapter;
  /** Encryption and signing keys derived from the auth secret (stored refresh tokens, the OAuth state). */
  secrets: SecretKeys;
  /** Sign-in attempt and rate-limit counters: shared by the instances on PostgreSQL, in memory on PGlite. */
  loginAttempts: AttemptLimiter;
  /** Each studio's patients, indexed in memory for search (rebuilt when the studio's search version moves). */
  patientSearch: PatientSearchCache;
  eventsAnswers: EventsAnswerCache;
  /** Worker threads that build invoice PDFs off the event loop (started on the first PDF, idle ones unref'd). */
  pdfs: PdfPool;
  /** Durable background jobs (pg-boss) on the same database. */
  jobs: JobQueue;
  /** The SDI intermediary: the built-in simulator unless SDI_PROVIDER names a real one. */
  sdi: SdiAdapter;
  /** The Sistema Tessera Sanitaria: the built-in simulator unless SISTEMA_TS_PROVIDER names the real service. */
  sistemaTs: SistemaTsAdapter;
  /** SMS: the local outbox (nothing sent, shown in the app) unless SMS_PROVIDER names a real provider. */
  sms: SmsTransport;
  /** Card payments: the local simulator (nothing charged, said in the UI) unless STRIPE_SECRET_KEY is set. */
  payments: PaymentsAdapter;
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

/** A few hundred bytes a context: the users signed in to one embedded server are far fewer. */
const authContextsMaxUsers = 10_000;
/** About 400 bytes a patient in memory: 1,000,000 patients (all studios together) is some 400 MB at most. */
const patientSearchCacheMaxPatients = 1_000_000;
/** About 1.5 kB a patient as the API shows it: the rows of the pages searched most, some 30 MB at most. */
const patientSearchCacheMaxRows = 20_000;
/** A busy week's answer weighs about 2 MB (plus a tenth gzipped); the usual one a few hundred kB. */
const eventsAnswerCacheMaxBytes = 128 * 1024 * 1024;

/** Local disk under DATA_DIR unless STORAGE_DRIVER=s3 (decision 030). */
const storageOf = (config: Config): Storage =>
  config.STORAGE_DRIVER === 's3'
    ? createS3Storage({
        bucket: config.S3_BUCKET as string,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        prefix: config.S3_PREFIX,
      })
    : createLocalStorage(config.DATA_DIR);

export const createDeps = (
  config: Config,
  database: Database,
  overrides: {
    mailTransport?: MailTransport;
    storage?: Storage;
    backups?: BackupDestination;
    googleCalendar?: GoogleCalendarAdapter;
    sdi?: SdiAdapter;
    sistemaTs?: SistemaTsAdapter;
    sms?: SmsTransport;
    payments?: PaymentsAdapter;
    now?: () => Date;
  } = {},
): AppDeps => {
  const now = overrides.now ?? (() => new Date());
  const mailTransport =
    overrides.mailTransport ??
    (config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : createLocalOutboxTransport(config.DATA_DIR));
  const authSecret = authSecretOf(config);
  const { storage, gate: storageDeletes } = gateDeletes(overrides.storage ?? storageOf(config));
  const googleCalendar =
    overrides.googleCalendar ??
    (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleCalendarClient({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          apiRootUrl: config.GOOGLE_API_ROOT_URL,
          oauthUrl: config.GOOGLE_OAUTH_URL,
        })
      : notConfiguredGoogleCalendar);
  return {
    config,
    database,
    db: database.db,
    tokens: createTokenService(authSecret, config.AUTH_TOKEN_TTL_HOURS),
    authContexts: createAuthContexts(
      (userId, studioId, sessionId) => authRepository.findAuthContext(database.db, userId, studioId, sessionId ?? null),
      database.authChanges,
      { maxUsers: authContextsMaxUsers },
    ),
    mailer: createMailer(database.db, mailTransport, config.MAIL_FROM),
    mailTransport,
    storage,
    storageDeletes,
    backups: overrides.backups ?? backupDestinationOf(config),
    googleCalendar,
    secrets: createSecretKeys(authSecret),
    loginAttempts: createAttemptLimiter(database),
    patientSearch: createPatientSearchCache({
      maxPatients: patientSearchCacheMaxPatients,
      maxRows: patientSearchCacheMaxRows,
    }),
    eventsAnswers: createEventsAnswerCache({ maxBytes: eventsAnswerCacheMaxBytes }),
    // one core stays with the event loop; at least one worker
    pdfs: createPdfPool({ size: Math.max(1, availableParallelism() - 1) }),
    jobs: createJobQueue(database.jobQueueConnection),
    sdi:
      overrides.sdi ??
      (config.SDI_PROVIDER === 'acube'
        ? createAcubeAdapter({
            apiUrl: config.ACUBE_API_URL,
            loginUrl: config.ACUBE_LOGIN_URL,
            email: config.ACUBE_EMAIL as string,
            password: config.ACUBE_PASSWORD as string,
          })
        : createSdiSimulator(now)),
    sistemaTs:
      overrides.sistemaTs ??
      (config.SISTEMA_TS_PROVIDER === 'webservice'
        ? createSistemaTsWebService({
            invioUrl: config.SISTEMA_TS_INVIO_URL as string,
            esitoUrl: config.SISTEMA_TS_ESITO_URL as string,
            encrypt: encryptWithCertificate,
          })
        : createSistemaTsSimulator(now)),
    sms:
      overrides.sms ??
      (config.SMS_PROVIDER === 'twilio'
        ? createTwilioSms({
            apiUrl: config.TWILIO_API_URL,
            accountSid: config.TWILIO_ACCOUNT_SID as string,
            authToken: config.TWILIO_AUTH_TOKEN as string,
            from: config.TWILIO_FROM as string,
            // delivery reports ("Consegnato", decision 036) only when Twilio can reach this server
            statusCallbackUrl: twilioStatusCallbackUrl(config),
          })
        : createLocalSmsOutbox()),
    payments:
      overrides.payments ??
      (config.STRIPE_SECRET_KEY
        ? createStripePayments({
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET as string,
            now,
          })
        : createLocalPayments({ now, basePath: '/app/api/stripe-integration/simulator' })),
    now,
  };
};
