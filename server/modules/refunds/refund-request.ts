// A refund asked for (decision 37): by collections or accounts, of the excess held for a loan or part
// of it, never more than its customer_excess balance (read under the loan's lock), to the original
// gateway payment or the verified bank account.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { RefundRequestInput, RefundRow } from "../../../core/admin/refund-desk.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, leads, loanAccounts, payments, refunds } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { rupeesTextToPaise } from "../payments/bank-transfers.service.ts";
import { GATEWAY_REFUNDS } from "./refund-providers.ts";
import { aboveExcessMessage, REFUND_MESSAGES } from "./refund-messages.ts";
import { LIVE, type Row, type Tx } from "./refund-outcomes.ts";

type StaffWithEmail = StaffActor & { email?: string };

export function createRefundRequest(deps: {
  db: Db;
  audit: AuditRecorder;
  now: () => Date;
  heldFor: (tx: Tx, leadId: string) => Promise<number>;
  rowById: (id: string) => Promise<RefundRow>;
}) {
  const { db, audit, now, heldFor, rowById } = deps;

  /** The loan's own verified account, else the customer's most recently verified one (decision 26: verified only). */
  async function verifiedAccountOf(tx: Tx, leadId: string, profileId: string) {
    const cols = { id: bankAccounts.id, last4: bankAccounts.accountLast4 };
    const [own] = await tx
      .select(cols)
      .from(bankAccounts)
      .where(and(eq(bankAccounts.leadId, leadId), eq(bankAccounts.verificationStatus, "VERIFIED")));
    if (own) return own;
    const [latest] = await tx
      .select(cols)
      .from(bankAccounts)
      .where(and(eq(bankAccounts.profileId, profileId), eq(bankAccounts.verificationStatus, "VERIFIED")))
      .orderBy(desc(bankAccounts.verifiedAt), desc(bankAccounts.createdAt))
      .limit(1);
    return latest ?? null;
  }

  return {
    /** Collections (who speaks with the customer) or accounts asks; the whole excess or part of it. */
    async request(staff: StaffWithEmail | null, input: RefundRequestInput): Promise<RefundRow> {
      const who = requireStaffRole(staff, "accounts", "collections");
      const leadId = String(input?.leadId ?? "");
      if (!isUuid(leadId)) throw new NotFound(REFUND_MESSAGES.noLoan);
      const route = input?.route;
      if (route !== "gateway" && route !== "bank") throw new InvalidInput(REFUND_MESSAGES.route, { route: REFUND_MESSAGES.route });
      const amount = rupeesTextToPaise(String(input?.amountRupees ?? ""));
      if (amount === null) throw new InvalidInput(REFUND_MESSAGES.amount, { amountRupees: REFUND_MESSAGES.amount });
      const at = now();
      const id = await db.transaction(async (tx) => {
        // The loan's row lock: postings of money received for it wait, so the balance read holds.
        const [lead] = await tx
          .select({ id: leads.id, loanNo: loanAccounts.loanNo, profileId: leads.profileId })
          .from(leads)
          .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
          .where(eq(leads.id, leadId.toLowerCase()))
          .for("update");
        if (!lead?.loanNo) throw new NotFound(REFUND_MESSAGES.noLoan);
        const [live] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.leadId, lead.id), inArray(refunds.status, [...LIVE])));
        if (live) throw new Refused(REFUND_MESSAGES.inFlight);
        const held = await heldFor(tx, lead.id);
        if (held <= 0) throw new Refused(REFUND_MESSAGES.nothingHeld);
        if (amount > held) throw new InvalidInput(aboveExcessMessage(held), { amountRupees: aboveExcessMessage(held) });
        let target: Pick<Row, "paymentId" | "gateway" | "bankAccountId" | "accountLast4">;
        if (route === "gateway") {
          const [p] = await tx
            .select({ id: payments.id, gateway: payments.gateway, amount: payments.amountPaise })
            .from(payments)
            .where(and(eq(payments.leadId, lead.id), eq(payments.refundStatus, "due"), inArray(payments.gateway, [...GATEWAY_REFUNDS] as "razorpay"[])))
            .orderBy(desc(payments.createdAt))
            .limit(1);
          if (!p) throw new Refused(REFUND_MESSAGES.noGatewayPayment);
          if (amount > Number(p.amount)) throw new InvalidInput(REFUND_MESSAGES.aboveGatewayPayment, { amountRupees: REFUND_MESSAGES.aboveGatewayPayment });
          target = { paymentId: p.id, gateway: p.gateway as Row["gateway"], bankAccountId: null, accountLast4: null };
        } else {
          const account = await verifiedAccountOf(tx, lead.id, lead.profileId);
          if (!account) throw new Refused(REFUND_MESSAGES.notVerified);
          target = { paymentId: null, gateway: null, bankAccountId: account.id, accountLast4: account.last4 };
        }
        const [row] = await tx
          .insert(refunds)
          .values({ leadId: lead.id, amountPaise: amount, route, ...target, requestedBy: who.staffId, requestedByEmail: who.email ?? null, requestedAt: at })
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "refund.request",
          target: { kind: "refund", id: row!.id },
          after: { loanId: lead.id, amountPaise: amount, route, heldPaise: held },
        });
        return row!.id;
      });
      return rowById(id);
    },
  };
}
