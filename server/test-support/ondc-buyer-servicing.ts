// Issue 32: what the sandbox buyer app's servicing tests do besides the walk: our back office sanctions and pays
// out the transaction's loan, the lender's callbacks job runs, the borrower pays on our checkout, and the buyer
// app's kept messages are read back (its latest update and answer, the lender's latest unsolicited on_update).
import { eq } from "drizzle-orm";
import { creditManagers, leads, ondcFormSubmissions, payouts } from "../db/schema/index.ts";
import { selectLeads } from "../modules/loans/loan-account.service.ts";
import type { BuyerAppMessage } from "../modules/dev/ondc-buyer-app/buyer-app.ts";
import { createSandboxPayout } from "../providers/payout/sandbox.ts";
import { sandboxPayoutDesks } from "./desks.ts";
import { phonepeOrders } from "./gateway-payments.ts";
import type { BuyerAppTestApp } from "./ondc-buyer-walk.ts";

export function servicingKit(app: () => BuyerAppTestApp) {
  /** Our back office decides and pays out the transaction's loan: a credit manager recommends, a credit head sanctions, the payout settles. */
  async function sanctionAndPayOut(transactionId: string) {
    const [f06] = (await app().services.db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.transactionId, transactionId))).filter(
      (s) => s.formId === "F06",
    );
    const leadId = f06.leadId!;
    const [lead] = await selectLeads(app().services.db).where(eq(leads.id, leadId));
    const [manager] = await app().services.db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
    const sandbox = createSandboxPayout({ failAccount: "666666666666" });
    const { credit, disbursal } = sandboxPayoutDesks(app().services, sandbox, { record: async () => undefined });
    const decision = { leadId, outcome: "SANCTION" as const, reasonCode: "POLICY_MET" };
    await credit.recommend({ staffId: "cm-ondc", role: "credit_manager", email: manager.email }, decision);
    await credit.decide({ staffId: "head-ondc", role: "credit_head" }, decision);
    const { payoutId } = await disbursal.desk.disburse({ staffId: "pay-ondc", role: "disbursal" }, { leadId });
    const [payout] = await app().services.db.select().from(payouts).where(eq(payouts.id, payoutId));
    await sandbox.settled(payout.providerReference!);
    const [paid] = await app().services.db.select().from(payouts).where(eq(payouts.id, payoutId));
    await reportAndDeliver();
    return { leadId, utr: paid.utr! };
  }

  /** The ONDC callbacks job's run (every minute in production), and the deliveries it starts. */
  async function reportAndDeliver() {
    await app().services.jobHandlers["ondc-callbacks"]();
    await app().services.ondcOutbox!.idle();
  }

  /** The borrower pays on our checkout (PhonePe's sandbox), a minute after opening the on_update's Pay Now address. */
  async function payOnCheckout(mobile: string, leadId: string, rupees: string) {
    app().clock.advance(60_000);
    const { token } = await app().signIn(mobile);
    const order = await phonepeOrders(app(), leadId, token)(rupees);
    await app().services.paymentGateways.sandbox!.phonepe.complete(order, "COMPLETED");
  }

  const kept = async (transactionId: string) => (await app().services.sandboxOndcBuyerApp!.transaction(transactionId))!.messages;
  const bodyOf = (m: BuyerAppMessage) =>
    JSON.parse(m.body) as { context: { message_id: string }; message?: { order: Record<string, any> }; error?: { code: string } };
  /** The buyer app's latest update and the lender's answer to it. */
  async function lastUpdate(transactionId: string) {
    const messages = await kept(transactionId);
    const update = bodyOf(messages.findLast((m) => m.direction === "out" && m.action === "update")!);
    const answer = bodyOf(messages.findLast((m) => m.action === "on_update" && bodyOf(m).context.message_id === update.context.message_id)!);
    return { messageId: update.context.message_id, answer };
  }
  /** The lender's latest unsolicited on_update (its own message id). */
  async function lastReport(transactionId: string) {
    const messages = await kept(transactionId);
    const asked = new Set(messages.filter((m) => m.direction === "out").map((m) => bodyOf(m).context.message_id));
    return bodyOf(messages.findLast((m) => m.direction === "in" && m.action === "on_update" && !asked.has(bodyOf(m).context.message_id))!);
  }
  return { sanctionAndPayOut, reportAndDeliver, payOnCheckout, kept, bodyOf, lastUpdate, lastReport };
}
