import type { Tx } from './client.ts';

/**
 * A statement built once per database handle, not on every call: building a query is a large
 * part of a short request's CPU, and a named statement is parsed once per connection.
 */
export function prepared<Statement>(build: (db: Tx) => Statement): (db: Tx) => Statement {
  const built = new WeakMap<Tx, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
