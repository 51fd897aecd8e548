// Issue 21: a counter of tries is atomic. Tries sent at once against the database's rate limits
// never pass a limit; a refused try counts nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";
import { createRateLimitService } from "./rate-limit.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("rate limits in the database", () => {
  it("10 tries at once against a limit of 3 (two limits at a time) let exactly 3 through, and the refused ones count nothing", async () => {
    const limits = createRateLimitService({ db: t.services.db, hashKey: "33".repeat(32), now: () => new Date() });
    const perIp = { bucket: "burst-ip", max: 3, windowMs: 60_000 };
    const perMobile = { bucket: "burst-mobile", max: 5, windowMs: 60_000 };
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, () =>
        limits.takeAll([
          { limit: perIp, subject: "10.0.0.77" },
          { limit: perMobile, subject: "9876500000" },
        ]),
      ),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
    expect(verdicts.find((v) => !v.allowed)).toMatchObject({ allowed: false, bucket: "burst-ip" });
    // The mobile's limit counted only the 3 that passed: 2 more, then refused.
    expect(await limits.take(perMobile, "9876500000")).toEqual({ allowed: true });
    expect(await limits.take(perMobile, "9876500000")).toEqual({ allowed: true });
    expect((await limits.take(perMobile, "9876500000")).allowed).toBe(false);
  });
});
