import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MailTransport } from '../../src/adapters/mail/mail.ts';
import { buildApp } from '../../src/app.ts';
import { buildTestConfig, type Config } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { type AppDeps, createDeps } from '../../src/deps.ts';
import { createTestDatabase } from './test-db.ts';

export type TestApp = { app: FastifyInstance; deps: AppDeps; dataDir: string; close: () => Promise<void> };

const depsOfApp = new WeakMap<FastifyInstance, AppDeps>();
/** The deps of an app built here (helpers that only get the app read the mail it sent through them). */
export const depsOf = (app: FastifyInstance): AppDeps => {
  const deps = depsOfApp.get(app);
  if (!deps) throw new Error('app not built by buildTestApp');
  return deps;
};

/** A whole app on a fresh database (one per test file); tests isolate by creating their own studios. */
export const buildTestApp = async (
  overrides: Partial<Config> = {},
  opts: {
    mailTransport?: MailTransport;
    now?: () => Date;
    logger?: false | { level: string; stream?: NodeJS.WritableStream };
    /** An embedded database persisted in this data directory (kept at close) instead of the run's target. */
    persistedDataDir?: string;
    /** Where backups go instead of the configured destination (a bucket's, in the backups test). */
    backups?: AppDeps['backups'];
  } = {},
): Promise<TestApp> => {
  const dataDir = opts.persistedDataDir ?? mkdtempSync(path.join(tmpdir(), 'studiolo-test-'));
  const database = opts.persistedDataDir ? await createDatabase({ dataDir }) : await createTestDatabase();
  if (opts.persistedDataDir) await database.migrate();
  const config = buildTestConfig({ DATA_DIR: dataDir, ...overrides });
  const deps = createDeps(config, database, {
    ...(opts.mailTransport ? { mailTransport: opts.mailTransport } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.backups ? { backups: opts.backups } : {}),
  });
  const app = await buildApp(deps, { logger: opts.logger ?? false });
  await app.ready();
  depsOfApp.set(app, deps);
  return {
    app,
    deps,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      if (!opts.persistedDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
