/**
 * The SQLSTATE of a PostgreSQL error (node-postgres and PGlite both set `code`; Drizzle wraps it in `cause`).
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export const pgErrorOf = (error: unknown): { code: string; constraint?: string } | null => {
  for (let e = error; e instanceof Error || (e && typeof e === 'object'); e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint;
      return typeof constraint === 'string' ? { code, constraint } : { code };
    }
    if (!(e as { cause?: unknown }).cause) break;
  }
  return null;
};

export const pgErrorCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** ON DELETE RESTRICT (NO ACTION answers foreignKeyViolation instead). */
  restrictViolation: '23001',
} as const;

/** Drizzle's wrapper of a failed query: its message holds the SQL and every parameter (names, fiscal codes). */
const isFailedQuery = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'DrizzleQueryError' || error.message.startsWith('Failed query'));

/** The call sites of a stack, without its first line (the message). */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12)
    .map((line) => line.trim())
    .join('\n') ?? '';

/**
 * What the log may say about an error (issue 25: never request bodies, SQL parameters or personal data). A database
 * error is logged with its SQLSTATE and constraint only: its message, detail ("Key (email)=(…)") and the failed
 * query's parameters hold the row's values. A JSON syntax error quotes the body it could not read. Any other error
 * keeps its type, code, a message cut short and its call sites. The logger's `err` serializer, so every `{ err }`
 * logged anywhere (routes, jobs, the error handler) goes through it.
 */
export const errorForLog = (
  error: unknown,
): { type: string; message: string; stack: string; [key: string]: unknown } => {
  const db = pgErrorOf(error);
  if (db || isFailedQuery(error))
    return {
      type: 'DatabaseError',
      message: 'database error',
      stack: framesOf(error instanceof Error ? error.stack : undefined),
      ...(db ? { sqlState: db.code } : {}),
      ...(db?.constraint ? { constraint: db.constraint } : {}),
    };
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    // V8's JSON errors quote the text they failed on: the request's body
    message: error instanceof SyntaxError ? 'syntax error' : error.message.slice(0, 200),
    stack: framesOf(error.stack),
  };
};
