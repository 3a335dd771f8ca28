import pg from 'pg';

/** The bench's own database, so it never collides with the integration tests' data. */
export const benchDatabaseName = 'studiolo_bench';

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL; null when neither is set (the PostgreSQL figures are skipped). */
export const postgresUrlFromEnv = (): string | null =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;

/** The URL of another database on the same server as `adminUrl`. */
export const databaseUrlOf = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const checkedName = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  return name;
};

/**
 * Drops and re-creates `studiolo_bench` (or the database named) on the server the URL points to (connecting to the
 * URL's own database to do so) and returns the URL of the fresh database; the Studiolo server migrates it at start.
 */
export const prepareBenchDatabase = async (adminUrl: string, name = benchDatabaseName): Promise<string> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${checkedName(name)} with (force)`);
    await client.query(`create database ${checkedName(name)}`);
  } finally {
    await client.end();
  }
  return databaseUrlOf(adminUrl, name);
};

/** Whether a database of that name exists on the server the URL points to. */
export const databaseExists = async (adminUrl: string, name: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [checkedName(name)]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
};

/** The server's version string, for the results file. */
export const postgresVersion = async (url: string): Promise<string> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
};
