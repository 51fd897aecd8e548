// Issue 34: the WhatsApp webhook (Meta's GET handshake and signed POSTs) with payloads in the Cloud API's
// documented format (server/providers/whatsapp/fixtures), and the sandbox provider end to end through /dev/whatsapp.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_WHATSAPP_APP_SECRET, SANDBOX_WHATSAPP_VERIFY_TOKEN } from "../../env-whatsapp.ts";
import { whatsappSignature, type WhatsAppPort } from "../../providers/whatsapp/port.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { WHATSAPP_NOTICE_KINDS } from "./notices.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const WAMID = "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQTFCMkMzRDRFNUY2QTdCOEM5AA==";
const recorded = (name: string) => readFileSync(new URL(`../../providers/whatsapp/fixtures/${name}`, import.meta.url), "utf8");
const reminder = { loan_no: "SOT2611000123", total_due: "₹10,900", repayment_date: "10 Dec 2026" };

async function webhook(t: TestApp, rawBody: string, signature: string | null) {
  return t.post(JSON.parse(rawBody.trim() || "null") ?? {}, {
    path: "/webhooks/whatsapp",
    raw: rawBody,
    headers: signature === null ? {} : { "x-hub-signature-256": signature },
  });
}
const signed = (t: TestApp, rawBody: string) => webhook(t, rawBody, whatsappSignature(SANDBOX_WHATSAPP_APP_SECRET, rawBody));

async function messageRow(t: TestApp, wamid: string) {
  return (await t.services.whatsapp!.recent(50)).find((m) => m.wamid === wamid)!;
}

