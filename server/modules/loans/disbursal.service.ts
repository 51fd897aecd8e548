// Disbursal (decisions 26, 27, 32, 35, 36): a sanctioned lead is paid out once, to its verified account,
// through the payout port; the provider's signed webhook makes it a loan (payout-settlement.ts). A call
// that fails or times out leaves the attempt UNKNOWN: the provider is asked (by our idempotency key)
// before anything else, and a retry reuses the key until the provider confirms a failure.
// Paying out is disburse.ts, the provider's calls by key payout-calls.ts and the desk's answers
// disbursal-messages.ts; this file assembles the desk and takes the provider's answers.
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { PayoutAttempt } from "../../../core/admin/credit-desk.ts";
import { PAYOUT_DESK_TEXT } from "../../../core/admin/payout-desk.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { payouts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { PayoutPort, PayoutResult } from "../../providers/payout/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { Malformed, NotFound, Refused } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { createDisburse } from "./disburse.ts";
import { DISBURSAL_MESSAGES } from "./disbursal-messages.ts";
import { createPayoutCalls, disbursalOutcome as outcome, type DisbursalOutcome, type DisbursalStatus } from "./payout-calls.ts";
import { createPayoutSettlement } from "./payout-settlement.ts";

export { DISBURSAL_MESSAGES };
export type { DisbursalOutcome, DisbursalStatus } from "./payout-calls.ts";

/** The roles that read payout attempts: the disbursal desk, the credit head, and the auditor and accounts for the books. */
const PAYOUT_READERS = ["disbursal", "credit_head", "auditor", "accounts"] as const;
/** A queue page is at most 100 loans. */
const MAX_LOANS_PER_READ = 100;

/** The desk's words for what the provider says of a payout it has. */
function providerSays(status: DisbursalStatus): string {
  if (status === "SUCCESS") return PAYOUT_DESK_TEXT.paid;
  if (status === "PENDING") return PAYOUT_DESK_TEXT.stillProcessing;
  if (status === "FAILED") return PAYOUT_DESK_TEXT.failed;
  return `The payout is ${status.toLowerCase()}.`;
}

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
  const calls = createPayoutCalls({ db, payout, audit, encryptionKey, settle, logger });
  const { ask } = calls;

  const desk = {
    ...createDisburse({ db, payout, sms, audit, encryptionKey, verifyAccount, now, calls }),

    /** "Check with provider": asks about the loan's unanswered payout by its key; never sends anything. */
    async check(staff: StaffActor | null, input: { leadId: string }): Promise<DisbursalOutcome & { message: string }> {
      requireStaffRole(staff, "disbursal");
      if (!isUuid(input.leadId)) throw new NotFound("No such loan.");
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.loanId, input.leadId.toLowerCase()), inArray(payouts.status, ["UNKNOWN", "PENDING"])));
      if (!row) return alreadyAnswered(input.leadId.toLowerCase());
      const asked = await ask(row, false);
      if (asked.found === null) throw new Refused(DISBURSAL_MESSAGES.stillUnknown);
      const message = asked.found ? providerSays(asked.status) : DISBURSAL_MESSAGES.notAtProvider;
      return { ...outcome(row, asked.status, true), message };
    },

    /** Payout attempts of a loan, newest last (the disbursal screen shows why one failed or came back). */
    async payouts(staff: StaffActor | null, input: { leadId: string }) {
      requireStaffRole(staff, ...PAYOUT_READERS);
      if (!isUuid(input.leadId)) throw new NotFound("No such loan.");
      const leadId = input.leadId.toLowerCase();
      return (await attemptsByLoan([leadId]))[leadId]!;
    },

    /** payouts() for each loan of a queue page, in one query (the disbursal screen lists a page of loans). */
    async payoutsOfLoans(staff: StaffActor | null, input: { leadIds: string[] }) {
      requireStaffRole(staff, ...PAYOUT_READERS);
      if (input.leadIds.length > MAX_LOANS_PER_READ) throw new Malformed(`At most ${MAX_LOANS_PER_READ} loans at a time.`);
      if (!input.leadIds.every(isUuid)) throw new NotFound("No such loan.");
      return attemptsByLoan([...new Set(input.leadIds.map((id) => id.toLowerCase()))]);
    },
  };

  /**
   * Check pressed on a page older than the answer: the job or the webhook has already settled the latest
   * attempt. The desk is told what is known, and the provider is not asked again.
   */
  async function alreadyAnswered(leadId: string): Promise<DisbursalOutcome & { message: string }> {
    const [last] = await db.select().from(payouts).where(eq(payouts.loanId, leadId)).orderBy(desc(payouts.attempt)).limit(1);
    if (last?.status !== "SUCCESS" && last?.status !== "FAILED") throw new Refused(DISBURSAL_MESSAGES.noneToCheck);
    return { ...outcome(last, last.status, true), message: providerSays(last.status) };
  }

  /** Each loan's payout attempts by attempt number, every asked loan present (with none, an empty list). */
  async function attemptsByLoan(leadIds: string[]): Promise<Record<string, PayoutAttempt[]>> {
    const byLoan: Record<string, PayoutAttempt[]> = Object.fromEntries(leadIds.map((id) => [id, []]));
    if (!leadIds.length) return byLoan;
    const rows = await db.select().from(payouts).where(inArray(payouts.loanId, leadIds)).orderBy(payouts.loanId, payouts.attempt);
    for (const r of rows)
      byLoan[r.loanId]!.push({
        id: r.id,
        attempt: r.attempt,
        status: r.status,
        amountPaise: Number(r.amountPaise),
        utr: r.utr,
        failureReason: r.failureReason,
        reversalReason: r.reversalReason,
        requestedBy: r.requestedBy,
        createdAt: r.createdAt.toISOString(),
      });
    return byLoan;
  }

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
