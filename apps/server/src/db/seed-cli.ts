import { loadConfig } from '../config/env.ts';
import { createDeps } from '../deps.ts';
import { createDatabase } from './client.ts';
import { seedDemo } from './seed.ts';

/** npm run seed: creates the demo studio in the configured database and prints its login. */
const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const deps = createDeps(config, database);
  const demo = await seedDemo(deps);
  console.log(
    `${demo.created ? 'Studio demo creato' : 'Lo studio demo esiste già'}. Accedi con ${demo.email} / ${demo.password}`,
  );
  await deps.mailTransport.close();
} finally {
  await database.checkpoint();
  await database.close();
}
