import { Column, fillPlaceholders, is, SQL, type Logger, type Query } from 'drizzle-orm';
import pg from 'pg';
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
 * list page. On PostgreSQL its first run reads the result's column types; later runs skip the
 * Describe node-postgres sends every time (and the work of reading its answer) and decode each
 * row straight from the wire. `build` completes `db.select(selection)`; its rows are the ones
 * Drizzle makes (prepared.test.ts).
 */
export function prepareFlat<Selection extends FlatSelection, Row>(
  db: Tx,
  name: string,
  selection: Selection,
  build: (select: ReturnType<typeof db.select<Selection>>) => {
    toSQL(): Query;
    execute(): Promise<Row[]>;
  },
): { execute(values: Record<string, unknown>): Promise<Row[]> } {
  const names = Object.keys(selection);
  const decoders = Object.values(selection).map(decoderOf);
  const rowOf = (values: unknown[], decode: ((value: never) => unknown)[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = values[i];
      row[names[i]!] = value === null ? null : decode[i]!(value as never);
    }
    return row as Row;
  };
  const fromDriver = decoders.map(
    (decoder) => (value: unknown) => decoder.mapFromDriverValue(value),
  );
  const query = build(db.select(selection)).toSQL();
  const statement = db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
    query,
    undefined,
    name,
    true,
    (rows) => rows.map((values) => rowOf(values, fromDriver)),
  );
  const { client, logger } = db._.session as unknown as { client: unknown; logger: Logger };
  if (!(client instanceof pg.Pool)) return statement;
  const pool = client;
  // Drizzle's own node-postgres query (its name, text, array rows and type parsers) serves the
  // first run, which learns the result's column types.
  const { queryConfig } = statement as unknown as { queryConfig: DriverQuery };
  /** Each column's text to JS: the driver's parser for its type, then Drizzle's decoder. */
  let fromText: ((value: string) => unknown)[] | undefined;
  return {
    async execute(values) {
      const params = fillPlaceholders(query.params, values);
      logger.logQuery(query.sql, params);
      if (!fromText) {
        const result = await pool.query<unknown[]>(queryConfig, params);
        fromText = result.fields.map((field, i) => {
          const parse = queryConfig.types.getTypeParser(field.dataTypeID, 'text') as (
            value: string,
          ) => unknown;
          return (value: string) => decoders[i]!.mapFromDriverValue(parse(value));
        });
        return result.rows.map((values) => rowOf(values, fromDriver));
      }
      const decode = fromText;
      const connection = await pool.connect();
      try {
        const rows = await new Promise<Row[]>((resolve, reject) =>
          connection.query(
            new KnownRowsQuery(
              name,
              query.sql,
              params,
              (fields) => rowOf(fields, decode),
              (err, rows) => (err === undefined ? resolve(rows!) : reject(err)),
            ) as unknown as pg.Submittable,
          ),
        );
        connection.release();
        return rows;
      } catch (err) {
        connection.release(err as Error);
        throw err;
      }
    },
  };
}

/** The node-postgres query a Drizzle prepared statement runs (not in Drizzle's types). */
interface DriverQuery extends pg.QueryArrayConfig {
  types: pg.CustomTypesConfig;
}

/** How node-postgres writes a parameter (not in its types). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils;

interface PgConnection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { text: string; name: string }): void;
  bind(config: {
    statement: string;
    values: unknown[];
    valueMapper: (v: unknown) => unknown;
  }): void;
  execute(config: object): void;
  sync(): void;
}

/**
 * A named statement's execution whose result columns are known (from its first run), so it skips
 * the Describe that node-postgres sends every time and decodes each row straight from the wire.
 * Without a Describe, a select's answer is only rows, its completion, an error and ReadyForQuery.
 */
class KnownRowsQuery<Row> {
  private readonly rows: Row[] = [];
  private failure: Error | undefined;
  constructor(
    readonly name: string,
    readonly text: string,
    private readonly values: unknown[],
    private readonly toRow: (fields: (string | null)[]) => Row,
    private readonly settle: (error: Error | undefined, rows?: Row[]) => void,
  ) {}

  submit(connection: PgConnection) {
    connection.stream.cork();
    try {
      if (
        connection.parsedStatements[this.name] === undefined &&
        connection.submittedNamedStatements[this.name] === undefined
      ) {
        connection.parse({ text: this.text, name: this.name });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ statement: this.name, values: this.values, valueMapper: prepareValue });
      connection.execute({});
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }
  handleDataRow(msg: { fields: (string | null)[] }) {
    if (this.failure !== undefined) return;
    try {
      this.rows.push(this.toRow(msg.fields));
    } catch (err) {
      this.failure = err as Error;
    }
  }
  handleCommandComplete() {}
  handleError(err: Error) {
    this.settle(err);
  }
  handleReadyForQuery() {
    if (this.failure !== undefined) this.settle(this.failure);
    else this.settle(undefined, this.rows);
  }
}
