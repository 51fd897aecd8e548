// Issue 23 (DPDP Act 2023, Rules 2025; decision 42): consent per purpose recorded at sign-in and on
// My data, append-only and audited; withdrawal stops tracking and reminders at once. The export and the
// erasure of a closed-loan customer are in data-rights-closed-loan.test.ts.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customerProfiles } from "../../db/schema/index.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { myDataHelpers } from "./data-rights.test-support.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;

// One app for the describes below.
let t: T;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, consentRows } = myDataHelpers(() => t);

describe("data rights: consent at sign-in, and tracking only with it", () => {
  it("records the sign-in purposes once, each with time, notice version and language; marketing and tracking only when ticked", async () => {
    const { profileId, token } = await t.signIn();
    const rows = await consentRows(profileId);
    expect(rows.map((r) => [r.purpose, r.action, r.noticeVersion, r.language, r.source])).toEqual([
      ["lending_servicing", "grant", 1, "en", "sign_in"],
      ["identity_checks", "grant", 1, "en", "sign_in"],
      ["reminders", "grant", 1, "en", "sign_in"],
    ]);
    expect(rows[0].at.toISOString()).toBe(t.clock.now().toISOString());
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, profileId), eq(auditLog.action, "consent.grant")));
    expect(audited).toHaveLength(3);
    expect(audited[0]).toMatchObject({ actorEmail: "customer", targetKind: "customer_profile" });

    const view = await api("getMyData", token);
    expect(view.body.Status).toBe(1);
    const byPurpose = Object.fromEntries((view.body.Data.consents as { purpose: string; granted: boolean }[]).map((c) => [c.purpose, c.granted]));
    expect(byPurpose).toEqual({
      lending_servicing: true,
      identity_checks: true,
      credit_bureau: false,
      account_aggregator: false,
      reminders: true,
      marketing: false,
      tracking: false,
      // Issue 34: WhatsApp is opt-in, never given by signing in.
      whatsapp_updates: false,
      // Issue 33: asked only when the customer starts a video KYC.
      video_kyc: false,
      // Issue 33: asked when the customer searches CKYC.
      ckyc: false,
    });

    // Withdrawn reminders stay withdrawn when the customer signs in again.
    expect((await api("saveConsent", token, { purpose: "reminders", action: "withdraw" })).body.Status).toBe(1);
    const mobile = (await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId)))[0].mobile;
    t.clock.advance(31_000); // past the resend gap of decision 15
    await t.signIn(mobile);
    expect((await consentRows(profileId)).map((r) => `${r.purpose}:${r.action}`)).toEqual([
      "lending_servicing:grant",
      "identity_checks:grant",
      "reminders:grant",
      "reminders:withdraw",
    ]);
  });

  it("grants marketing and tracking from the sign-in ticks, and tracking from the banner's yes", async () => {
    const mobile = randomMobile();
    const ip = t.freshIp();
    const login = await t.post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": ip } });
    const profileId = login.body.Data.cust_profile_id as string;
    const otp = await t.latestCode(mobile);
    await t.post(
      { event_name: "otp_verify", profile_id: profileId, otp, consent_marketing: "1", consent_tracking: "0" },
      { headers: { "x-forwarded-for": ip } },
    );
    expect((await consentRows(profileId)).map((r) => r.purpose)).toEqual(["lending_servicing", "identity_checks", "reminders", "marketing"]);

    const other = randomMobile();
    const login2 = await t.post({ event_name: "login", mobile: other }, { headers: { "x-forwarded-for": ip, cookie: "sot_consent=tracking" } });
    const id2 = login2.body.Data.cust_profile_id as string;
    await t.post(
      { event_name: "otp_verify", profile_id: id2, otp: await t.latestCode(other) },
      { headers: { "x-forwarded-for": ip, cookie: "sot_consent=tracking" } },
    );
    expect((await consentRows(id2)).map((r) => r.purpose)).toContain("tracking");

    // A consent flag that is neither 0 nor 1 is refused with a message, and nothing is signed in.
    const bad = await t.post({ event_name: "otp_verify", profile_id: id2, otp: "1234", consent_marketing: "yes" }, { headers: { "x-forwarded-for": ip } });
    expect(bad.body.Status).not.toBe(1);
    expect(bad.body.Message).toMatch(/consent choice must be 0 or 1/);
  });

  it("tracks only with consent: a visitor without a choice is not tracked, and a withdrawal stops events at once", async () => {
    const events = (profileId: string) =>
      t.services
        .sandboxTracker!.events()
        .filter((e) => e.profileId === profileId)
        .map((e) => e.name);
    // No banner choice and no tick: the login and code events are not recorded.
    const plain = await t.signIn();
    expect(events(plain.profileId)).toEqual([]);

    const mobile = randomMobile();
    const ip = t.freshIp();
    const cookie = "sot_consent=tracking";
    const login = await t.post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": ip, cookie } });
    const profileId = login.body.Data.cust_profile_id as string;
    const verify = await t.post(
      { event_name: "otp_verify", profile_id: profileId, otp: await t.latestCode(mobile) },
      { headers: { "x-forwarded-for": ip, cookie } },
    );
    expect(events(profileId)).toEqual(["login", "otp_verified"]);

    const token = verify.body.Data.app_login_token as string;
    const withdrawn = await api("saveConsent", token, { purpose: "tracking", action: "withdraw" });
    expect(withdrawn.body).toMatchObject({ Status: 1, Data: { purpose: "tracking", granted: false, still_needed_by_loan: false } });
    await t.services.tracking.track("eligibility_process", profileId);
    // The customer's withdrawal wins over a banner cookie still saying yes.
    await t.services.tracking.track("login", profileId, { visitorConsent: true });
    expect(events(profileId)).toEqual(["login", "otp_verified"]);
  });
});

