import { randomBytes } from "node:crypto";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { StoragePort } from "./port.ts";

const KEY = /^[a-f0-9]{32}$/;

export interface S3StorageConfig {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, s3rver, another cloud); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (instance role, environment). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
  /** Folder inside the bucket. */
  prefix?: string;
}

/**
 * Uploaded files in S3-compatible object storage, so every instance reads what any other stored.
 * Same contract as the disk adapter: random keys, private objects, a key that is not ours is refused.
 */
export function createS3Storage(config: S3StorageConfig): StoragePort & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  const prefix = config.prefix ? `${config.prefix.replace(/\/$/, "")}/` : "";
  const objectKey = (key: string) => {
    if (!KEY.test(key)) throw new Error("Invalid storage key");
    return `${prefix}${key.slice(0, 2)}/${key}`;
  };
  return {
    client,
    async put(bytes) {
      const key = randomBytes(16).toString("hex");
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Body: bytes, ContentType: "application/octet-stream" }));
      return key;
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
