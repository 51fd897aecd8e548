// Issue 32: what a servicing request (update) and a cancel share: the transaction's order as it stands (its signed
// agreement, the loan's account, the order and its offer), and the answer asking for a payment: the order with the
// payment first and our Pay Now address, and the request recorded with the callback so the repayment that follows
// is reported once (servicing-reports.ts). The figures are the payments module's (docs/decisions/providers.md).
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import type { Dues } from "../../../core/loan-math/dues.ts";
import { loanAccounts, ondcFormSubmissions, ondcServicingRequests } from "../../db/schema/index.ts";
import type { LoanLead, LoansService } from "../loans/loans.service.ts";
import type { OndcContext } from "./envelope.ts";
import { rupees } from "./offer.ts";
import { orderParts, type OrderReportDeps } from "./order-terms.ts";
import { loanOrder } from "./order-updates.ts";
import type { PreparedAnswer } from "./select.ts";
import { servicingOrder, type ServicingDues, type ServicingLabel } from "./servicing-order.ts";

/** What the servicing answers read beyond an order's parts: the loan as the loans module holds it, and its dues today. */
export interface ServicingDeps {
  loans: Pick<LoansService, "byId">;
  payments: { duesToday: (lead: LoanLead) => Promise<Dues> };
}

/** Our Pay Now page with the amount filled in. */
export const payNowUrl = (publicOrigin: string, amountPaise: number) => `${publicOrigin}/repayloan?amount=${rupees(amountPaise)}`;

export const servicingDuesOf = (d: Dues): ServicingDues => ({
  principalOutstanding: d.principalOutstanding,
  // What closing today charges beyond the principal and penal: the interest owed, with a day-0 payment's one day.
  interestOutstanding: d.closeToday - d.principalOutstanding - d.penalOutstanding,
  penalOutstanding: d.penalOutstanding,
  postDueInterest: d.postDueInterestToDate,
});

export function servicingRequests(deps: OrderReportDeps & ServicingDeps) {
  const { db, lender, kfsPages } = deps;
  const orderOf = loanOrder(deps);

  return {
    /** The transaction's order as it stands, when its agreement is signed and `orderId` is its id; else null. */
    async orderOfTransaction(transactionId: string, orderId: unknown) {
      const [f06] = await db
        .select()
        .from(ondcFormSubmissions)
        .where(and(eq(ondcFormSubmissions.transactionId, transactionId), eq(ondcFormSubmissions.formId, "F06"), eq(ondcFormSubmissions.outcome, "eligible")))
        .orderBy(desc(ondcFormSubmissions.createdAt))
        .limit(1);
      const [account] = f06?.leadId ? await db.select().from(loanAccounts).where(eq(loanAccounts.leadId, f06.leadId)) : [];
      const order = f06 && account ? await orderOf(f06, account.status) : null;
      const parts = f06 ? await orderParts(db, kfsPages, f06) : null;
      if (!f06?.leadId || !account || !order || !parts || order.id !== orderId) return null;
      return { leadId: f06.leadId, account, order, parts };
    },

    /** The open loan (paid out, not closed) and its dues today; null when it is not open. */
    async openLoan(leadId: string, status: string) {
      const lead = status === "DISBURSED" ? await deps.loans.byId(leadId) : null;
      return lead ? { lead, dues: await deps.payments.duesToday(lead) } : null;
    },

    /** The order asking for a payment, and how its request is recorded with the callback that carries it. */
    askPayment(input: {
      context: OndcContext;
      at: Date;
      found: { order: Parameters<typeof servicingOrder>[0]; parts: { kfs: Parameters<typeof servicingOrder>[1]["kfs"] } };
      lead: LoanLead;
      dues: Dues;
      label: ServicingLabel;
      amountPaise: number;
    }): { order: ReturnType<typeof servicingOrder>; record: NonNullable<PreparedAnswer["record"]> } {
      const { context, at, label, amountPaise } = input;
      const requestId = randomUUID();
      const figures = servicingDuesOf(input.dues);
      const order = servicingOrder(input.found.order, {
        kfs: input.found.parts.kfs,
        label,
        requestId,
        amountPaise,
        dues: figures,
        on: todayInIndia(at),
        payUrl: payNowUrl(lender.publicOrigin, amountPaise),
        closed: false,
      });
      return {
        order,
        record: async (tx) => {
          await tx.insert(ondcServicingRequests).values({
            id: requestId,
            transactionId: context.transaction_id,
            messageId: context.message_id,
            leadId: input.lead.id,
            label,
            amountPaise,
            principalOutstandingPaise: figures.principalOutstanding,
            interestOutstandingPaise: figures.interestOutstanding,
            penalOutstandingPaise: figures.penalOutstanding,
            postDueInterestPaise: figures.postDueInterest,
            createdAt: at,
          });
        },
      };
    },
  };
}
