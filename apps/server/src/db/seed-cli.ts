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
  // the random password is shown once, here; an existing demo keeps its own (recover it with "Password dimenticata")
  console.log(
    demo.created
      ? `Studio demo creato. Accedi con ${demo.email} / ${demo.password}\nAnnota la password: non verrà mostrata di nuovo.`
      : 'Lo studio demo esiste già: la sua password è stata mostrata quando è stato creato.',
  );
  await deps.mailTransport.close();
} finally {
  await database.checkpoint();
  await database.close();
}
