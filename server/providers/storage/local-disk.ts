import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { StoragePort } from "./port.ts";

const KEY = /^[a-f0-9]{32}$/;

/**
 * Files under DATA_DIR/uploads, outside any public folder, named by a random key
 * (ASVS 12.3.1, 12.4.1). A key that is not ours never reaches the file system.
 */
export function createLocalDiskStorage(dataDir: string): StoragePort {
  const root = join(dataDir, "uploads");
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error("Invalid storage key");
    return join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomBytes(16).toString("hex");
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600, flag: "wx" });
      return key;
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
