import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { testRedisUrl } from "../../env.ts";
import { createRedisRateLimitService } from "./redis-rate-limit.ts";

// Against the local Redis (127.0.0.1:6379), under a key prefix of this run only; its keys are removed afterwards.
const keyPrefix = `sot-test-${randomBytes(6).toString("hex")}:`;
const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 2 });
const limits = (client = redis) => createRedisRateLimitService({ redis: client, keyPrefix, hashKey: "22".repeat(32) });

afterAll(async () => {
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe("rate limits in Redis", () => {
  it("refuses the call over the limit with the time left, per subject, shared by two instances", async () => {
    const limit = { bucket: "otp-send-ip", max: 3, windowMs: 60 * 60 * 1000 };
    const other = new Redis(testRedisUrl());
    try {
      const a = limits();
      const b = limits(other);
      expect(await a.take(limit, "10.0.0.1")).toEqual({ allowed: true });
      expect(await b.take(limit, "10.0.0.1")).toEqual({ allowed: true });
      expect(await a.take(limit, "10.0.0.1")).toEqual({ allowed: true });
      const refused = await b.take(limit, "10.0.0.1");
      expect(refused).toMatchObject({ allowed: false, bucket: "otp-send-ip" });
      expect(refused.allowed || refused.retryAfterSeconds).toBeGreaterThan(3500);
      // Another address is counted apart.
      expect(await a.take(limit, "10.0.0.2")).toEqual({ allowed: true });
    } finally {
      other.disconnect();
    }
  });

  it("checks several limits without counting, then takes a hit against each; keys hold no raw subject", async () => {
    const perMobile = { bucket: "otp-send-mobile", max: 1, windowMs: 60_000 };
    const perIp = { bucket: "otp-send-ip-2", max: 5, windowMs: 60_000 };
    const entries = [
      { limit: perMobile, subject: "9876543210" },
      { limit: perIp, subject: "10.0.0.9" },
    ];
    const service = limits();
    expect(await service.check(entries)).toEqual({ allowed: true });
    expect(await service.check(entries)).toEqual({ allowed: true });
    expect(await service.takeAll(entries)).toEqual({ allowed: true });
    const verdict = await service.check(entries);
    expect(verdict).toMatchObject({ allowed: false, bucket: "otp-send-mobile" });
    expect(verdict.allowed || verdict.retryAfterSeconds).toBeLessThanOrEqual(60);
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(" ")).not.toMatch(/9876543210|10\.0\.0\.9/);
  });

  it("tries sent at once never pass a limit: 10 at once against a limit of 3 (two limits at a time) let exactly 3 through", async () => {
    const perIp = { bucket: "burst-ip", max: 3, windowMs: 60_000 };
    const perMobile = { bucket: "burst-mobile", max: 5, windowMs: 60_000 };
    const other = new Redis(testRedisUrl());
    try {
      const [a, b] = [limits(), limits(other)];
      const verdicts = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).takeAll([
            { limit: perIp, subject: "10.0.0.77" },
            { limit: perMobile, subject: "9876500000" },
          ]),
        ),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
      // The refused tries gave their hits back: the mobile's limit has 5 - 3 = 2 left.
      expect(await a.take(perMobile, "9876500000")).toEqual({ allowed: true });
      expect(await a.take(perMobile, "9876500000")).toEqual({ allowed: true });
      expect((await a.take(perMobile, "9876500000")).allowed).toBe(false);
    } finally {
      other.disconnect();
    }
  });

  it("lets the window expire: a 1-second limit allows again after it", async () => {
    const limit = { bucket: "short", max: 1, windowMs: 1000 };
    const service = limits();
    expect(await service.take(limit, "x")).toEqual({ allowed: true });
    expect((await service.take(limit, "x")).allowed).toBe(false);
    const key = (await redis.keys(`${keyPrefix}rate:short*`))[0]!;
    // Wait for Redis to expire the key (an event we can poll), rather than a fixed sleep.
    await expect.poll(() => redis.exists(key), { timeout: 3000, interval: 100 }).toBe(0);
    expect(await service.take(limit, "x")).toEqual({ allowed: true });
  });
});
