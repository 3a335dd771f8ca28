import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // a hang guard, not a speed check (the 1,000 random series of recurrence.test.ts took 6 s on a shared machine)
          testTimeout: 20_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bundling/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./src/testing/setup.ts'],
          // a hang guard, not a speed check: a test that renders the whole app (router.test.tsx) passes its 5 s default
          // when the two cores are shared with the integration suites
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['apps/server/test/durability/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // one PGlite per file; two cores
          maxWorkers: 2,
        },
      },
      {
        test: {
          // the real server process on the embedded database, killed and restarted against a 5 s limit: alone, so
          // that what is timed is the server, not other test files sharing the two cores
          name: 'durability',
          include: ['apps/server/test/durability/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
