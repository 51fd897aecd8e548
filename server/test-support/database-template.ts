// Vitest's global set-up: one migrated embedded database, dumped once per run, that every test file's
// database starts from (a copy, so tests still never share rows). Opening a fresh PGlite and running every
// migration cost about 2 s per test app; loading the dump costs about 0.4 s.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { testDatabaseUrl } from "../env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The path of the migrated PGlite dump, or "" on PostgreSQL (TEST_DATABASE_URL). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (testDatabaseUrl()) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const database = await openDatabase({ kind: "pglite" });
  await migrate(database);
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), "sot-test-db-"));
  const path = join(dir, "migrated.tar");
  writeFileSync(path, new Uint8Array(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", path);
  return () => rmSync(dir, { recursive: true, force: true });
}
