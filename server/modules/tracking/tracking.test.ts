// Decision 22: one tracker; the sandbox records a journey's events in order with the first-touch
// attribution of the visitor's landing page; a campaign code makes the payment a conversion; a
// tracking failure never fails a step; no third-party origin is in the CSP unless configured.
import { termsOfQuote } from "../../../core/loan-math/index.ts";
import { PRODUCT } from "../../../core/product.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { CONSENT_COOKIE } from "../../../core/data-rights/index.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { customerProfiles, loanAccounts } from "../../db/schema/index.ts";
import { FIRST_TOUCH_COOKIE } from "../../http/first-touch.ts";
import { widenCsp } from "../../http/tracking-script.ts";
import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import type { TrackingEvent } from "../../providers/tracking/port.ts";
import { payloads } from "../../test-support/onboarding.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { disbursalEntry } from "../../test-support/ledger.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;

/** The first-touch cookie a landing page sets, as a request Cookie header (or null). */
async function land(t: T, url: string, cookie?: string) {
  const response = await t.app.request(url, { headers: cookie ? { cookie } : {} });
  const set = response.headers.get("set-cookie");
  return set?.startsWith(`${FIRST_TOUCH_COOKIE}=`) ? set.split(";")[0] : null;
}

/** The cookie banner's yes (issue 23): without it, or the customer's consent, nothing is tracked. */
const CONSENTED = `${CONSENT_COOKIE}=tracking`;
const eventsOf = (t: T, profileId: string) => t.services.sandboxTracker!.events().filter((e) => e.profileId === profileId);

