// Disbursal (decisions 26, 27, 32): a sanctioned lead is paid out once, to its verified account,
// through the payout port; the provider's signed webhook makes it a loan (loan_no, ledger entry,
// DISBURSED, SMS). A failed payout leaves the lead SANCTIONED with the reason, and may be retried.
import { isUuid } from "../../../core/validation/primitives.ts";
import { and, count, eq, sql } from "drizzle-orm";
import { daysBetween, todayInIndia } from "../../../core/calendar.ts";
import { formatLoanNo, isKfsExpired } from "../../../core/credit.ts";
import { formatKfsDate } from "../../../core/kfs.ts";
import { formatINR, rupeesToPaise } from "../../../core/loan-math/index.ts";
import { PRODUCT } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, loanQuotes, payouts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PayoutPort, PayoutResult } from "../../providers/payout/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { decrypt } from "../../security/crypto.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { Malformed, NotFound, ProviderFailed, Refused } from "../domain-errors.ts";
import { disbursalEntry, type LedgerService } from "../ledger/ledger.service.ts";

export const DISBURSAL_MESSAGES = {
  notSanctioned: "This loan is not waiting for payout.",
  fourEyes: "You sanctioned this loan; another person must pay it out.",
  notVerified: "The customer's bank account is not verified. It must pass a penny drop before payout.",
  kfsExpired: "The Key Fact Statement is older than 3 working days. The customer must accept a fresh quote first.",
  providerDown: "The payout provider did not accept the payout. Please try again.",
} as const;

export type DisbursalOutcome = { loanId: string; payoutId: string; status: "PENDING" | "SUCCESS" | "FAILED"; attempt: number; alreadyRequested: boolean };

