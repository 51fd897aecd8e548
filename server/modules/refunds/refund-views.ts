// What the refunds screen and the customer's Loan Details read: the excess held per loan with its
// 7-working-day deadline (decision 37), and the refunds in the desk's and the customer's words.
// Personal data stays masked: loan numbers and an account's last four digits only.
import { and, count, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { customerRefundStatus, refundDeadline, type ExcessHeldRow, type RefundRow, type RefundStatus } from "../../../core/admin/refund-desk.ts";
import { formatPaise } from "../../../core/money.ts";
import { PAYMENT_GATEWAY_TITLES } from "../../../core/payment-gateways.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, leads, ledgerPostings, payments, refunds } from "../../db/schema/index.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { GATEWAY_REFUNDS } from "./refund-providers.ts";

const PAGE_SIZE = 25;
const GATEWAY_NAMES: Record<string, string> = PAYMENT_GATEWAY_TITLES;
const LIVE: RefundStatus[] = ["REQUESTED", "APPROVED", "SENT", "UNKNOWN"];
type Row = typeof refunds.$inferSelect;

const destination = (r: Pick<Row, "route" | "gateway" | "accountLast4">) =>
  r.route === "gateway" ? `to the original ${GATEWAY_NAMES[r.gateway ?? ""] ?? ""} payment` : `to the bank account ending ${r.accountLast4}`;

export function createRefundViews(deps: { db: Db; ledger: LedgerService; now: () => Date }) {
  const { db, ledger, now } = deps;

  const view = (r: Row & { loanNo: string | null }): RefundRow => ({
    id: r.id,
    loanNo: r.loanNo ?? "",
    amountPaise: Number(r.amountPaise),
    route: r.route,
    destination: destination(r),
    status: r.status,
    attempt: r.attempt,
    failureReason: r.failureReason,
    rejectReason: r.rejectReason,
    requestedByEmail: r.requestedByEmail,
    requestedAt: r.requestedAt.toISOString(),
    approvedByEmail: r.approvedByEmail,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    processedAt: r.processedAt?.toISOString() ?? null,
  });

  const withLoanNo = () => db.select({ r: refunds, loanNo: leads.loanNo }).from(refunds).innerJoin(leads, eq(leads.id, refunds.leadId));

  return {
    async row(id: string): Promise<RefundRow> {
      const [found] = await withLoanNo().where(eq(refunds.id, id));
      return view({ ...found!.r, loanNo: found!.loanNo });
    },

    async waiting(): Promise<RefundRow[]> {
      const rows = await withLoanNo().where(eq(refunds.status, "REQUESTED")).orderBy(refunds.requestedAt);
      return rows.map((x) => view({ ...x.r, loanNo: x.loanNo }));
    },

    async page(query: { page?: number } = {}) {
      const p = Math.max(1, Math.floor(Number(query?.page) || 1));
      const past = ne(refunds.status, "REQUESTED");
      const rows = await withLoanNo()
        .where(past)
        .orderBy(desc(refunds.requestedAt))
        .limit(PAGE_SIZE)
        .offset((p - 1) * PAGE_SIZE);
      const [total] = await db.select({ n: count() }).from(refunds).where(past);
      return { rows: rows.map((x) => view({ ...x.r, loanNo: x.loanNo })), total: Number(total?.n ?? 0), page: p, pageSize: PAGE_SIZE };
    },

    /** Loans whose customer_excess balance is above zero, the oldest excess first. */
    async excessHeld(): Promise<ExcessHeldRow[]> {
      const held = await db
        .select({
          leadId: ledgerPostings.loanId,
          held: sql<string>`sum(case when ${ledgerPostings.side} = 'credit' then ${ledgerPostings.amount} else -${ledgerPostings.amount} end)`,
        })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.account, "customer_excess"))
        .groupBy(ledgerPostings.loanId)
        .having(gt(sql`sum(case when ${ledgerPostings.side} = 'credit' then ${ledgerPostings.amount} else -${ledgerPostings.amount} end)`, 0));
      const ids = held.map((h) => h.leadId!).filter(Boolean);
      if (!ids.length) return [];
      const [loanRows, due, accounts, live] = await Promise.all([
        db.select({ id: leads.id, loanNo: leads.loanNo }).from(leads).where(inArray(leads.id, ids)),
        db
          .select({ leadId: payments.leadId, gateway: payments.gateway, amount: payments.amountPaise, on: payments.receivedOn })
          .from(payments)
          .where(and(inArray(payments.leadId, ids), eq(payments.refundStatus, "due")))
          .orderBy(payments.createdAt),
        db
          .select({ leadId: leads.id, accountLead: bankAccounts.leadId, last4: bankAccounts.accountLast4, verifiedAt: bankAccounts.verifiedAt })
          .from(leads)
          .innerJoin(bankAccounts, and(eq(bankAccounts.profileId, leads.profileId), eq(bankAccounts.verificationStatus, "VERIFIED")))
          .where(inArray(leads.id, ids))
          .orderBy(desc(bankAccounts.verifiedAt)),
        db
          .select({ leadId: refunds.leadId, status: refunds.status })
          .from(refunds)
          .where(and(inArray(refunds.leadId, ids), inArray(refunds.status, LIVE))),
      ]);
      const today = todayInIndia(now());
      const rows = held.map((h): ExcessHeldRow => {
        const leadId = h.leadId!;
        const mine = due.filter((d) => d.leadId === leadId);
        const arose = (mine[0]?.on ?? today) as IsoDate;
        const deadline = refundDeadline(arose);
        const gatewayPay = [...mine].reverse().find((d) => GATEWAY_REFUNDS.includes(d.gateway));
        // As the request picks it: the loan's own verified account, else the customer's latest.
        const account = accounts.find((a) => a.leadId === leadId && a.accountLead === leadId) ?? accounts.find((a) => a.leadId === leadId);
        return {
          leadId,
          loanNo: loanRows.find((l) => l.id === leadId)?.loanNo ?? "",
          heldPaise: Number(h.held),
          arose,
          deadline,
          late: today > deadline,
          gatewayPayment: gatewayPay ? `${GATEWAY_NAMES[gatewayPay.gateway]} payment of ${formatPaise(Number(gatewayPay.amount), { decimals: 2 })}` : null,
          bankAccount: account ? `ending ${account.last4}` : null,
          liveRefundStatus: live.find((l) => l.leadId === leadId)?.status ?? null,
        };
      });
      return rows.sort((a, b) => (a.arose < b.arose ? -1 : a.arose > b.arose ? 1 : 0));
    },

    /** The owner's loan (checked by the caller): excess held now, and each refund in plain words. */
    async customerView(leadId: string) {
      const balances = await ledger.balances(leadId);
      const rows = await db.select().from(refunds).where(eq(refunds.leadId, leadId)).orderBy(desc(refunds.requestedAt));
      return {
        excessHeldPaise: Math.max(0, balances.customer_excess),
        refunds: rows
          .filter((r): r is Row & { status: Exclude<RefundStatus, "REJECTED"> } => r.status !== "REJECTED")
          .map((r) => ({
            amountPaise: Number(r.amountPaise),
            to: r.route === "gateway" ? "to your original payment" : `to your bank account ending ${r.accountLast4}`,
            status: customerRefundStatus(r.status),
            requestedOn: todayInIndia(r.requestedAt),
            refundedOn: r.processedAt ? todayInIndia(r.processedAt) : null,
          })),
      };
    },
  };
}
