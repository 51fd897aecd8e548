// A local S3-compatible server (s3rver, an npm dev dependency) for tests and the two-instance script.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver accepts any keys; these are the ones its docs use. */
export const LOCAL_S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** Starts s3rver on 127.0.0.1 (port 0: any free port) with one empty bucket; close() stops it and removes its files. */
export async function startLocalS3(options: { port?: number; bucket: string }) {
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), "sot-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: options.port ?? 0, silent: true, directory, configureBuckets: [{ name: options.bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
