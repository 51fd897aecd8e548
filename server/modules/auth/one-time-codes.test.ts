import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { otpCodes, repayOtpChallenges } from "../../db/schema/index.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createOneTimeCodes } from "./one-time-codes.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrongOf = (code: string) => (code === "0000" ? "1111" : "0000");

describe("one implementation of one-time codes, by purpose", () => {
  it("counts wrong tries made at the same moment one by one, and burns the code on the fifth (both purposes)", async () => {
    const codes = createOneTimeCodes({ db: t.services.db, hashKey: "k".repeat(32) });
    const profileId = (await t.post({ event_name: "login", mobile: randomMobile() }, { headers: { "x-forwarded-for": t.freshIp() } })).body.Data
      .cust_profile_id as string;
    const at = t.clock.now();
    const login = await codes.issue("login", { subject: profileId, profileId, at });
    const repay = await codes.issue("repayment", { subject: "pan-hash-of-test", profileId: null, at });

    const loginTries = await Promise.all(Array.from({ length: 5 }, () => codes.check("login", { subject: profileId, code: wrongOf(login.code), at })));
    const repayTries = await Promise.all(
      Array.from({ length: 5 }, () => codes.check("repayment", { subject: "pan-hash-of-test", id: repay.id, code: wrongOf(repay.code), at })),
    );
    for (const tries of [loginTries, repayTries]) {
      // 4, 3, 2 and 1 tries left, then burned: each try counted once, whatever the order they ran in.
      const left = tries.map((r) => (r.ok ? "ok" : r.reason === "wrong" ? r.attemptsLeft : r.reason)).sort();
      expect(left).toEqual([1, 2, 3, 4, "burned"]);
    }
    const [loginRow] = await t.services.db.select().from(otpCodes).where(eq(otpCodes.id, login.id));
    const [repayRow] = await t.services.db.select().from(repayOtpChallenges).where(eq(repayOtpChallenges.id, repay.id));
    expect([loginRow!.attempts, repayRow!.attempts]).toEqual([5, 5]);
    expect(loginRow!.consumedAt).not.toBeNull();
    expect(repayRow!.consumedAt).not.toBeNull();
    // The right code after the burn: sign-in says locked; a Pay Now challenge is simply gone.
    expect(await codes.check("login", { subject: profileId, code: login.code, at })).toEqual({ ok: false, reason: "locked" });
    expect(await codes.check("repayment", { subject: "pan-hash-of-test", id: repay.id, code: repay.code, at })).toEqual({ ok: false, reason: "none" });
  });

  it("a new code retires the subject's live one; the right code is used once; a code of one purpose is nothing to the other", async () => {
    const codes = createOneTimeCodes({ db: t.services.db, hashKey: "k".repeat(32) });
    const at = t.clock.now();
    const first = await codes.issue("repayment", { subject: "pan-hash-2", profileId: null, at });
    const second = await codes.issue("repayment", { subject: "pan-hash-2", profileId: null, at });
    expect(await codes.check("repayment", { subject: "pan-hash-2", id: first.id, code: first.code, at })).toEqual({ ok: false, reason: "none" });
    expect(await codes.check("repayment", { subject: "pan-hash-3", id: second.id, code: second.code, at })).toEqual({ ok: false, reason: "none" });
    expect(await codes.check("repayment", { subject: "pan-hash-2", id: second.id, code: second.code, at })).toEqual({
      ok: true,
      id: second.id,
      profileId: null,
    });
    expect(await codes.check("repayment", { subject: "pan-hash-2", id: second.id, code: second.code, at })).toEqual({ ok: false, reason: "none" });
    // Five minutes later a live code has expired (decision 15's time to live).
    const third = await codes.issue("repayment", { subject: "pan-hash-2", profileId: null, at });
    expect(await codes.resendWait("repayment", "pan-hash-2", new Date(at.getTime() + 10_000))).toBe(20);
    expect(await codes.check("repayment", { subject: "pan-hash-2", id: third.id, code: third.code, at: new Date(at.getTime() + 5 * 60_000) })).toEqual({
      ok: false,
      reason: "expired",
    });
  });
});
