import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_S3_KEYS, startLocalS3 } from "../../test-support/s3-server.ts";
import { isDatabaseUnavailable } from "../../db/client.ts";
import { createS3Storage } from "./s3.ts";

// Against a real S3-compatible server (s3rver), started here on a free port.
let s3: Awaited<ReturnType<typeof startLocalS3>>;
beforeAll(async () => {
  s3 = await startLocalS3({ bucket: "sot-test" });
});
afterAll(() => s3?.close());

const storage = () =>
  createS3Storage({ bucket: "sot-test", endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, ...LOCAL_S3_KEYS, prefix: "uploads" });

describe("S3 storage adapter", () => {
  it("stores bytes under a random key that another client (another instance) reads back, and deletes them", async () => {
    const bytes = new Uint8Array(randomBytes(300_000));
    const key = await storage().put(bytes);
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    const other = storage();
    expect(Buffer.from((await other.get(key))!).equals(Buffer.from(bytes))).toBe(true);
    // Objects live in the bucket under the prefix, sharded by the key's first two characters.
    expect(readdirSync(s3.directory, { recursive: true }).some((p) => String(p).includes(key))).toBe(true);
    await other.delete(key);
    expect(await storage().get(key)).toBeNull();
  });

  it("answers null for a key that was never stored and refuses a key that is not one of ours", async () => {
    expect(await storage().get("0".repeat(32))).toBeNull();
    await expect(storage().get("../../etc/passwd")).rejects.toThrow("Invalid storage key");
    await expect(storage().delete("UPPER")).rejects.toThrow("Invalid storage key");
  });

  it("fails loudly when the bucket does not exist (a configuration error is not a missing file)", async () => {
    const wrong = createS3Storage({ bucket: "no-such-bucket", endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, ...LOCAL_S3_KEYS });
    await expect(wrong.put(new Uint8Array([1]))).rejects.toThrow();
    await expect(wrong.get("0".repeat(32))).rejects.toThrow();
  });

  it("an unreachable S3 fails with an outage error, which the server answers with its 503 (never a 500)", async () => {
    const away = createS3Storage({ bucket: "sot-test", endpoint: "http://127.0.0.1:1", region: "us-east-1", forcePathStyle: true, ...LOCAL_S3_KEYS });
    const error = await away.put(new Uint8Array([1])).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
