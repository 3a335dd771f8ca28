import { defineConfig } from 'vitest/config';

/**
 * Integration files that run on PGlite only (decision 044): what they check happens before or beside the database,
 * in SQL that is the same on both, one request at a time. Broken requests are refused by the route's schema before
 * any query (bad input); a role is allowed or refused by permissions.ts once the studio context is read (role
 * matrix; reading that context on PostgreSQL is what the tenant-isolation suite, which runs on both, exercises);
 * every route declares its access (route access); the built app serves no source map (source maps); the embedded
 * database's template is PGlite's own (template).
 */
const pgliteOnly = [
  'apps/server/test/security/bad-input.int.test.ts',
  'apps/server/test/security/role-matrix.int.test.ts',
  'apps/server/test/security/route-access.int.test.ts',
  'apps/server/test/security/source-maps.int.test.ts',
  'apps/server/src/db/pglite-template.int.test.ts',
];

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
          exclude: [
            'apps/server/test/durability/**',
            '**/node_modules/**',
            ...(process.env.TEST_TARGET === 'postgres' ? pgliteOnly : []),
          ],
          environment: 'node',
          // migrates once per run; each file loads the migrated database (decision 044)
          globalSetup: ['./apps/server/test/int-global-setup.ts'],
          // each file builds its own app on its own database: the server's modules are imported once per worker,
          // not once per file (decision 044)
          isolate: false,
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
