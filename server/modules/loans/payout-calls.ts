// The payout provider asked and told by our idempotency key (decisions 27 and 36): an attempt sent once under
// its key, where no answer is UNKNOWN, never FAILED; an attempt asked about, and sent again under the same
// key only when the provider has none. Each answer is applied by the settlement (payout-settlement.ts).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bankAccounts, payouts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PayoutPort, PayoutResult } from "../../providers/payout/port.ts";
import { decrypt } from "../../security/crypto.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import { Refused } from "../domain-errors.ts";
import { DISBURSAL_MESSAGES } from "./disbursal-messages.ts";
import type { PayoutRow } from "./payout-common.ts";
import type { PayoutSettlement } from "./payout-settlement.ts";

export type DisbursalStatus = "PENDING" | "UNKNOWN" | "SUCCESS" | "FAILED" | "REVERSED";
export type DisbursalOutcome = { loanId: string; payoutId: string; status: DisbursalStatus; attempt: number; alreadyRequested: boolean };
type Account = { number: string; ifsc: string; holderName: string };

/** What the desk answers about an attempt. */
export const disbursalOutcome = (row: PayoutRow, status: DisbursalStatus, alreadyRequested: boolean): DisbursalOutcome => ({
  loanId: row.loanId,
  payoutId: row.id,
  status,
  attempt: row.attempt,
  alreadyRequested,
});

export function createPayoutCalls(deps: {
  db: Db;
  payout: PayoutPort;
  audit: AuditRecorder;
  encryptionKey: string;
  settle: PayoutSettlement["settle"];
  logger: Logger;
}) {
  const { db, payout, audit, encryptionKey, settle, logger } = deps;

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

  return { send, ask };
}

export type PayoutCalls = ReturnType<typeof createPayoutCalls>;
