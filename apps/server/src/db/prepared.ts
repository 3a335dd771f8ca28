import type { Db } from './client.ts';

/**
 * A statement prepared once per database, for queries that run on every request (authentication, each keystroke of
 * a search): drizzle then neither rebuilds the SQL nor re-checks the query builder's parts each time.
 */
export const preparedPerDatabase = <S>(prepare: (db: Db) => S) => {
  const statements = new WeakMap<Db, S>();
  return (db: Db): S => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
};
