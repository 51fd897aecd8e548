// Issue 34: the whatsapp_updates consent purpose, given on My data, and withdrawn by a STOP on WhatsApp.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purposeNotice } from "../../../core/data-rights/index.ts";
import { createLogger } from "../../logger.ts";
import { whatsappSignature } from "../../providers/whatsapp/port.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { myDataHelpers, myDataPath } from "../data-rights/data-rights.test-support.ts";
import { createWhatsAppService, type StopOutcome } from "./whatsapp.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
const { api, consentRows } = myDataHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reply = (mobile: string, text: string) =>
  t.app.request("/dev/whatsapp", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: "reply", mobile, text }) });
const latestReply = async () =>
  ((await (await t.app.request("/dev/whatsapp.json")).json()) as { replies: { from: string; action: string | null }[] }).replies[0];

describe("the whatsapp_updates consent (issue 34)", () => {
  it("is a purpose of its own, with its notice in English and Hindi, not needed by a loan", () => {
    expect(purposeNotice("whatsapp_updates", "en")).toMatchObject({ version: 1, neededByLoan: false, title: "Loan updates on WhatsApp" });
    expect(purposeNotice("whatsapp_updates", "hi").title).toBe("WhatsApp पर लोन की जानकारी");
    expect(purposeNotice("whatsapp_updates", "en").withdraw).toContain("reply STOP on WhatsApp");
  });

  it("is given on My data like any optional purpose and listed with the others", async () => {
    const { token, profileId } = await t.signIn();
    const given = await api("saveConsent", token, { purpose: "whatsapp_updates", action: "grant" });
    expect(given.body.Status).toBe(1);
    expect(given.body.Data).toMatchObject({ purpose: "whatsapp_updates", granted: true, still_needed_by_loan: false });
    expect(await t.services.consents.given(profileId, "whatsapp_updates")).toBe(true);
    const states = await t.services.consents.states(profileId);
    expect(states.find((s) => s.purpose === "whatsapp_updates")).toMatchObject({ granted: true, source: expect.any(String) });
  });

  it("is given by the sign-in's own unticked tick, and only by it; withdrawn on My data, the next notice goes by SMS", async () => {
    const mobile = randomMobile();
    const ip = t.freshIp();
    const login = await t.post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": ip } });
    const profileId = login.body.Data.cust_profile_id as string;
    const verified = await t.post(
      { event_name: "otp_verify", profile_id: profileId, otp: await t.latestCode(mobile), consent_whatsapp: "1" },
      { headers: { "x-forwarded-for": ip } },
    );
    expect(verified.body.Status).toBe(1);
    const rows = (await consentRows(profileId)).filter((r) => r.purpose === "whatsapp_updates");
    expect(rows.map((r) => [r.action, r.source])).toEqual([["grant", "sign_in"]]);

    // Signed in without the tick: not given.
    const other = await t.signIn();
    expect(await t.services.consents.given(other.profileId, "whatsapp_updates")).toBe(false);

    // Withdrawn on My data: WhatsApp stops at once.
    const token = verified.body.Data.app_login_token as string;
    const notice = { kind: "grievance_received", vars: { reference: "GRV-2611-0044" } } as const;
    await t.services.noticeDispatcher.sendNotice({ mobile, notice, lang: "en" });
    expect((await api("saveConsent", token, { purpose: "whatsapp_updates", action: "withdraw" })).body.Status).toBe(1);
    await t.services.noticeDispatcher.sendNotice({ mobile, notice, lang: "en" });
    expect((await t.services.whatsapp!.recent(500)).filter((m) => m.to === mobile)).toHaveLength(1);
    const sms = (await t.services.outbox!.outbox(500)).filter((m) => m.to === mobile && m.text.includes("GRV-2611-0044"));
    expect(sms).toHaveLength(1);
  });

  it("a STOP on WhatsApp withdraws it at once, recorded as the customer's, once", async () => {
    const mobile = randomMobile();
    const { profileId } = await t.signIn(mobile);
    await t.services.consents.grant(profileId, ["whatsapp_updates"], { source: "my_data", language: "hi" });
    expect((await reply(mobile, "STOP")).status).toBe(200);
    expect(await latestReply()).toMatchObject({ from: mobile, action: "withdrawn" });
    expect(await t.services.consents.given(profileId, "whatsapp_updates")).toBe(false);
    const rows = (await consentRows(profileId)).filter((r) => r.purpose === "whatsapp_updates");
    expect(rows.map((r) => [r.action, r.source, r.language])).toEqual([
      ["grant", "my_data", "hi"],
      ["withdraw", "whatsapp_stop", "hi"],
    ]);
    // A second STOP finds nothing to withdraw and writes no consent row.
    await reply(mobile, "stop");
    expect(await latestReply()).toMatchObject({ from: mobile, action: "not_granted" });
    expect((await consentRows(profileId)).filter((r) => r.purpose === "whatsapp_updates")).toHaveLength(2);
  });

  it("a STOP from a number that is no customer's is recorded and changes no consent; other text is only recorded", async () => {
    const stranger = randomMobile();
    await reply(stranger, "STOP");
    expect(await latestReply()).toMatchObject({ from: stranger, action: "no_customer" });
    const mobile = randomMobile();
    const { profileId } = await t.signIn(mobile);
    await t.services.consents.grant(profileId, ["whatsapp_updates"], { source: "my_data" });
    await reply(mobile, "When is my loan due?");
    expect(await latestReply()).toMatchObject({ from: mobile, action: null });
    expect(await t.services.consents.given(profileId, "whatsapp_updates")).toBe(true);
  });

  it("a STOP whose withdrawal failed is withdrawn when Meta retries the webhook, and only then", async () => {
    let calls = 0;
    const flaky = async (): Promise<StopOutcome> => {
      calls++;
      if (calls === 1) throw new Error("database unavailable");
      return "withdrawn";
    };
    const service = createWhatsAppService({
      db: t.services.db,
      now: t.clock.now,
      logger: createLogger("silent"),
      port: { send: async () => ({ outcome: "unknown", detail: "unused" }) },
      appSecret: "retry-secret",
      verifyToken: "retry-verify-token",
      stop: flaky,
    });
    const mobile = randomMobile();
    const rawBody = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            {
              field: "messages",
              value: { messages: [{ from: `91${mobile}`, id: `wamid.retry-${mobile}`, timestamp: "1795853000", type: "text", text: { body: "STOP" } }] },
            },
          ],
        },
      ],
    });
    const delivery = { rawBody, signature: whatsappSignature("retry-secret", rawBody) };
    await expect(service.receiveWebhook(delivery)).rejects.toThrow(/database unavailable/);
    expect(await service.receiveWebhook(delivery)).toEqual({ applied: 1 });
    expect(await service.receiveWebhook(delivery)).toEqual({ applied: 0 });
    expect(calls).toBe(2);
    expect((await service.replies()).find((r) => r.from === mobile)).toMatchObject({ stop: true, action: "withdrawn" });
  });

  it("a WhatsApp message Meta accepted is in the customer's data export, as read, and Meta is named as its processor", async () => {
    const mobile = randomMobile();
    const { token } = await t.signIn(mobile);
    await t.services.whatsapp!.send({ mobile, template: "complaint_received", lang: "en", values: { reference: "GRV-2611-0042" } });
    // A refused one was never sent, so it is not listed.
    await t.app.request("/dev/whatsapp", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "mode", mobile, mode: "refused" }),
    });
    await t.services.whatsapp!.send({ mobile, template: "complaint_received", lang: "en", values: { reference: "GRV-2611-0043" } });
    const data = (await (await t.app.request(myDataPath("getMyDataJson"), { headers: { "auth-token": token } })).json()) as {
      messages: { channel: string; kind: string; text: string }[];
      shared_with: { id: string; name: string; used_for_you: boolean }[];
    };
    expect(data.messages.filter((m) => m.channel === "whatsapp")).toEqual([
      expect.objectContaining({
        kind: "complaint_received",
        text: "SalaryOnTime: your complaint is registered under reference GRV-2611-0042. Our grievance officer will reply to you.",
      }),
    ]);
    expect(data.shared_with.find((p) => p.id === "whatsapp")).toMatchObject({ name: "Meta (WhatsApp)", used_for_you: true });
  });
});