export function createDisbursalService(deps: {
  db: Db;
  payout: PayoutPort;
  ledger: LedgerService;
  sms: SmsNoticePort;
  audit: AuditRecorder;
  encryptionKey: string;
  /** Penny-drops a SKIPPED account before its first payout (the banking module owns accounts). */
  verifyAccount: (leadId: string) => Promise<void>;
  now: () => Date;
  logger: Logger;
}) {
  const { db, payout, ledger, sms, audit, encryptionKey, verifyAccount, now, logger } = deps;

  /** Applies a payout's final outcome once; a repeated or late event changes nothing. */
  async function settle(event: PayoutResult): Promise<{ applied: boolean }> {
    if (event.status === "PENDING" || !isUuid(event.loanId)) return { applied: false };
    const done = await db.transaction(async (tx) => {
      // One live payout per loan: the event's loan id finds it even before its provider reference was stored.
      const [row] = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.loanId, event.loanId.toLowerCase()), eq(payouts.status, "PENDING")))
        .for("update");
      if (!row || (row.providerReference && row.providerReference !== event.providerReference)) return null;
      const at = now();
      if (event.status === "FAILED") {
        await tx
          .update(payouts)
          .set({ status: "FAILED", failureReason: event.failureReason ?? "Payout failed.", providerReference: event.providerReference, settledAt: at })
          .where(eq(payouts.id, row.id));
        await audit.record(tx, {
          actor: null,
          action: "payout.failed",
          target: { kind: "loan", id: row.loanId },
          before: { status: "PENDING" },
          after: { status: "FAILED", attempt: row.attempt, reason: event.failureReason },
        });
        return { kind: "failed" as const };
      }
      const [lead] = await tx.select().from(leads).where(eq(leads.id, row.loanId)).for("update");
      if (!lead || lead.status !== "SANCTIONED") return null;
      const today = todayInIndia(at);
      const seqResult = (await tx.execute(sql`SELECT nextval('loan_no_seq')::int AS seq`)) as unknown as { rows: { seq: number }[] };
      const seq = seqResult.rows[0].seq;
      const loanNo = formatLoanNo(today, Number(seq));
      // Interest runs from the disbursal date to the agreed repayment date, never more than the KFS figure (decision 26).
      const principal = lead.loanRecommended!;
      const days = Math.max(1, daysBetween(today, lead.repaymentDate!));
      const kfsTotal = Number(lead.repaymentAmount);
      const totalDue = Math.min(kfsTotal, principal + (principal * PRODUCT.singleLoan.interestPercentPerDay * days) / 100);
      await tx
        .update(leads)
        .set({ status: "DISBURSED", loanNo, disbursalDate: today, totalDue, repaymentAmount: totalDue, statusChangedAt: at, updatedAt: at })
        .where(eq(leads.id, lead.id));
      await ledger.post(
        tx,
        disbursalEntry({
          loanId: lead.id,
          principalRupees: principal,
          tenureDays: lead.tenureDays!,
          disbursedOn: today,
          occurredAt: at,
          payoutReference: event.utr ?? event.providerReference,
        }),
      );
      await tx
        .update(payouts)
        .set({ status: "SUCCESS", utr: event.utr, providerReference: event.providerReference, settledAt: at })
        .where(eq(payouts.id, row.id));
      await audit.record(tx, {
        actor: null,
        action: "loan.disbursed",
        target: { kind: "loan", id: lead.id },
        before: { status: "SANCTIONED" },
        after: { status: "DISBURSED", loanNo, utr: event.utr, attempt: row.attempt },
      });
      const [profile] = await tx.select({ mobile: customerProfiles.mobile }).from(customerProfiles).where(eq(customerProfiles.id, lead.profileId));
      return {
        kind: "paid" as const,
        mobile: profile?.mobile ?? null,
        loanNo,
        net: Number(row.amountPaise) / 100,
        totalDue,
        repaymentDate: lead.repaymentDate!,
      };
    });
    if (done?.kind === "paid" && done.mobile) {
      const vars = {
        amount: formatINR(done.net),
        loan_no: done.loanNo,
        total_due: formatINR(totalText(done.totalDue)),
        repayment_date: formatKfsDate(done.repaymentDate),
      };
      await sms
        .sendNotice({ mobile: done.mobile, notice: { kind: "loan_disbursed", vars } })
        .catch(() => logger.warn("disbursal SMS failed", { loanNo: done.loanNo }));
    }
    return { applied: done !== null };
  }

  const totalText = (rupees: number) => Math.round(rupees * 100) / 100;

  const desk = {
    /**
     * Pays out a sanctioned loan (role disbursal, never its sanctioner). Exactly once: the lead row lock
     * and the one-live-payout index make two presses or a repeated request one payout.
     */
    async disburse(staff: StaffActor | null, input: { leadId: string }): Promise<DisbursalOutcome> {
      const who = requireStaffRole(staff, "disbursal");
      if (!isUuid(input.leadId)) throw new NotFound("No such loan.");
      const leadId = input.leadId.toLowerCase();
      // Decision 26: money goes only to a verified account, so a skipped one is penny-dropped first,
      // and only for a loan this person may pay out (checked again under the lock below).
      const [current] = await db.select({ status: leads.status, sanctionedBy: leads.sanctionedBy }).from(leads).where(eq(leads.id, leadId));
      if (current?.status === "SANCTIONED" && current.sanctionedBy !== who.staffId) await verifyAccount(leadId);
      const prepared = await db.transaction(async (tx) => {
        const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
        if (!lead) throw new NotFound("No such loan.");
        const [live] = await tx
          .select()
          .from(payouts)
          .where(and(eq(payouts.loanId, leadId), sql`${payouts.status} IN ('PENDING', 'SUCCESS')`));
        if (live) return { existing: live };
        if (lead.status !== "SANCTIONED") throw new Refused(DISBURSAL_MESSAGES.notSanctioned);
        if (lead.sanctionedBy === who.staffId) throw new Refused(DISBURSAL_MESSAGES.fourEyes);
        const [quote] = await tx.select().from(loanQuotes).where(eq(loanQuotes.leadId, leadId));
        if (!quote || isKfsExpired(quote.issuedOn, todayInIndia(now()))) throw new Refused(DISBURSAL_MESSAGES.kfsExpired);
        const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.leadId, leadId));
        // Verified above; checked again under the lock.
        if (!account || account.verificationStatus !== "VERIFIED") throw new Refused(DISBURSAL_MESSAGES.notVerified);
        const [{ n }] = await tx.select({ n: count() }).from(payouts).where(eq(payouts.loanId, leadId));
        const attempt = Number(n) + 1;
        const [row] = await tx
          .insert(payouts)
          .values({
            loanId: leadId,
            attempt,
            idempotencyKey: attempt === 1 ? leadId : `${leadId}:${attempt}`,
            provider: payout.provider,
            amountPaise: rupeesToPaise(quote.netDisbursal),
            status: "PENDING",
            requestedBy: who.staffId,
            createdAt: now(),
          })
          .returning();
        await audit.record(tx, {
          actor: who,
          action: attempt === 1 ? "loan.disburse" : "payout.retry",
          target: { kind: "loan", id: leadId },
          before: { status: lead.status },
          after: { payout: "PENDING", attempt, amountPaise: row.amountPaise },
        });
        return {
          created: row,
          account: { number: decrypt(encryptionKey, account.accountNumberEnc), ifsc: account.ifsc, holderName: account.nameAtBank ?? account.accountName },
        };
      });
      if ("existing" in prepared && prepared.existing) {
        const p = prepared.existing;
        return { loanId: leadId, payoutId: p.id, status: p.status, attempt: p.attempt, alreadyRequested: true };
      }
      const { created, account } = prepared as Exclude<typeof prepared, { existing: unknown }>;
      let result: PayoutResult;
      try {
        result = await payout.create({
          idempotencyKey: created.idempotencyKey,
          loanId: leadId,
          amountPaise: Number(created.amountPaise),
          account,
          narration: "SalaryOnTime loan disbursal",
        });
      } catch (error) {
        logger.warn("payout not accepted", { loanId: leadId, err: (error as Error).message });
        await settle({ providerReference: "", loanId: leadId, status: "FAILED", utr: null, failureReason: DISBURSAL_MESSAGES.providerDown });
        throw new ProviderFailed(DISBURSAL_MESSAGES.providerDown);
      }
      await db
        .update(payouts)
        .set({ providerReference: result.providerReference })
        .where(and(eq(payouts.id, created.id), sql`${payouts.providerReference} IS NULL`));
      if (result.status !== "PENDING") await settle(result);
      const [latest] = await db.select().from(payouts).where(eq(payouts.id, created.id));
      return {
        loanId: leadId,
        payoutId: created.id,
        status: latest.status,
        attempt: created.attempt,
        alreadyRequested: false,
        ...{ providerReference: result.providerReference },
      };
    },

    /** Payout attempts of a loan, newest last (the disbursal screen shows the reason of a failure). */
    async payouts(staff: StaffActor | null, input: { leadId: string }) {
      requireStaffRole(staff, "disbursal", "credit_head", "auditor", "accounts");
      if (!isUuid(input.leadId)) throw new NotFound("No such loan.");
      const rows = await db.select().from(payouts).where(eq(payouts.loanId, input.leadId.toLowerCase())).orderBy(payouts.attempt);
      return rows.map((r) => ({
        id: r.id,
        attempt: r.attempt,
        status: r.status,
        amountPaise: Number(r.amountPaise),
        utr: r.utr,
        failureReason: r.failureReason,
        requestedBy: r.requestedBy,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };

  return {
    desk,
    /** The provider's webhook (sandbox in-process, or POST /Api/payout/webhook): verified over the raw body. */
    async handleWebhook(delivery: { rawBody: string; headers: Record<string, string> }) {
      let event: PayoutResult | null;
      try {
        event = payout.parseWebhook(delivery);
      } catch {
        throw new Malformed("The payout notification could not be verified.");
      }
      if (!event) return { applied: false };
      return settle(event);
    },
    /** Asks the provider about a payout still pending (a missed webhook). */
    async refresh(providerReference: string) {
      return settle(await payout.status(providerReference));
    },
  };
}

export type DisbursalService = ReturnType<typeof createDisbursalService>;
