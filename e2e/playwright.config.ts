import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The app as a newcomer gets it: the built web app served by the server, on a fresh embedded database. */
const port = Number(process.env.E2E_PORT ?? 3100);
// Made once by the runner and inherited by the workers (which load this file again): specs read the server's local
// outbox (DATA_DIR/outbox/*.eml) there, as a person reads their mail (support/mailbox.ts).
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'studiolo-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

const phoneSpecs = [
  'accessibility',
  'attachments',
  'booking',
  'booking-taps',
  'calendar',
  'foundation',
  'keyboard',
  'layout-and-security-regressions',
  'patients',
  'public-pages',
  'reminders',
  'server-rendered-pages',
  'settings-audit',
  'settings-layout',
  'settings-staff',
  'signature',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // two workers, each on its own studios, against the one server: the tests of a spec file run in order in one worker
  // (decision 044)
  fullyParallel: false,
  workers: 2,
  // a test that fails once is fixed, never retried (decision 044)
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // the taps a patient makes are counted on the phone only
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: ['booking-taps.spec.ts'] },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // what people do on a phone (decision 044): patients on their own pages, a therapist between sessions, every
      // screen's layout and accessibility; desk work (invoicing, e-invoicing, Sistema TS, settings) runs on desktop
      testMatch: phoneSpecs.map((name) => `${name}.spec.ts`),
    },
  ],
  webServer: {
    command: 'node ../apps/server/src/server.ts',
    url: `http://localhost:${port}/app/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SCRYPT_COST_LOG2: '12',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_ACCOUNT_PER_15_MIN: '1000',
      // two browsers at once from one address: the per-address limits are tested in the API suites, not here
      RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
      RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      // the SDI simulator answers after a second, as a quick exchange would
      SDI_SIMULATOR_DELAY_SECONDS: '1',
      // reminders (decision 036): the pass every 2 seconds, and no quiet hours, so a reminder leaves at any hour
      REMINDER_PASS_INTERVAL_SECONDS: '2',
      REMINDER_QUIET_HOURS: '00:00-00:00',
    },
  },
});
