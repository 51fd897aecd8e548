// Vitest's global set-up: one scratch directory per run, handed to the test workers as TMPDIR, so the data
// dirs, dumps and files the tests make in the OS temp dir (os.tmpdir()) go there and are removed with it when
// the run ends. Before, every run left a few hundred `sot-*` directories behind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup() {
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), "sot-vitest-"));
  // Set before the workers start: they take this process's environment.
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}
