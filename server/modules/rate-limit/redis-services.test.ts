import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otpCodes, rateLimitHits } from "../../db/schema/index.ts";
import { testRedisUrl } from "../../env.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";

// The server with REDIS_URL set: the sign-in limits are counted in Redis (local, prefix of this run), not in the table.
const prefix = `sot-test-${randomBytes(6).toString("hex")}:`;
const redis = new Redis(testRedisUrl());
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: prefix } });
});
afterAll(async () => {
  await t.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe("rate limits with REDIS_URL", () => {
  it("sends at most 5 codes per mobile per hour, counted in Redis only", async () => {
    const mobile = randomMobile();
    for (let i = 0; i < 5; i++) {
      expect((await t.post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": t.freshIp() } })).body.Status).toBe(1);
      t.clock.advance(31_000);
    }
    const sixth = await t.post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": t.freshIp() } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.Message).toMatch(/^Too many OTP requests\. Please try again in \d+ minutes?\.$/);
    const [rows] = await t.database.db.select({ n: count() }).from(rateLimitHits);
    expect(Number(rows!.n)).toBe(0);
    expect((await redis.keys(`${prefix}rate:otp-send-mobile*`)).length).toBe(1);
  });

  it("answers a clean 503 (never a 500) while Redis is not reachable, and changes nothing", async () => {
    // Port 1: nothing listens there.
    const down = await createTestApp({ env: { REDIS_URL: "redis://127.0.0.1:1", REDIS_KEY_PREFIX: prefix } });
    try {
      const reply = await down.post({ event_name: "login", mobile: randomMobile() }, { headers: { "x-forwarded-for": down.freshIp() } });
      expect(reply.status).toBe(503);
      expect(reply.body.Status).toBe(2);
      expect(reply.headers.get("retry-after")).toBeTruthy();
      const [codes] = await down.database.db.select({ n: count() }).from(otpCodes);
      expect(Number(codes!.n)).toBe(0);
    } finally {
      await down.close();
    }
  });
});
