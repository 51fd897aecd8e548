// Named prepared statements on PGlite (pglite-prepared.ts): the same rows, errors and locks as PGlite's own query().
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareRepeatedStatements } from "./pglite-prepared.ts";

let client: PGlite;
let kept: NonNullable<ReturnType<typeof prepareRepeatedStatements>>;
beforeAll(async () => {
  client = await PGlite.create();
  kept = prepareRepeatedStatements(client)!;
  await client.exec(`
    CREATE TABLE things (id int PRIMARY KEY, name text, at timestamptz, day date, amount numeric, facts jsonb, tags text[], ok boolean);
    INSERT INTO things VALUES (1, 'one', '2026-11-22T06:00:00Z', '2026-11-22', 12.50, '{"a":1}', '{x,y}', true), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  `);
});
afterAll(() => client.close());

const select = "SELECT * FROM things WHERE id = $1";

describe("prepared statements on PGlite", () => {
  it("prepares a parameterized statement on its second run and reads the same rows as the unnamed path", async () => {
    for (const options of [undefined, { rowMode: "array" as const }, { parsers: { 1184: (v: string) => `at ${v}` } }]) {
      for (const id of [1, 2]) {
        const unnamed = await kept.unnamed(select, [id], options);
        for (let run = 0; run < 7; run++) expect(await client.query(select, [id], options)).toEqual(unnamed);
      }
    }
    expect(kept.prepared.has(select)).toBe(true);
    // A statement run once is not kept.
    await client.query("SELECT name FROM things WHERE id = $1 AND ok", [1]);
    expect(kept.prepared.has("SELECT name FROM things WHERE id = $1 AND ok")).toBe(false);
  });

  it("lets the event loop turn before each statement, so queued statements cannot hold off I/O", async () => {
    await client.query(select, [1]);
    await client.query(select, [1]);
    expect(kept.prepared.has(select)).toBe(true);
    // Turns of the event loop counted while 10 statements queue at once: each takes one of its own.
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.query(select, [(i % 2) + 1])));
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it("sends parameters as PGlite does (dates, JSON, arrays, nulls) and writes with them", async () => {
    const insert = "INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, name, at, day, amount, facts, tags, ok";
    const rows = [];
    for (const id of [10, 11, 12]) {
      rows.push((await client.query(insert, [id, `n${id}`, new Date("2026-01-02T03:04:05Z"), "2026-01-02", "7.25", { b: [id] }, ["p", "q"], false])).rows[0]);
    }
    expect(kept.prepared.has(insert)).toBe(true);
    expect(rows[2]).toEqual({
      id: 12,
      name: "n12",
      at: new Date("2026-01-02T03:04:05Z"),
      day: new Date("2026-01-02"),
      amount: "7.25",
      facts: { b: [12] },
      tags: ["p", "q"],
      ok: false,
    });
    for (const id of [13, 14]) await client.query(insert, [id, null, null, null, null, null, null, null]);
    expect((await client.query(select, [14])).rows[0]).toMatchObject({ id: 14, name: null, facts: null, tags: null });
  });

  it("answers a failed statement with Postgres's error and goes on working", async () => {
    const insert = "INSERT INTO things (id, name) VALUES ($1, $2)";
    await client.query(insert, [20, "a"]);
    await client.query(insert, [21, "b"]);
    await expect(client.query(insert, [20, "again"])).rejects.toMatchObject({ code: "23505" });
    await expect(client.query(insert, ["not a number", "x"])).rejects.toMatchObject({ code: "22P02" });
    await client.query(insert, [22, "c"]);
    expect((await client.query<{ name: string }>(select, [22])).rows[0]!.name).toBe("c");
    // A statement that does not parse is refused every time and never kept.
    for (let i = 0; i < 3; i++) await expect(client.query("SELEC nothing WHERE $1", [1])).rejects.toMatchObject({ code: "42601" });
  });

  it("prepares again after the table changes under a kept statement", async () => {
    const all = "SELECT * FROM things WHERE id = $1";
    await client.query(all, [1]);
    await client.exec("ALTER TABLE things ADD COLUMN extra text DEFAULT 'new'");
    expect((await client.query(all, [1])).rows[0]).toMatchObject({ id: 1, extra: "new" });
    await client.exec("ALTER TABLE things DROP COLUMN extra");
    expect((await client.query(all, [1])).rows[0]).not.toHaveProperty("extra");
  });

  it("waits for a transaction in progress and then reads what it committed", async () => {
    const name = "SELECT name FROM things WHERE id = $1";
    await client.query(name, [1]);
    await client.query(name, [1]);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const transaction = client.transaction(async (tx) => {
      await tx.query("UPDATE things SET name = $1 WHERE id = $2", ["changed", 1]);
      await held;
    });
    const read = client.query<{ name: string }>(name, [1]);
    release();
    await transaction;
    expect((await read).rows[0]!.name).toBe("changed");
  });
});
