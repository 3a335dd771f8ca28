import { flushCompileCache } from 'node:module';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { createDatabase } from './db/client.ts';
import { retirePublishedDemoPassword, seedDemoIfEmpty, seedsDemoOnStart } from './db/seed.ts';
import { createDeps } from './deps.ts';
import { recoverAppointmentImports } from './features/appointment-imports/appointment-imports.service.ts';
import { startBackupSchedule } from './features/backups/backups.service.ts';
import { holdDataDir } from './features/backups/data-dir-lock.ts';
import { startGoogleSyncSchedule } from './features/calendar/google-calendar.schedule.ts';
import { recoverQueuedInvii } from './features/einvoicing/einvoicing.service.ts';
import { recoverPatientImports } from './features/patient-imports/patient-imports.service.ts';
import { startReminderSchedule } from './features/reminders/reminders.service.ts';
import { recoverTsLotti } from './features/sistema-ts/sistema-ts.service.ts';

const demoCreatedMessage = (email: string, password: string) =>
  `Studio demo creato. Accedi con ${email} / ${password}\nAnnota la password: non verrà mostrata di nuovo.`;
const demoPasswordReplacedMessage = (password: string) =>
  `La password pubblicata dello studio demo non vale più. Nuova password di demo@studiolo.it: ${password}\nAnnotala: non verrà mostrata di nuovo.`;
const demoPasswordRetiredMessage =
  'La password pubblicata dello studio demo non vale più: è stata sostituita da una casuale. Per usare l’account demo@studiolo.it reimposta la password da "Password dimenticata".';

/** Start: config, database, migrations, listen; close cleanly on SIGINT/SIGTERM. */
const start = async () => {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const deps = createDeps(config, database);
  const app = await buildApp(deps);

  // The embedded default only: a configured PostgreSQL is never seeded by start-up, nor production unless SEED_DEMO
  // asks. The random password is printed here, once, on the console (never through the logger): it is kept nowhere.
  if (database.kind === 'pglite' && seedsDemoOnStart(config)) {
    const demo = await seedDemoIfEmpty(deps);
    if (demo) console.log(demoCreatedMessage(demo.email, demo.password));
  }
  // SECURITY (issue 25 item 4): a demo seeded before with the password the README published gets a random one
  const retired = await retirePublishedDemoPassword(deps);
  if (retired)
    console.log(config.NODE_ENV === 'production' ? demoPasswordRetiredMessage : demoPasswordReplacedMessage(retired));

  // PGlite replays its write-ahead log after an unclean stop: checkpoint often so that stays short.
  const checkpointTimer = setInterval(() => {
    database.checkpoint().catch((err) => app.log.warn({ err }, 'checkpoint failed'));
  }, config.CHECKPOINT_INTERVAL_SECONDS * 1000);
  checkpointTimer.unref();
  const stopGoogleSync = startGoogleSyncSchedule(deps, (err, studioId) =>
    app.log.warn({ err, studioId }, 'background Google Calendar sync failed'),
  );
  // appointment reminders (decision 036): plan the studios whose calendar moved, every minute
  const stopReminders = startReminderSchedule(deps, (err) => app.log.warn({ err }, 'reminder pass failed'));
  // the embedded database's daily backup (decision 041), at the hour the owner set
  const stopBackups = startBackupSchedule(deps, (err) => app.log.error({ err }, 'daily backup failed'));
  // says to `npm run backup` and `npm run restore` that this server holds DATA_DIR (decision 041)
  const releaseDataDir = database.kind === 'pglite' ? holdDataDir(config.DATA_DIR) : () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(checkpointTimer);
    await stopGoogleSync();
    await stopReminders();
    await stopBackups();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.checkpoint();
      await database.close();
      releaseDataDir();
      await deps.mailTransport.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Background jobs (SDI and Sistema TS transmissions and answers), and the attempts a crash left before the queue,
  // start once the server listens: pg-boss's start is most of a second on the embedded database, a request that sends
  // a job waits for it (jobs/queue.ts), and a restart after a crash answers sooner (issue 2: ready within 5 s).
  void (async () => {
    await deps.jobs.start();
    await recoverQueuedInvii(deps);
    await recoverTsLotti(deps);
    await recoverPatientImports(deps);
    await recoverAppointmentImports(deps);
    flushCompileCache();
  })().catch((err) => app.log.error({ err }, 'background jobs did not start'));
  app.log.info({ ms: Math.round(performance.now() - startedAt), database: database.kind }, 'ready');
  // A line the benchmark and the crash test wait for.
  console.log(`STUDIOLO_READY ${Math.round(performance.now() - startedAt)}ms http://localhost:${config.PORT}`);
  // Node writes its compile cache (server.ts) only at a clean exit: written now, a restart after a crash (SIGKILL, out
  // of memory) finds the modules compiled instead of compiling them again (~1 s of the 5 s it has to be ready).
  flushCompileCache();
};

start().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
