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

/**
 * The prepared statements of one query whose shape varies (which filters, which order): each
 * shape is its own statement, named by `nameOf`, built on its first use for each database handle
 * by `build(db, name, query)` with the query's values as placeholders.
 */
export function preparedByShape<Query, Statement>(
  nameOf: (query: Query) => string,
  build: (db: Tx, name: string, query: Query) => Statement,
): (query: Query) => (db: Tx) => Statement {
  const shapes = new Map<string, (db: Tx) => Statement>();
  return (query) => {
    const name = nameOf(query);
    let statement = shapes.get(name);
    if (!statement) {
      statement = prepared((db) => build(db, name, query));
      shapes.set(name, statement);
    }
    return statement;
  };
}
