import pg from 'pg';

/** The bench's own database, so it never collides with the integration tests' data. */
export const benchDatabaseName = 'studiolo_bench';

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL; null when neither is set (the PostgreSQL figures are skipped). */
export const postgresUrlFromEnv = (): string | null =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;

/**
 * Drops and re-creates `studiolo_bench` on the server the URL points to (connecting to the URL's own database
 * to do so) and returns the URL of the fresh database; the Studiolo server migrates it at start.
 */
export const prepareBenchDatabase = async (adminUrl: string): Promise<string> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${benchDatabaseName} with (force)`);
    await client.query(`create database ${benchDatabaseName}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${benchDatabaseName}`;
  return url.toString();
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
