// POST /Api/payout/webhook: the production payout provider's signed webhook, over HTTP. A signed
// payout.processed makes the sanctioned lead a loan; a tampered body is refused and changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../../core/contract/index.ts";
import { creditManagers, leads, payouts } from "../../db/schema/index.ts";
import { parseRazorpayxWebhook, payoutSignature, type PayoutPort } from "../../providers/payout/port.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { selectLeads } from "./loan-account.service.ts";

const SECRET = "whsec_payout_route_test";
// A provider that accepts a payout and stays silent: only the HTTP webhook can settle it.
const provider: PayoutPort = {
  provider: "razorpayx-test",
  create: async (r) => ({ providerReference: `pout_${r.loanId.slice(0, 8)}`, loanId: r.loanId, status: "PENDING", utr: null, failureReason: null }),
  status: async (ref) => ({ providerReference: ref, loanId: "", status: "PENDING", utr: null, failureReason: null }),
  statusByKey: async () => null,
  parseWebhook: (delivery) => parseRazorpayxWebhook(SECRET, delivery),
};

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ providers: { payout: provider } });
});
afterAll(() => t?.close());

const head: StaffActor = { staffId: "00000000-0000-4000-8000-00000000b001", role: "credit_head" };
const payer: StaffActor = { staffId: "00000000-0000-4000-8000-00000000b002", role: "disbursal" };

async function pendingPayout() {
  const user = await customerAtBanking(t);
  await completeBankingAndEsign(t, user);
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, user.leadId));
  const [manager] = await t.services.db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
  const cm: StaffActor = { staffId: "00000000-0000-4000-8000-00000000b003", role: "credit_manager", email: manager.email };
  await t.services.credit.desk.recommend(cm, { leadId: lead.id, outcome: "SANCTION", reasonCode: "POLICY_MET", note: "Salary credits regular" });
  await t.services.credit.desk.decide(head, { leadId: lead.id, outcome: "SANCTION", reasonCode: "POLICY_MET" });
  const out = await t.services.disbursal.desk.disburse(payer, { leadId: lead.id });
  expect(out.status).toBe("PENDING");
  return { leadId: lead.id, reference: `pout_${lead.id.slice(0, 8)}` };
}

const event = (leadId: string, reference: string) =>
  JSON.stringify({
    event: "payout.processed",
    payload: { payout: { entity: { id: reference, status: "processed", utr: "UTR424242", reference_id: leadId, notes: { loan_id: leadId } } } },
  });

// As the provider sends it: JSON, no Origin of ours, the signature over the raw bytes.
const deliver = (rawBody: string, signature: string) =>
  t.app.request(apiPath("payoutWebhook"), {
    method: "POST",
    headers: { "content-type": "application/json", "x-razorpay-signature": signature },
    body: rawBody,
  });

describe("POST /Api/payout/webhook", () => {
  it("refuses a tampered body (signature over other bytes) and settles nothing", async () => {
    const p = await pendingPayout();
    const signed = event(p.leadId, p.reference);
    const tampered = signed.replace("UTR424242", "UTR999999");
    const res = await deliver(tampered, payoutSignature(SECRET, signed));
    expect(res.status).toBe(400);
    expect((await res.json()).Status).not.toBe(1);
    const [row] = await t.services.db.select().from(payouts).where(eq(payouts.loanId, p.leadId));
    expect(row.status).toBe("PENDING");
    expect((await selectLeads(t.services.db).where(eq(leads.id, p.leadId)))[0].status).toBe("SANCTIONED");
    expect((await deliver(signed, "00".repeat(32))).status).toBe(400);
  });

  it("settles a signed payout.processed once: the lead becomes a disbursed loan with the UTR; a repeat changes nothing", async () => {
    const p = await pendingPayout();
    const body = event(p.leadId, p.reference);
    const res = await deliver(body, payoutSignature(SECRET, body));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()).Data).toEqual({ received: true, applied: true });
    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, p.leadId));
    expect(lead.status).toBe("DISBURSED");
    expect(lead.loanNo).toMatch(/^SOT/);
    const [row] = await t.services.db.select().from(payouts).where(eq(payouts.loanId, p.leadId));
    expect(row).toMatchObject({ status: "SUCCESS", utr: "UTR424242" });
    const again = await deliver(body, payoutSignature(SECRET, body));
    expect((await again.json()).Data).toEqual({ received: true, applied: false });
  });
});