describe("data rights: bad input, an open loan, and withdrawn reminders", () => {
  it("refuses bad input with a clear message and records nothing", async () => {
    const { profileId, token } = await t.signIn();
    const before = (await consentRows(profileId)).length;
    const unknown = await api("saveConsent", token, { purpose: "astrology", action: "withdraw" });
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.body).toMatchObject({ Message: "Please choose one of the listed purposes." });
    expect(unknown.body.Status).not.toBe(1);
    const notGiven = await api("saveConsent", token, { purpose: "marketing", action: "withdraw" });
    expect(notGiven.body.Message).toBe("This consent is not currently given.");
    const badAction = await api("saveConsent", token, { purpose: "marketing", action: "maybe" });
    expect(badAction.body.Status).not.toBe(1);
    const again = await api("saveConsent", token, { purpose: "reminders", action: "grant" });
    expect(again.body.Message).toBe("This consent is already given.");
    const emptyCorrection = await api("requestDataRight", token, { kind: "correction", details: "   " });
    expect(emptyCorrection.body.Message).toBe("Please tell us what is wrong and what it should say.");
    const badKind = await api("requestDataRight", token, { kind: "delete" });
    expect(badKind.body.Status).not.toBe(1);
    const long = await api("requestDataRight", token, { kind: "correction", details: "x".repeat(1001) });
    expect(long.body.Status).not.toBe(1);
    expect((await consentRows(profileId)).length).toBe(before);
    // Someone else's profile_id is refused (decision 20).
    const other = await t.signIn();
    const foreign = await api("getMyData", token, { profile_id: other.profileId });
    expect(foreign.body.Status).not.toBe(1);
  });

  it("explains what an open loan keeps when its purpose is withdrawn, and refuses erasure while it is open", async () => {
    const mobile = randomMobile();
    await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    const { token } = await t.signIn(mobile);
    const answer = await api("saveConsent", token, { purpose: "lending_servicing", action: "withdraw" });
    expect(answer.body).toMatchObject({
      Status: 1,
      Data: { granted: false, still_needed_by_loan: true, retention: { open_loan: true, kept_until: expect.any(String) } },
    });
    const erasure = await api("requestDataRight", token, { kind: "erasure" });
    expect(erasure.body.Status).not.toBe(1);
    expect(erasure.body).toMatchObject({ Message: "Your loan is still open. We can erase your data only after it is repaid and closed." });
  });

  it("stops reminders at once for a customer who withdrew them; one who did not still gets theirs", async () => {
    // Both loans were paid out 22 days ago for 25 days: the 3-days-before reminder is due today (11:30 India time).
    const kept = randomMobile();
    const stopped = randomMobile();
    for (const mobile of [kept, stopped]) await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT", paidOutDaysAgo: 22 });
    await t.signIn(kept);
    const { token } = await t.signIn(stopped);
    expect((await api("saveConsent", token, { purpose: "reminders", action: "withdraw" })).body.Status).toBe(1);
    await t.services.servicing.runReminders();
    const sms = await t.services.outbox!.outbox(1000);
    const reminders = (mobile: string) => sms.filter((m) => m.to === mobile && /is due on/.test(m.text));
    expect(reminders(kept)).toHaveLength(1);
    expect(reminders(stopped)).toHaveLength(0);
  });
});
