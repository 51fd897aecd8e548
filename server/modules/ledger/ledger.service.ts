// The ledger (decision 27): the only writer of money figures. Every money movement is one
// balanced journal entry, written in the caller's transaction, posted once per idempotency key.
import { inArray, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries } from "../../db/schema/index.ts";
import { LedgerError } from "./ledger-entries.ts";
import type { Tx } from "./ledger-entries.ts";
import { createLedgerCharges } from "./ledger-charges.ts";
import { createLedgerPosting } from "./ledger-posting.ts";
import { createLedgerReads } from "./ledger-reads.ts";
import { createLedgerSuspense } from "./ledger-suspense.ts";

// The module's door: other modules build entries through these and post them with the service.
export {
  disbursalEntryOfTerms,
  finderFeeEntry,
  finderFeePaymentEntry,
  incomeSuspenseEntry,
  netBookValueOf,
  provisionEntry,
  recoveryEntry,
  repaymentEntry,
  writeOffEntry,
  reversalEntry,
  ledgerKeys,
  type EntryInput,
  type Posting,
} from "./postings.ts";
export {
  clearingAccountOf,
  isAccount,
  isLoanAccount,
  LENDER_ACCOUNTS,
  LOAN_ACCOUNTS_FOR_CHECK,
  SUB_LEDGER_ACCOUNTS,
  type Gateway,
  type LenderAccount,
} from "./accounts.ts";
export * from "./ledger-entries.ts";

export function createLedgerService(deps: {
  db: Db;
  now: () => Date;
  allowDemoDiscard?: boolean;
  /** IRACP (decision 44): the first day of the loan's current NPA period, from the asset classification's history. */
  npaSince?: (loanId: string, executor: Tx) => Promise<IsoDate | null>;
}) {
  const { db, now } = deps;
  const { firstOpenDay, post, entryByKey, withPostings } = createLedgerPosting({ db, now });
  const reads = createLedgerReads({ db, withPostings });
  const { balances, writtenOffOn } = reads;

  /** IRACP: the first day of the loan's current NPA period (the day-end's class), or null when it is not NPA. */
  const npaSince = async (loanId: string, executor: Tx = db): Promise<IsoDate | null> => (deps.npaSince ? deps.npaSince(loanId, executor) : null);
  const suspense = createLedgerSuspense({ post, balances, npaSince });
  const charges = createLedgerCharges({ post, withPostings, balances, writtenOffOn, npaSince });

  return {
    /**
     * Posts one balanced entry, once per idempotency key, in the caller's transaction. An entry dated in
     * a closed period is refused (PeriodClosed) unless ifClosed is "first_open_day" (corrections only).
     */
    post,

    firstOpenDay,

    npaSince,

    writtenOffOn,

    ...suspense,

    /** A loan's account balances from its postings (dated up to `asOf` when given), positive on each account's normal side. */
    balances,

    ...charges,

    lastChargedOn: reads.lastChargedOn,
    accountBalance: reads.accountBalance,
    entries: reads.entries,

    entryByKey: (key: string, executor: Tx = db) => entryByKey(executor, key),

    /**
     * Sandbox demo data only (npm run demo:customers replaces its customers): removes the entries
     * of the given loans, which the append-only trigger otherwise refuses. Never in production mode.
     */
    async discardDemoLoans(loanIds: string[]): Promise<number> {
      if (!deps.allowDemoDiscard) throw new LedgerError("Ledger entries are never deleted outside sandbox demo data.");
      if (loanIds.length === 0) return 0;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ledger.allow_discard', 'on', true)`);
        const gone = await tx.delete(ledgerEntries).where(inArray(ledgerEntries.loanId, loanIds)).returning({ id: ledgerEntries.id });
        return gone.length;
      });
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
