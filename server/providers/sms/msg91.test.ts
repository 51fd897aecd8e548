import { describe, expect, it } from "vitest";
import { createMsg91Sms } from "./msg91.ts";

describe("MSG91 adapter", () => {
  const config = {
    authKey: "auth-123",
    templateIds: { en: "tmpl-9", hi: "tmpl-9-hi" },
    dltEntityId: "1101",
    senderId: "SLRYOT",
    noticeTemplateIds: {
      loan_closed: { en: "tmpl-close", hi: "tmpl-close-hi" },
      loan_rejected: { en: "tmpl-reject", hi: "tmpl-reject-hi" },
      loan_disbursed: { en: "tmpl-paid", hi: "tmpl-paid-hi" },
      requote: { en: "tmpl-requote", hi: "tmpl-requote-hi" },
      payout_reversed: { en: "tmpl-payout-reversed", hi: "tmpl-payout-reversed-hi" },
      reminder_upcoming: { en: "tmpl-upcoming", hi: "tmpl-upcoming-hi" },
      reminder_due_today: { en: "tmpl-due", hi: "tmpl-due-hi" },
      reminder_due_today_autopay: { en: "tmpl-due-autopay", hi: "tmpl-due-autopay-hi" },
      reminder_overdue: { en: "tmpl-overdue", hi: "tmpl-overdue-hi" },
      signed_copies: { en: "tmpl-copies", hi: "tmpl-copies-hi" },
      refund_paid: { en: "tmpl-refund", hi: "tmpl-refund-hi" },
      bureau_overdue: { en: "tmpl-bureau-overdue", hi: "tmpl-bureau-overdue-hi" },
      grievance_received: { en: "tmpl-grievance-received", hi: "tmpl-grievance-received-hi" },
      grievance_replied: { en: "tmpl-grievance-replied", hi: "tmpl-grievance-replied-hi" },
      grievance_ombudsman: { en: "tmpl-grievance-ombudsman", hi: "tmpl-grievance-ombudsman-hi" },
      autopay_notice: { en: "tmpl-autopay-notice", hi: "tmpl-autopay-notice-hi" },
      autopay_failed: { en: "tmpl-autopay-failed", hi: "tmpl-autopay-failed-hi" },
      payment_received: { en: "tmpl-payment-received", hi: "tmpl-payment-received-hi" },
      ckyc_registered: { en: "tmpl-ckyc-registered", hi: "tmpl-ckyc-registered-hi" },
    },
  };

  it("sends our own code with the DLT template and the auth key header", async () => {
    const calls: { url: URL; init: RequestInit }[] = [];
    const sms = createMsg91Sms({
      ...config,
      fetch: (async (url: URL, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify({ type: "success", request_id: "r1" }), { status: 200 });
      }) as typeof fetch,
    });
    await sms.sendOtp({ mobile: "9876543210", code: "4821", purpose: "login", lang: "en" });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0];
    expect(url.origin + url.pathname).toBe("https://control.msg91.com/api/v5/otp");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ template_id: "tmpl-9", mobile: "919876543210", otp: "4821", sender: "SLRYOT" });
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).authkey).toBe("auth-123");
    expect(JSON.parse(String(init.body))).toEqual({ entity_id: "1101" });
  });

  it("fails without revealing the code when the provider refuses", async () => {
    const sms = createMsg91Sms({
      ...config,
      fetch: (async () => new Response(JSON.stringify({ type: "error", message: "bad" }), { status: 400 })) as unknown as typeof fetch,
    });
    const attempt = sms.sendOtp({ mobile: "9876543210", code: "4821", purpose: "login", lang: "en" });
    await expect(attempt).rejects.toThrow(/MSG91 refused the message \(HTTP 400, error\)/);
    await expect(attempt).rejects.not.toThrow(/4821/);
  });

  it("sends the loan-closed notice through the Flow API with its DLT template and variables", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const sms = createMsg91Sms({
      ...config,
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url: String(url), init });
        return new Response(JSON.stringify({ type: "success" }), { status: 200 });
      }) as unknown as typeof fetch,
    });
    await sms.sendNotice({ mobile: "9876543210", notice: { kind: "loan_closed", vars: { loan_no: "SOT2611000123" } }, lang: "en" });
    expect(calls[0].url).toBe("https://control.msg91.com/api/v5/flow");
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      template_id: "tmpl-close",
      entity_id: "1101",
      sender: "SLRYOT",
      recipients: [{ mobiles: "919876543210", loan_no: "SOT2611000123" }],
    });
  });

  it("uses the Hindi DLT templates for a customer who reads Hindi (issue 23), with the same variables", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const sms = createMsg91Sms({
      ...config,
      fetch: (async (url: string | URL, init: RequestInit) => {
        calls.push({ url: String(url), init });
        return new Response(JSON.stringify({ type: "success" }), { status: 200 });
      }) as unknown as typeof fetch,
    });
    const vars = { amount: "₹10,000", loan_no: "SOT2611000123", total_due: "₹10,900", repayment_date: "10 दिसंबर 2026", cooling_off_until: "29 नवंबर 2026" };
    await sms.sendNotice({ mobile: "9876543210", notice: { kind: "loan_disbursed", vars }, lang: "hi" });
    await sms.sendOtp({ mobile: "9876543210", code: "4821", purpose: "login", lang: "hi" });
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      template_id: "tmpl-paid-hi",
      DLT_TE_ID: "tmpl-paid-hi",
      recipients: [{ mobiles: "919876543210", ...vars }],
    });
    const otp = new URL(calls[1].url);
    expect(otp.searchParams.get("template_id")).toBe("tmpl-9-hi");
    expect(otp.searchParams.get("DLT_TE_ID")).toBe("tmpl-9-hi");
  });
});
