/**
 * The floor for the HTTP load figures: a bare Fastify 5 process with one GET route answering a small JSON,
 * no plugins, no logger, no database. Run as its own process by run.ts (PORT from the environment);
 * prints `BARE_READY <port>` when listening.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });

app.get('/bare', async () => ({ code: 'SUCCESS', response: { ok: true } }));

const port = Number(process.env.PORT ?? 3100);
await app.listen({ port, host: '127.0.0.1' });
console.log(`BARE_READY ${port}`);

const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
