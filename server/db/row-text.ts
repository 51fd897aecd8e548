// Rows of a table read inside another statement (a scalar subquery), so one round trip can carry
// several tables' rows. Each row travels as a JSON array of its columns' text output, the same
// text the wire protocol carries, and is decoded as the driver and drizzle decode a selected row:
// both databases and every reply see exactly the values a plain select would give.
import { getTableColumns, sql, type Column, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** What the drivers (pg and PGlite, with drizzle's type overrides) hand drizzle for a column's text. */
const DRIVER_VALUE: Record<string, (text: string) => unknown> = {
  integer: Number,
  smallint: Number,
  // A boolean cast to text is "true" or "false" (the wire's own text is "t" or "f").
  boolean: (text) => text === "true",
  // bigint (pg gives the text, PGlite a BigInt: drizzle makes both a number), and the types drizzle
  // keeps as text (uuid, text, date, timestamps, numeric) pass through to the column's own mapping.
  bigint: (text) => text,
  uuid: (text) => text,
  text: (text) => text,
  date: (text) => text,
  "timestamp with time zone": (text) => text,
  "timestamp without time zone": (text) => text,
};

function driverValue(column: Column): (text: string) => unknown {
  const type = column.getSQLType();
  const parse = type.startsWith("numeric") ? (text: string) => text : DRIVER_VALUE[type];
  // A type not listed would be decoded differently from a plain select: refuse it when the read is built.
  if (!parse) throw new Error(`row-text: column ${column.name} of type ${type} is not supported`);
  return parse;
}

export interface RowText<T extends PgTable> {
  /** to_json(ARRAY[col::text, …]) of the table's current row in the enclosing FROM. */
  sql: SQL;
  /** The JSON array back to the row drizzle would return (null for null). */
  decode(value: unknown): T["$inferSelect"] | null;
}

export function rowText<T extends PgTable>(table: T): RowText<T> {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const parsers = columns.map(([key, column]) => ({ key, column, parse: driverValue(column) }));
  return {
    sql: sql`to_json(array[${sql.join(
      columns.map(([, column]) => sql`${column}::text`),
      sql`, `,
    )}])`,
    decode(value) {
      if (value === null || value === undefined) return null;
      const texts = value as (string | null)[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < parsers.length; i++) {
        const { key, column, parse } = parsers[i];
        const text = texts[i];
        row[key] = text === null ? null : column.mapFromDriverValue(parse(text));
      }
      return row as T["$inferSelect"];
    },
  };
}
