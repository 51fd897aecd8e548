// Issue 23: the legacy API answers English unless the client asks for Hindi (Accept-Language or a lang field).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, randomMobile } from "../test-support/test-app.ts";
import { apiLanguage } from "./api-language.ts";
import { translate } from "../../core/i18n/index.ts";
import { apiPath } from "../../core/contract/index.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const headers = (extra: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": t.freshIp(), ...extra } });

describe("the API's message language", () => {
  it("reads a lang field first, then the most preferred Accept-Language; English otherwise", () => {
    expect(apiLanguage(undefined)).toBe("en");
    expect(apiLanguage("hi")).toBe("hi");
    expect(apiLanguage("hi-IN,hi;q=0.9,en;q=0.8")).toBe("hi");
    expect(apiLanguage("en-US,hi;q=0.5")).toBe("en");
    expect(apiLanguage("en-US", { lang: "hi" })).toBe("hi");
    expect(apiLanguage("hi", { lang: "en" })).toBe("en");
    expect(apiLanguage(undefined, { lang: "fr" })).toBe("en");
  });

  it("has the Pay Now notice the Hindi screen words in the catalogue, word for word", () => {
    expect(translate("en", "pay.otpSent")).toBe("If this PAN has a loan with us, a code has been sent to the mobile number registered with it.");
  });

  it("words a coded rule's field error by its code: the spec's English, or Hindi when asked (decision 60)", async () => {
    const path = apiPath("repaySendOtp");
    const english = await t.post({ pancard: "" }, { path, ...headers() });
    expect(english.body).toMatchObject({ Status: 2, Message: "PAN card is required.", errors: { pancard: "PAN card is required." } });
    const hindi = await t.post({ pancard: "" }, { path, ...headers({ "accept-language": "hi" }) });
    expect(hindi.body).toMatchObject({ Status: 2, Message: "PAN कार्ड नंबर ज़रूरी है।", errors: { pancard: "PAN कार्ड नंबर ज़रूरी है।" } });
  });

  it("answers the apps' sign-in in English exactly as before when they ask for nothing", async () => {
    const reply = await t.post({ event_name: "login", mobile: randomMobile() }, headers());
    expect(reply.body).toMatchObject({ Status: 1, Message: "OTP sent successfully." });
  });

  it("answers in Hindi for Accept-Language: hi, success and refusal alike", async () => {
    const mobile = randomMobile();
    const sent = await t.post({ event_name: "login", mobile }, headers({ "accept-language": "hi" }));
    expect(sent.body).toMatchObject({ Status: 1, Message: "OTP भेज दिया गया है।" });
    const profileId = sent.body.Data?.cust_profile_id as string;
    const code = await t.latestCode(mobile);
    const wrong = code === "0000" ? "1111" : "0000";
    const refused = await t.post({ event_name: "otp_verify", profile_id: profileId, otp: wrong }, headers({ "accept-language": "hi-IN,en;q=0.5" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ Status: 2, Message: "OTP गलत है। 4 कोशिशें बाकी हैं।" });
    // The same refusal in English for a client that did not ask for Hindi.
    const english = await t.post({ event_name: "otp_verify", profile_id: profileId, otp: wrong }, headers());
    expect(english.body).toMatchObject({ Status: 2, Message: "Incorrect OTP. 3 attempts left." });
  });

  it("answers in Hindi for a lang field, which wins over the header", async () => {
    const mobile = randomMobile();
    const sent = await t.post({ event_name: "login", mobile, lang: "hi" }, headers({ "accept-language": "en-GB" }));
    expect(sent.body).toMatchObject({ Status: 1, Message: "OTP भेज दिया गया है।" });
    const again = await t.post({ event_name: "resend_otp", profile_id: sent.body.Data?.cust_profile_id, lang: "hi" }, headers());
    expect(again.status).toBe(429);
    expect(again.body.Message).toMatch(/^नया OTP मँगाने से पहले \d+ सेकंड रुकें।$/);
  });
});
