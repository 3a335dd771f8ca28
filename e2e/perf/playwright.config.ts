import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * The browser render figure of the calendar (not part of the normal e2e run, whose testDir is ../tests):
 *   npx playwright test -c e2e/perf/playwright.config.ts
 * Same server and Chromium as e2e/playwright.config.ts, one desktop project.
 */
const port = Number(process.env.E2E_PERF_PORT ?? 3110);
const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-perf-'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.perf.ts',
  outputDir: '../test-results/perf',
  timeout: 300_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1280, height: 800 },
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
  webServer: {
    command: 'node ../../apps/server/src/server.ts',
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
      LOG_LEVEL: 'warn',
    },
  },
});
