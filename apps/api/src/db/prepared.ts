import { Column, is, SQL, type Query } from 'drizzle-orm';
import type { PgColumn, PreparedQueryConfig } from 'drizzle-orm/pg-core';
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

/** A flat select list: names to columns or SQL values (totals and the like, with their `mapWith`). */
type FlatSelection = Record<string, PgColumn | SQL | SQL.Aliased>;

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** How Drizzle turns a selected value from the driver into JS (a column's type, or `mapWith`). */
const decoderOf = (field: PgColumn | SQL | SQL.Aliased): Decoder =>
  is(field, Column)
    ? field
    : ((is(field, SQL) ? field : field.sql) as unknown as { decoder: Decoder }).decoder;

/**
 * A named statement of a flat select with its row mapping made once: Drizzle's own mapping
 * checks each value's kind and walks its path again on every row, a tenth of the CPU of a buyer's
 * list page. `build` completes `db.select(selection)`; its rows are the ones Drizzle makes
 * (prepared.test.ts).
 */
export function prepareFlat<Selection extends FlatSelection, Row>(
  db: Tx,
  name: string,
  selection: Selection,
  build: (select: ReturnType<typeof db.select<Selection>>) => {
    toSQL(): Query;
    execute(): Promise<Row[]>;
  },
) {
  const names = Object.keys(selection);
  const decoders = Object.values(selection).map(decoderOf);
  const toRow = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = values[i];
      row[names[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return row as Row;
  };
  return db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
    build(db.select(selection)).toSQL(),
    undefined,
    name,
    true,
    (rows) => rows.map(toRow),
  );
}
