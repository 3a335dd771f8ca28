import type { ConstructorOptions, PgBoss, Queue } from 'pg-boss';
import type { JobQueueConnection } from '../db/client.ts';

type QueueOptions = Omit<Queue, 'name'>;
/**
 * How the worker fetches: one job a poll by default. A queue whose jobs come due together (10,000 reminders at 08:00)
 * takes `batchSize` a fetch and fetches again at once while fetches come back full (pg-boss waits the polling interval
 * between fetches otherwise: one job every half second).
 */
type WorkOptions = {
  batchSize?: number;
  /**
   * Workers of the queue in this process, on PostgreSQL (each fetches its own batch, so jobs of different studios run
   * side by side on the pool's connections); PGlite has one session that runs one statement at a time: one worker.
   */
  concurrency?: number;
};

/**
 * Durable background jobs on the app's own database (pg-boss: PostgreSQL, or PGlite through its adapter). Features
 * declare their queues and workers when the app is built; the queue starts with the server, or in tests on the first
 * job sent, so that files which never send a job do not pay pg-boss's start-up.
 */
export type JobQueue = {
  define: <T extends object>(
    name: string,
    options: QueueOptions,
    handler: (data: T) => Promise<void>,
    work?: WorkOptions,
  ) => void;
  send: <T extends object>(
    name: string,
    data: T,
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ) => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Where the queue reports its own errors (the app's logger, once it exists). */
  onError: (handler: (err: unknown) => void) => void;
};

type Definition = {
  name: string;
  options: QueueOptions;
  handler: (data: object) => Promise<void>;
  work: WorkOptions;
};

export const createJobQueue = (connection: JobQueueConnection): JobQueue => {
  const definitions: Definition[] = [];
  let reportError: (err: unknown) => void = (err) => console.error(err);
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;

  const start = () => {
    starting ??= (async () => {
      const { PgBoss, fromPglite } = await import('pg-boss');
      const options: ConstructorOptions =
        'pglite' in connection ? { db: fromPglite(connection.pglite) } : { ...connection };
      const b = new PgBoss({ ...options, pollingIntervalSeconds: 0.5 } as ConstructorOptions);
      b.on('error', (err) => reportError(err));
      await b.start();
      for (const d of definitions) {
        await b.createQueue(d.name, d.options);
        const batchSize = d.work.batchSize ?? 1;
        await b.work(
          d.name,
          {
            batchSize,
            burstWhenBatchFull: batchSize > 1,
            localConcurrency: 'pglite' in connection ? 1 : (d.work.concurrency ?? 1),
            pollingIntervalSeconds: 0.5,
          },
          async (jobs) => {
            // one after the other; a job that throws fails the batch (retried as a whole) once the others ran
            let failure: unknown = null;
            for (const [i, job] of jobs.entries()) {
              // a turn of the event loop between jobs: PGlite runs each query synchronously, and a burst of batches
              // awaited back to back never let a request or a timer run (the API waited minutes for 10,000 reminders)
              if (i > 0) await new Promise((resolve) => setImmediate(resolve));
              await d.handler(job.data as object).catch((err: unknown) => {
                failure ??= err;
              });
            }
            if (failure) throw failure;
          },
        );
      }
      boss = b;
      return b;
    })();
    return starting;
  };

  return {
    define: (name, options, handler, work = {}) => {
      if (starting) throw new Error(`queue ${name} defined after the start`);
      definitions.push({ name, options, handler: handler as (data: object) => Promise<void>, work });
    },
    send: async (name, data, options = {}) => {
      if (stopped) throw new Error('job queue stopped');
      const b = await start();
      await b.send(name, data, {
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },
    start: async () => {
      await start();
    },
    onError: (handler) => {
      reportError = handler;
    },
    stop: async () => {
      stopped = true;
      if (starting) await starting.catch(() => null);
      await boss?.stop({ graceful: true, timeout: 5_000 });
    },
  };
};