describe("tracking", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps the first landing page's UTM parameters and click_id, not a later page's", async () => {
    const cookie = await land(t, "/personal-loan?utm_source=google&utm_medium=cpc&utm_campaign=diwali26&click_id=gclid-123");
    expect(cookie).toContain(`${FIRST_TOUCH_COOKIE}=`);
    // Another page with other parameters, the cookie already set: nothing new.
    expect(await land(t, "/faq?utm_source=facebook&click_id=fb-9", cookie!)).toBeNull();
    // Pages without parameters, API calls and assets set nothing.
    expect(await land(t, "/faq")).toBeNull();
    expect(await land(t, "/assets/x.js?utm_source=x")).toBeNull();
    // Junk is cleaned to safe characters and capped.
    const odd = await land(t, `/?utm_source=${encodeURIComponent('a"b;c<d>' + "x".repeat(300))}`);
    expect(decodeURIComponent(odd!.split("=").slice(1).join("="))).toMatch(/^utm_source=abcdx{96}$/);

    // Login from Apply Now with its own parameters in the body: the landing page's win.
    const mobile = randomMobile();
    const ip = t.freshIp();
    const login = await t.post(
      { event_name: "login", mobile, utm_source: "newsletter", click_id: "late" },
      // Issue 23: the visitor said yes to tracking on the cookie banner.
      { headers: { cookie: `${cookie!}; ${CONSENTED}`, "x-forwarded-for": ip } },
    );
    expect(login.body.Status).toBe(1);
    const [profile] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.mobile, mobile));
    expect(profile).toMatchObject({ utmSource: "google", utmMedium: "cpc", utmCampaign: "diwali26", clickId: "gclid-123" });
    const [event] = eventsOf(t, profile.id);
    expect(event).toMatchObject({ name: "login", attribution: { utm_source: "google", utm_campaign: "diwali26", click_id: "gclid-123" } });
  });

  it("records a journey's events in order: login, code verified, eligibility Process, payment, and the campaign's conversion", async () => {
    const cookie = `${(await land(t, "/?utm_source=affiliate&utm_campaign=salary-week&click_id=aff-77"))!}; ${CONSENTED}`;
    const mobile = randomMobile();
    const ip = t.freshIp();
    const login = await t.post({ event_name: "login", mobile }, { headers: { cookie, "x-forwarded-for": ip } });
    const profileId = login.body.Data.cust_profile_id as string;
    expect(eventsOf(t, profileId).map((e) => e.name)).toEqual(["login"]);
    // A wrong code is no event.
    const code = (await t.latestCode(mobile))!;
    await t.post({ event_name: "otp_verify", profile_id: profileId, otp: code === "0000" ? "1111" : "0000" }, { headers: { cookie } });
    expect(eventsOf(t, profileId).map((e) => e.name)).toEqual(["login"]);
    const verify = await t.post({ event_name: "otp_verify", profile_id: profileId, otp: code }, { headers: { cookie } });
    expect(verify.body.Status).toBe(1);
    const headers = { "auth-token": verify.body.Data.app_login_token as string };
    for (const body of [
      payloads.pan(`ABCPT${1000 + Math.floor(Math.random() * 9000)}Q`),
      payloads.personal(),
      payloads.residence(),
      payloads.income(),
      payloads.selfie(),
    ]) {
      expect((await t.post(body, { headers })).body.Status).toBe(1);
    }
    const eligible = await t.post({ event_name: "register_now" }, { headers });
    expect(eligible.body.Status).toBe(1);
    expect(eventsOf(t, profileId).map((e) => e.name)).toEqual(["login", "otp_verified", "eligibility_process"]);

    // The lead becomes a disbursed loan (as the back office would), then the customer pays it from the dashboard.
    const leadId = eligible.body.Data.lead_id as string;
    const today = todayInIndia(t.services.now());
    // The loan keeps the terms its KFS fixed (decision 34), as an accepted quote would have set them.
    const terms = termsOfQuote({ principalRupees: 10_000, tenureDays: 20, repaymentDate: "2026-12-12", issuedOn: today }, PRODUCT.singleLoan);
    await t.services.db.transaction((tx) => t.services.loans.fixTerms(tx, leadId, terms, t.services.now()));
    await t.services.db
      .update(loanAccounts)
      .set({ status: "DISBURSED", loanNo: `SOTTRK${Date.now() % 1e7}`, disbursalDate: today })
      .where(eq(loanAccounts.leadId, leadId));
    await t.services.ledger.post(t.services.db, disbursalEntry({ loanId: leadId, principalRupees: 10_000, tenureDays: 20, disbursedOn: today }));
    const order = await t.post({ lead_id: leadId, rzp_amount: "500" }, { path: `${JOURNEY_CONTROLLER}/generateRazorpayorderId`, headers });
    expect(order.body.Status).toBe(1);
    const paid = await t.services.paymentGateways.sandbox!.razorpay.pay({
      keyId: SANDBOX_RAZORPAY_KEY_ID,
      orderId: order.body.Data.order_id,
      method: "upi",
      succeed: true,
      webhooks: "duplicate",
    });
    expect(paid.ok).toBe(true);

    const events = eventsOf(t, profileId);
    expect(events.map((e) => e.name)).toEqual(["login", "otp_verified", "eligibility_process", "payment_success", "conversion"]);
    expect(events.at(-1)).toMatchObject({ campaign: "salary-week", amountPaise: 500_00, attribution: { click_id: "aff-77", utm_source: "affiliate" } });
    // Attribution only: no mobile, PAN or name in any event.
    expect(JSON.stringify(events)).not.toContain(mobile);
  });

  it("a payment without a campaign code is no conversion, and a failing tracker never fails a step", async () => {
    const failing = await createTestApp({
      providers: {
        tracker: {
          record: async (e: TrackingEvent) => {
            throw new Error(`tracker down (${e.name})`);
          },
        },
      },
    });
    try {
      const { verify } = await failing.signIn();
      expect(verify.body.Status).toBe(1);
    } finally {
      await failing.close();
    }
    // Signed in without a tracking choice: nothing is tracked until the customer consents (issue 23).
    const { profileId } = await t.signIn();
    await t.services.tracking.track("payment_success", profileId, { amountPaise: 100_00 });
    expect(eventsOf(t, profileId)).toEqual([]);
    await t.services.consents.grant(profileId, ["tracking"], { source: "my_data" });
    await t.services.tracking.track("payment_success", profileId, { amountPaise: 100_00 });
    expect(eventsOf(t, profileId).map((e) => e.name)).toEqual(["payment_success"]);
  });

  it("adds a tracking origin to the CSP only when one is configured", async () => {
    const plain = await t.app.request("/healthz");
    const policy = plain.headers.get("content-security-policy")!;
    expect(policy).not.toMatch(/https:\/\/(?!checkout\.razorpay\.com|api\.razorpay\.com|secure\.payu\.in|test\.payu\.in)/);
    expect(widenCsp("default-src 'self'; script-src 'self' 'nonce-x'; img-src 'self' data:", "https://tags.example.com")).toBe(
      "default-src 'self'; script-src 'self' 'nonce-x' https://tags.example.com; img-src 'self' data: https://tags.example.com",
    );
    expect(widenCsp("default-src 'none'; sandbox", "https://tags.example.com")).toBe("default-src 'none'; sandbox");
    const configured = await createTestApp({ env: { TRACKING_SCRIPT_URL: "https://tags.example.com/t.js" } });
    try {
      const response = await configured.app.request("/healthz");
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
      expect(response.headers.get("content-security-policy")).toMatch(/script-src [^;]*https:\/\/tags\.example\.com/);
    } finally {
      await configured.close();
    }
  });
});