describe("WhatsApp webhook (issue 34)", () => {
  let t: TestApp;
  const wamids = [WAMID, "wamid.second-message"];
  const port: WhatsAppPort = { send: async () => ({ outcome: "accepted", wamid: wamids.shift()! }) };

  beforeAll(async () => {
    t = await createTestApp({ providers: { whatsapp: port } });
    await t.services.whatsapp!.send({ mobile: "9876543210", template: "due_reminder", lang: "en", values: reminder });
  });
  afterAll(() => t.close());

  it("answers Meta's verification with the challenge only for subscribe and our verify token", async () => {
    const get = (query: string) => t.app.request(`/webhooks/whatsapp?${query}`);
    const ok = await get(`hub.mode=subscribe&hub.verify_token=${SANDBOX_WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe("1158201444");
    for (const bad of [
      `hub.mode=subscribe&hub.verify_token=wrong-token-value&hub.challenge=1158201444`,
      `hub.mode=unsubscribe&hub.verify_token=${SANDBOX_WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.verify_token=${SANDBOX_WHATSAPP_VERIFY_TOKEN}&hub.challenge=%3Cscript%3E`,
      "",
    ]) {
      expect((await get(bad)).status, bad).toBe(403);
    }
  });

  it("records the message as the API accepted it, with its rendered text", async () => {
    expect(await messageRow(t, WAMID)).toMatchObject({
      to: "9876543210",
      template: "sot_due_reminder",
      lang: "en",
      status: "accepted",
      text: "A reminder from SalaryOnTime: the amount due on your loan SOT2611000123 is ₹10,900, to be repaid by 10 Dec 2026. Paying before the due date lowers the interest you pay.",
    });
  });

  it("refuses a forged or missing signature with 401 and changes nothing", async () => {
    const body = recorded("status-delivered.json");
    const forged = await webhook(t, body, whatsappSignature("not-the-app-secret", body));
    expect(forged.status).toBe(401);
    expect((await webhook(t, body, null)).status).toBe(401);
    // Signed over other bytes (the same JSON re-serialised).
    const other = JSON.stringify(JSON.parse(body));
    expect((await webhook(t, body, whatsappSignature(SANDBOX_WHATSAPP_APP_SECRET, other))).status).toBe(401);
    expect((await messageRow(t, WAMID)).status).toBe("accepted");
  });

  it("records sent then delivered; a replay changes nothing", async () => {
    const sent = await signed(t, recorded("status-sent.json"));
    expect(sent.status).toBe(200);
    expect(sent.body.Data).toEqual({ received: true, applied: 1 });
    expect(await messageRow(t, WAMID)).toMatchObject({ status: "sent", statusAt: "2026-11-28T08:00:00.000Z" });
    expect((await signed(t, recorded("status-delivered.json"))).body.Data.applied).toBe(1);
    const replay = await signed(t, recorded("status-delivered.json"));
    expect(replay.status).toBe(200);
    expect(replay.body.Data.applied).toBe(0);
    expect(await messageRow(t, WAMID)).toMatchObject({ status: "delivered", statusAt: "2026-11-28T08:00:05.000Z" });
  });

  it("never moves a status back: read, then a late delivered or failed, stays read", async () => {
    expect((await signed(t, recorded("status-read.json"))).body.Data.applied).toBe(1);
    expect((await signed(t, recorded("status-delivered.json"))).body.Data.applied).toBe(0);
    expect((await signed(t, recorded("status-failed.json"))).body.Data.applied).toBe(0);
    expect((await signed(t, recorded("status-sent.json"))).body.Data.applied).toBe(0);
    expect(await messageRow(t, WAMID)).toMatchObject({ status: "read", statusAt: "2026-11-28T08:01:00.000Z", errorCode: null });
  });

  it("records a failed status with Meta's error code and title", async () => {
    await t.services.whatsapp!.send({ mobile: "9876543210", template: "due_reminder", lang: "hi", values: reminder });
    const failed = recorded("status-failed.json").replace(WAMID, "wamid.second-message");
    expect((await signed(t, failed)).body.Data.applied).toBe(1);
    expect(await messageRow(t, "wamid.second-message")).toMatchObject({ status: "failed", errorCode: 131026, errorTitle: "Message undeliverable" });
  });

  it("records a customer's STOP once, however often the webhook is replayed", async () => {
    const body = recorded("message-stop.json");
    expect((await signed(t, body)).body.Data.applied).toBe(1);
    expect((await signed(t, body)).body.Data.applied).toBe(0);
    const replies = await t.services.whatsapp!.replies();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ from: "9876543210", type: "text", text: "STOP", stop: true });
  });

  it("never answers 500 to bad input: not JSON is 400, JSON of another shape is acknowledged with nothing applied", async () => {
    const notJson = "{not json";
    const refused = await t.app.request("/webhooks/whatsapp", {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": whatsappSignature(SANDBOX_WHATSAPP_APP_SECRET, notJson) },
      body: notJson,
    });
    expect(refused.status).toBe(400);
    for (const other of [
      '{"object":"page","entry":[]}',
      "[]",
      '{"object":"whatsapp_business_account","entry":[{"changes":[{"field":"messages","value":{"statuses":[{"id":1}]}}]}]}',
    ]) {
      const answer = await signed(t, other);
      expect(answer.status, other).toBe(200);
      expect(answer.body.Data.applied).toBe(0);
    }
    const garbage = await t.app.request("/webhooks/whatsapp", { method: "POST", headers: { "x-hub-signature-256": "sha256=zz" }, body: "\u0000\u0001" });
    expect(garbage.status).toBe(401);
  });
});

describe("the sandbox WhatsApp provider and /dev/whatsapp (issue 34)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const devState = async () => (await (await t.app.request("/dev/whatsapp.json")).json()) as { messages: any[]; replies: any[] };
  const setMode = (mobile: string, mode: string) =>
    t.app.request("/dev/whatsapp", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: "mode", mobile, mode }) });
  const payout = { amount: "₹10,000", loan_no: "SOT2611000123", total_due: "₹10,900", repayment_date: "10 दिसंबर 2026", cooling_off_until: "25 नवंबर 2026" };

  it("sends signed status webhooks like the real API: a Hindi payout notice reads delivered on /dev/whatsapp", async () => {
    const mobile = randomMobile();
    const sent = await t.services.whatsapp!.send({ mobile, template: "payout_done", lang: "hi", values: payout });
    expect(sent.result.outcome).toBe("accepted");
    const [latest] = (await devState()).messages;
    expect(latest).toMatchObject({ to: mobile, template: "sot_payout_done", lang: "hi", status: "delivered" });
    expect(latest.text).toContain("₹10,000 आपके बैंक खाते में भेज दिए गए हैं");
    const page = await (await t.app.request("/dev/whatsapp")).text();
    expect(page).toContain("sot_payout_done");
    expect(page).toContain('lang="hi-IN"');
  });

  it.each([
    ["read", "read", null],
    ["failed", "failed", 131026],
    ["refused", "failed", 130429],
    ["timeout", "unknown", null],
    ["held", "accepted", null],
  ])("a number in failure mode %s ends %s", async (mode, status, code) => {
    const mobile = randomMobile();
    expect((await setMode(mobile, mode)).status).toBe(200);
    await t.services.whatsapp!.send({ mobile, template: "due_today", lang: "en", values: { loan_no: "SOT2611000123", total_due: "₹10,900" } });
    expect((await devState()).messages[0]).toMatchObject({ to: mobile, status, errorCode: code });
  });

  it("a late status sent from /dev/whatsapp moves a held message on; a reply of STOP is recorded", async () => {
    const mobile = randomMobile();
    await setMode(mobile, "held");
    const { result } = await t.services.whatsapp!.send({ mobile, template: "complaint_received", lang: "en", values: { reference: "GRV-2611-0042" } });
    const wamid = result.outcome === "accepted" ? result.wamid : "";
    const late = await t.app.request("/dev/whatsapp", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "status", wamid, status: "read" }),
    });
    expect(late.status).toBe(200);
    expect((await devState()).messages[0]).toMatchObject({ wamid, status: "read" });
    const form = await t.app.request("/dev/whatsapp", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ action: "reply", mobile, text: "Stop" }).toString(),
    });
    expect(form.status).toBe(303);
    expect((await devState()).replies[0]).toMatchObject({ from: mobile, text: "Stop", stop: true });
  });

  it("sends an SMS notice as its template with the same values, and none for a notice without one", async () => {
    const mobile = randomMobile();
    const vars = { loan_no: "SOT2611000123", total_due: "₹11,020", penal: "₹120", days: "3", pay_link: "https://www.salaryontime.com/repayloan?r=AbC123" };
    const sent = await t.services.whatsapp!.sendNotice({ mobile, notice: { kind: "reminder_overdue", vars }, lang: "hi" });
    expect(sent?.result.outcome).toBe("accepted");
    expect((await devState()).messages[0]).toMatchObject({
      to: mobile,
      template: "sot_overdue",
      status: "delivered",
      text: "SalaryOnTime: आपके लोन SOT2611000123 की चुकाने की तारीख को 3 दिन बीत चुके हैं। बकाया रकम ₹11,020 है, जिसमें ₹120 पेनल चार्ज शामिल है। कृपया जल्द से जल्द https://www.salaryontime.com/repayloan?r=AbC123 पर चुकाएँ।",
    });
    expect(await t.services.whatsapp!.sendNotice({ mobile, notice: { kind: "loan_closed", vars: { loan_no: "SOT2611000123" } }, lang: "en" })).toBeNull();
    expect([...WHATSAPP_NOTICE_KINDS].sort()).toEqual(
      [
        "autopay_failed",
        "autopay_notice",
        "bureau_overdue",
        "grievance_received",
        "grievance_replied",
        "loan_disbursed",
        "payment_received",
        "reminder_due_today",
        "reminder_overdue",
        "reminder_upcoming",
      ].sort(),
    );
  });

  it("refuses a template Meta has not approved and the wrong number of parameters, as the API does", async () => {
    const port = t.services.sandboxWhatsApp!.port;
    expect(await port.send({ to: "9876543210", template: "sot_unknown", lang: "en", parameters: [] })).toMatchObject({ outcome: "failed", code: 132001 });
    expect(await port.send({ to: "9876543210", template: "sot_due_today", lang: "en", parameters: ["x"] })).toMatchObject({ outcome: "failed", code: 132000 });
  });
});
