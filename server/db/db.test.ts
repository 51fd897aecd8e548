import { mkdtempSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, openDatabase } from "./client.ts";
import { migrate } from "./migrate.ts";

describe("embedded database", () => {
  it("refuses a second process on the same data dir, and frees the dir on close", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sot-db-"));
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    // The lock holder is a live process other than this one.
    writeFileSync(join(dir, "db.lock"), String(process.ppid));
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(/in use by another process \(pid \d+\)/);
    await first.close();
    expect(existsSync(join(dir, "db.lock"))).toBe(false);
    const again = await openDatabase({ kind: "pglite", dataDir: dir });
    await again.close();
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sot-db-"));
    writeFileSync(join(dir, "db.lock"), "999999");
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    await database.close();
  });

  it("applies each migration once, and keeps data across restarts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sot-db-"));
    const a = await openDatabase({ kind: "pglite", dataDir: dir });
    expect((await migrate(a)).length).toBeGreaterThan(0);
    expect(await migrate(a)).toEqual([]);
    await a.execScript("INSERT INTO customer_profiles (mobile) VALUES ('9000000001');");
    await a.close();
    const b = await openDatabase({ kind: "pglite", dataDir: dir });
    expect(await migrate(b)).toEqual([]);
    const rows = (await b.db.execute("SELECT mobile FROM customer_profiles" as never)) as unknown as { rows: { mobile: string }[] };
    expect(rows.rows.map((r) => r.mobile)).toEqual(["9000000001"]);
    await b.close();
  });
});
