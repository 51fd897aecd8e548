// Issue 23: a customer who signs in in Hindi gets the code in Hindi, and their consents record the
// language the notices were shown in; My data shows each purpose's notice in the page's language.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { consents } from "../../db/schema/index.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;

describe("notices and codes in the customer's language", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signIn(lang: "en" | "hi") {
    const mobile = randomMobile();
    const ip = t.freshIp();
    const headers = { "x-forwarded-for": ip, "accept-language": lang === "hi" ? "hi-IN" : "en-IN" };
    const login = await t.post({ event_name: "login", mobile }, { headers });
    const profileId = login.body.Data.cust_profile_id as string;
    const [sms] = (await t.services.outbox!.outbox(50)).filter((m) => m.to === mobile);
    const otp = await t.latestCode(mobile);
    const verify = await t.post({ event_name: "otp_verify", profile_id: profileId, otp }, { headers });
    return { profileId, sms, token: verify.body.Data.app_login_token as string, headers };
  }

  it("sends the sign-in code in the language the sign-in was asked in; English exactly as before", async () => {
    const en = await signIn("en");
    expect(en.sms).toMatchObject({ lang: "en" });
    expect(en.sms.text).toMatch(/^\d{4} is your SalaryOnTime login code\. It is valid for 5 minutes\. Do not share it with anyone, including our staff\.$/);
    const hi = await signIn("hi");
    expect(hi.sms).toMatchObject({ lang: "hi" });
    expect(hi.sms.text).toMatch(/^\d{4} SalaryOnTime पर लॉगिन के लिए आपका कोड है। यह 5 मिनट तक ही चलेगा। इसे किसी को न बताएँ, हमारे स्टाफ़ को भी नहीं।$/);
  });

  it("records the sign-in consents and a grant on My data with the language of the notice shown", async () => {
    const { profileId, token, headers } = await signIn("hi");
    const api = (name: string, body: Record<string, unknown> = {}) =>
      t.post(body, { path: `${JOURNEY_CONTROLLER}/${name}`, headers: { ...headers, "auth-token": token } });
    const view = await api("getMyData");
    const notices = Object.fromEntries(
      (view.body.Data.consents as { purpose: string; notice: { title: string; kept: string } }[]).map((c) => [c.purpose, c.notice]),
    );
    expect(notices.credit_bureau.title).toBe("क्रेडिट ब्यूरो से जाँच");
    expect(notices.identity_checks.kept).toBe("आपका आखिरी लोन बंद होने के पाँच साल बाद तक (RBI के KYC निर्देश और मनी लॉन्ड्रिंग रोकने के नियम)।");
    expect((await api("saveConsent", { purpose: "marketing", action: "grant" })).body.Status).toBe(1);
    const rows = await t.services.db.select().from(consents).where(eq(consents.profileId, profileId)).orderBy(consents.id);
    expect(rows.map((r) => [r.purpose, r.action, r.noticeVersion, r.language, r.source])).toEqual([
      ["lending_servicing", "grant", 1, "hi", "sign_in"],
      ["identity_checks", "grant", 1, "hi", "sign_in"],
      ["reminders", "grant", 1, "hi", "sign_in"],
      ["marketing", "grant", 1, "hi", "my_data"],
    ]);
    // The same page in English shows the English notice.
    const english = await t.post(
      {},
      { path: `${JOURNEY_CONTROLLER}/getMyData`, headers: { "x-forwarded-for": headers["x-forwarded-for"], "auth-token": token } },
    );
    expect((english.body.Data.consents as { purpose: string; notice: { title: string } }[]).find((c) => c.purpose === "credit_bureau")!.notice.title).toBe(
      "Credit bureau check",
    );
  });

  it("stops the bureau pull of a customer who withdrew that purpose, saying so in their language", async () => {
    const { profileId, token, headers } = await signIn("hi");
    await t.services.consents.grant(profileId, ["credit_bureau"], { source: "journey_step", language: "hi" });
    await t.services.consents.withdraw(profileId, "credit_bureau", { source: "my_data", language: "hi" });
    const refused = await t.post({ event_name: "register_now" }, { headers: { ...headers, "auth-token": token } });
    expect(refused.body).toMatchObject({
      Status: 2,
      Message: "आपने “क्रेडिट ब्यूरो से जाँच” की सहमति वापस ले ली है, इसलिए हमने यह कदम रोक दिया है। अगर आप यह सहमति फिर से देना चाहते हैं, तो हमसे संपर्क करें।",
    });
    const english = await t.post({ event_name: "register_now" }, { headers: { "x-forwarded-for": headers["x-forwarded-for"], "auth-token": token } });
    expect(english.body.Message).toBe(
      "You have withdrawn your consent to Credit bureau check, so we have stopped this step. Please contact us if you want to give it again.",
    );
  });
});
