// Disbursal (decisions 26, 27, 32, 35, 36): a sanctioned lead is paid out once, to its verified account,
// through the payout port; the provider's signed webhook makes it a loan (payout-settlement.ts). A call
// that fails or times out leaves the attempt UNKNOWN: the provider is asked (by our idempotency key)
// before anything else, and a retry reuses the key until the provider confirms a failure.
import { and, count, eq, inArray, lt, or, sql } from "drizzle-orm";
import { PAYOUT_DESK_TEXT } from "../../../core/admin/payout-desk.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { isKfsExpired } from "../../../core/credit.ts";
import { customerLanguage } from "../../../core/i18n/index.ts";
import { kfsAtDisbursal } from "../../../core/kfs-at-disbursal.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, loanAccounts, loanQuotes, payouts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { PayoutPort, PayoutResult } from "../../providers/payout/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { decrypt } from "../../security/crypto.ts";
import { requireSanctionable, requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { Malformed, NotFound, Refused } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { returnForRequote } from "./loan-status.ts";
import { termsOf } from "./loans.service.ts";
import { createPayoutSettlement } from "./payout-settlement.ts";
import { selectLeads } from "./loan-account.service.ts";

const REQUOTE_TAIL = "The payout was not sent. The customer has been asked by SMS to accept a fresh quote; the loan then comes back to credit for sanction.";

export const DISBURSAL_MESSAGES = {
  notSanctioned: "This loan is not waiting for payout.",
  fourEyes: "You sanctioned this loan; another person must pay it out.",
  notVerified: "The customer's bank account is not verified. It must pass a penny drop before payout.",
  kfsExpired: "The Key Fact Statement is older than 3 working days. The customer must accept a fresh quote first.",
  /** `minimumDays`: the shortest tenure the product allowed at the loan's KFS (its terms row). */
  tenureTooShort: (minimumDays: number) =>
    `The repayment date is now less than ${minimumDays} days away, so the loan would be shorter than the product allows. ${REQUOTE_TAIL}`,
  aprAboveKfs: `Paid out today, the loan would cost more per year (APR) than its Key Fact Statement says, because the repayment date is fixed and fewer days are left. ${REQUOTE_TAIL}`,
  unknown: PAYOUT_DESK_TEXT.unknown,
  stillUnknown: "The payout provider still cannot be reached. The payout stays unknown and nothing was sent again. Please check again in a few minutes.",
  notAtProvider: "The payout provider has no record of this payout, so nothing was paid. Press Retry to send it again under the same key.",
  noneToCheck: "This loan has no payout waiting for the provider's answer.",
} as const;

export type DisbursalStatus = "PENDING" | "UNKNOWN" | "SUCCESS" | "FAILED" | "REVERSED";
export type DisbursalOutcome = { loanId: string; payoutId: string; status: DisbursalStatus; attempt: number; alreadyRequested: boolean };

type PayoutRow = typeof payouts.$inferSelect;
type Account = { number: string; ifsc: string; holderName: string };

export function createDisbursalService(deps: {
  db: Db;
  payout: PayoutPort;
  ledger: LedgerService;
  sms: SmsNoticePort;
  email: EmailPort;
  publicOrigin: string;
  audit: AuditRecorder;
  encryptionKey: string;
  /** Penny-drops a SKIPPED account before its first payout (the banking module owns accounts). */
  verifyAccount: (leadId: string) => Promise<void>;
  now: () => Date;
  logger: Logger;
}) {
  const { db, payout, ledger, sms, audit, encryptionKey, verifyAccount, now, logger } = deps;
  const { settle } = createPayoutSettlement({ db, ledger, sms, email: deps.email, publicOrigin: deps.publicOrigin, audit, now, logger });

  const outcome = (row: PayoutRow, status: DisbursalStatus, alreadyRequested: boolean): DisbursalOutcome => ({
    loanId: row.loanId,
    payoutId: row.id,
    status,
    attempt: row.attempt,
    alreadyRequested,
  });

  async function latest(id: string): Promise<PayoutRow> {
    const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
    return row;
  }

  /** The verified account, read under no lock (the attempt row already exists). */
  async function accountOf(leadId: string): Promise<Account> {
    const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.leadId, leadId));
    if (!account || account.verificationStatus !== "VERIFIED") throw new Refused(DISBURSAL_MESSAGES.notVerified);
    return { number: decrypt(encryptionKey, account.accountNumberEnc), ifsc: account.ifsc, holderName: account.nameAtBank ?? account.accountName };
  }

  /** Sends an attempt under its key. No answer is UNKNOWN, never FAILED: the provider may have it. */
  async function send(row: PayoutRow, account: Account): Promise<DisbursalStatus> {
    let result: PayoutResult;
    try {
      result = await payout.create({
        idempotencyKey: row.idempotencyKey,
        loanId: row.loanId,
        amountPaise: Number(row.amountPaise),
        account,
        narration: "SalaryOnTime loan disbursal",
      });
    } catch (error) {
      logger.warn("payout call not answered; marked unknown", { loanId: row.loanId, err: (error as Error).name });
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(payouts)
          .set({ status: "UNKNOWN" })
          .where(and(eq(payouts.id, row.id), eq(payouts.status, "PENDING")))
          .returning({ id: payouts.id });
        if (moved.length)
          await audit.record(tx, {
            actor: null,
            action: "payout.unknown",
            target: { kind: "loan", id: row.loanId },
            before: { status: "PENDING" },
            after: { status: "UNKNOWN", attempt: row.attempt },
          });
      });
      return (await latest(row.id)).status;
    }
    await db
      .update(payouts)
      .set({ providerReference: result.providerReference })
      .where(and(eq(payouts.id, row.id), sql`${payouts.providerReference} IS NULL`));
    if (result.status !== "PENDING") await settle({ ...result, reference: row.idempotencyKey, loanId: row.loanId });
    return (await latest(row.id)).status;
  }

  /**
   * Asks the provider about an attempt by our key and applies its answer. `resend`: when the provider
   * has no such payout, send it again under the same key (the provider pays a key once).
   */
  async function ask(row: PayoutRow, resend: boolean): Promise<{ status: DisbursalStatus; found: boolean | null }> {
    let found: PayoutResult | null;
    try {
      found = await payout.statusByKey(row.idempotencyKey);
    } catch (error) {
      logger.warn("payout status not answered", { loanId: row.loanId, err: (error as Error).name });
      return { status: row.status, found: null };
    }
    if (found) {
      await settle({ ...found, reference: row.idempotencyKey, loanId: row.loanId });
      return { status: (await latest(row.id)).status, found: true };
    }
    if (!resend) return { status: row.status, found: false };
    await db
      .update(payouts)
      .set({ status: "PENDING" })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, "UNKNOWN")));
    return { status: await send(await latest(row.id), await accountOf(row.loanId)), found: false };
  }

  async function requote(
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    who: StaffActor,
    lead: typeof leads.$inferSelect,
    message: string,
    facts: object,
  ) {
    await returnForRequote(tx, lead, now(), who.staffId);
    await audit.record(tx, {
      actor: who,
      action: "lead.requote",
      target: { kind: "lead", id: lead.id },
      before: { status: "SANCTIONED" },
      after: { status: "SUBMITTED", requote: true, ...facts },
      reason: message,
    });
    return { requote: message, profileId: lead.profileId };
  }
  const desk = {
    /**
     * Pays out a sanctioned loan (role disbursal, never its sanctioner). Exactly once: the lead row lock
     * and the one-live-payout index make two presses or a repeated request one payout; an UNKNOWN
     * attempt is asked about first and, if the provider has none, sent again under the same key.
     */
    async disburse(staff: StaffActor | null, input: { leadId: string }): Promise<DisbursalOutcome> {
      const who = requireStaffRole(staff, "disbursal");
      if (!isUuid(input.leadId)) throw new NotFound("No such loan.");
      const leadId = input.leadId.toLowerCase();
      const [current] = await db
        .select({ status: loanAccounts.status, sanctionedBy: leads.sanctionedBy })
        .from(leads)
        .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
        .where(eq(leads.id, leadId));
      if (!current) throw new NotFound("No such loan.");
      const [unknown] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.loanId, leadId), eq(payouts.status, "UNKNOWN")));
      if (unknown) {
        if (current.sanctionedBy === who.staffId) throw new Refused(DISBURSAL_MESSAGES.fourEyes);
        const asked = await ask(unknown, true);
        if (asked.found === null) throw new Refused(DISBURSAL_MESSAGES.stillUnknown);
        return outcome(unknown, asked.status, true);
      }
      // Decision 26: money goes only to a verified account, so a skipped one is penny-dropped first,
      // and only for a loan this person may pay out (checked again under the lock below).
      if (current.status === "SANCTIONED" && current.sanctionedBy !== who.staffId) await verifyAccount(leadId);
      const prepared = await db.transaction(async (tx) => {
        const [lead] = await selectLeads(tx).where(eq(leads.id, leadId)).for("update");
        if (!lead) throw new NotFound("No such loan.");
        const [live] = await tx
          .select()
          .from(payouts)
          .where(and(eq(payouts.loanId, leadId), inArray(payouts.status, ["PENDING", "UNKNOWN", "SUCCESS"])));
        if (live) return { existing: live };
        if (lead.status !== "SANCTIONED") throw new Refused(DISBURSAL_MESSAGES.notSanctioned);
        if (lead.sanctionedBy === who.staffId) throw new Refused(DISBURSAL_MESSAGES.fourEyes);
        // Issue 29: KYC and the policy's documents again (the account is penny-dropped above, checked below).
        await requireSanctionable(tx, lead, "pay out", { bankAccount: false });
        const [quote] = await tx.select().from(loanQuotes).where(eq(loanQuotes.leadId, leadId));
        const today = todayInIndia(now());
        if (!quote || isKfsExpired(quote.issuedOn, today)) throw new Refused(DISBURSAL_MESSAGES.kfsExpired);
        // Decision 35: the loan this payout makes must be the KFS's, else a fresh quote first.
        // Everything from the loan's own terms row (decision 34, issue 31), which its acceptance wrote
        // with the quote, the shortest tenure the product allowed then too.
        const terms = await termsOf(tx, leadId);
        if (!terms) throw new Refused(DISBURSAL_MESSAGES.kfsExpired);
        const check = kfsAtDisbursal(terms, today);
        if (!check.ok) {
          const facts = check.problem === "tenure" ? { tenureDays: check.tenureDays } : { tenureDays: check.tenureDays, apr: check.apr, kfsApr: check.kfsApr };
          return requote(
            tx,
            who,
            lead,
            check.problem === "tenure" ? DISBURSAL_MESSAGES.tenureTooShort(check.minimumDays) : DISBURSAL_MESSAGES.aprAboveKfs,
            facts,
          );
        }
        const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.leadId, leadId));
        // Verified above; checked again under the lock.
        if (!account || account.verificationStatus !== "VERIFIED") throw new Refused(DISBURSAL_MESSAGES.notVerified);
        const [{ n }] = await tx.select({ n: count() }).from(payouts).where(eq(payouts.loanId, leadId));
        // Only after the provider confirmed the last attempt failed (or was returned) is a new key used.
        const attempt = Number(n) + 1;
        const [row] = await tx
          .insert(payouts)
          .values({
            loanId: leadId,
            attempt,
            idempotencyKey: attempt === 1 ? leadId : `${leadId}:${attempt}`,
            provider: payout.provider,
            amountPaise: terms.netDisbursalPaise,
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
      if ("requote" in prepared) {
        const [profile] = await db
          .select({ mobile: customerProfiles.mobile, lang: customerProfiles.preferredLanguage })
          .from(customerProfiles)
          .where(eq(customerProfiles.id, prepared.profileId));
        if (profile?.mobile) await sms.sendNotice({ mobile: profile.mobile, notice: { kind: "requote", vars: {} }, lang: customerLanguage(profile.lang) });
        throw new Refused(prepared.requote);
      }
      if ("existing" in prepared && prepared.existing) return outcome(prepared.existing, prepared.existing.status, true);
      if (!("created" in prepared) || !prepared.created) throw new Refused(DISBURSAL_MESSAGES.notSanctioned);
      const status = await send(prepared.created, prepared.account);
      return outcome(prepared.created, status, false);
    },

    /** "Check with provider": asks about the loan's unanswered payout by its key; never sends anything. */
    async check(staff: StaffActor | null, input: { leadId: string }): Promise<DisbursalOutcome & { message: string }> {
      requireStaffRole(staff, "disbursal");
      if (!isUuid(input.leadId)) throw new NotFound("No such loan.");
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.loanId, input.leadId.toLowerCase()), inArray(payouts.status, ["UNKNOWN", "PENDING"])));
      if (!row) throw new Refused(DISBURSAL_MESSAGES.noneToCheck);
      const asked = await ask(row, false);
      if (asked.found === null) throw new Refused(DISBURSAL_MESSAGES.stillUnknown);
      const message = !asked.found
        ? DISBURSAL_MESSAGES.notAtProvider
        : asked.status === "SUCCESS"
          ? PAYOUT_DESK_TEXT.paid
          : asked.status === "PENDING"
            ? PAYOUT_DESK_TEXT.stillProcessing
            : asked.status === "FAILED"
              ? PAYOUT_DESK_TEXT.failed
              : `The payout is ${asked.status.toLowerCase()}.`;
      return { ...outcome(row, asked.status, true), message };
    },

    /** Payout attempts of a loan, newest last (the disbursal screen shows why one failed or came back). */
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
        reversalReason: r.reversalReason,
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
    /**
     * The job: asks the provider, by key, about every UNKNOWN attempt and every PENDING one older than
     * `olderThanMinutes` (a missed webhook). Never sends a payout; a resend is the desk's decision.
     */
    async checkOpenPayouts(olderThanMinutes = 10) {
      const before = new Date(now().getTime() - olderThanMinutes * 60_000);
      const rows = await db
        .select()
        .from(payouts)
        .where(or(eq(payouts.status, "UNKNOWN"), and(eq(payouts.status, "PENDING"), lt(payouts.createdAt, before))));
      let settled = 0;
      for (const row of rows) if ((await ask(row, false)).status !== row.status) settled += 1;
      return { checked: rows.length, settled };
    },
  };
}

export type DisbursalService = ReturnType<typeof createDisbursalService>;
