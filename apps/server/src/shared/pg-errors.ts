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
