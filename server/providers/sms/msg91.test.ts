import { describe, expect, it } from "vitest";
import { createMsg91Sms } from "./msg91.ts";

describe("MSG91 adapter", () => {
  const config = {
    authKey: "auth-123",
    templateId: "tmpl-9",
    dltEntityId: "1101",
    senderId: "SLRYOT",
    noticeTemplateIds: {
      loan_closed: "tmpl-close",
      loan_rejected: "tmpl-reject",
      loan_disbursed: "tmpl-paid",
      requote: "tmpl-requote",
      payout_reversed: "tmpl-payout-reversed",
      reminder_upcoming: "tmpl-upcoming",
      reminder_due_today: "tmpl-due",
      reminder_overdue: "tmpl-overdue",
      signed_copies: "tmpl-copies",
      refund_paid: "tmpl-refund",
      bureau_overdue: "tmpl-bureau-overdue",
      grievance_received: "tmpl-grievance-received",
      grievance_replied: "tmpl-grievance-replied",
      grievance_ombudsman: "tmpl-grievance-ombudsman",
      autopay_notice: "tmpl-autopay-notice",
      autopay_failed: "tmpl-autopay-failed",
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
    await sms.sendOtp({ mobile: "9876543210", code: "4821", purpose: "login" });
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
    const attempt = sms.sendOtp({ mobile: "9876543210", code: "4821", purpose: "login" });
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
    await sms.sendNotice({ mobile: "9876543210", notice: { kind: "loan_closed", vars: { loan_no: "SOT2611000123" } } });
    expect(calls[0].url).toBe("https://control.msg91.com/api/v5/flow");
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      template_id: "tmpl-close",
      entity_id: "1101",
      sender: "SLRYOT",
      recipients: [{ mobiles: "919876543210", loan_no: "SOT2611000123" }],
    });
  });
});
