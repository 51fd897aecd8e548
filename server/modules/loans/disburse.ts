// Paying out a sanctioned loan (decisions 26, 32, 35): once, by the disbursal role and never its sanctioner,
// to the verified account, and only when the loan paid out today is still the KFS's; else the customer is
// asked for a fresh quote and the loan goes back to credit.
import { and, count, eq, inArray } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { isKfsExpired } from "../../../core/credit.ts";
import { customerLanguage } from "../../../core/i18n/index.ts";
import { kfsAtDisbursal } from "../../../core/kfs-at-disbursal.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, loanAccounts, loanQuotes, payouts } from "../../db/schema/index.ts";
import type { PayoutPort } from "../../providers/payout/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { decrypt } from "../../security/crypto.ts";
import { requireSanctionable, requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { NotFound, Refused } from "../domain-errors.ts";
import { DISBURSAL_MESSAGES } from "./disbursal-messages.ts";
import { returnForRequote } from "./loan-status.ts";
import { termsOf } from "./loans.service.ts";
import { selectLeads } from "./loan-account.service.ts";
import { disbursalOutcome as outcome, type DisbursalOutcome, type PayoutCalls } from "./payout-calls.ts";

export function createDisburse(deps: {
  db: Db;
  payout: PayoutPort;
  sms: SmsNoticePort;
  audit: AuditRecorder;
  encryptionKey: string;
  verifyAccount: (leadId: string) => Promise<void>;
  now: () => Date;
  calls: PayoutCalls;
}) {
  const { db, payout, sms, audit, encryptionKey, verifyAccount, now } = deps;
  const { send, ask } = deps.calls;

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

  return {
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
  };
}
