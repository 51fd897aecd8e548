// The loans module's parts that move money (decisions 27-30, 32, 44): receipts applied to a loan, the payout
// and its reversal, write-offs. They sit above the ledger and banking; the loan account's reads
// (loans.service.ts) sit below the quote and are built first (docs/decisions/platform.md, decision 65).
import { createDisbursalService } from "./disbursal.service.ts";
import { createLoanReceipts } from "./loan-receipts.service.ts";
import type { LoansService } from "./loans.service.ts";
import { createWriteOffService } from "./write-off.service.ts";

export function createLoansModule(deps: Parameters<typeof createDisbursalService>[0] & { loans: LoansService }) {
  const { loans, ...disbursalDeps } = deps;
  const { db, ledger, audit, now } = deps;
  return {
    loanReceipts: createLoanReceipts({ ledger, loans }),
    disbursal: createDisbursalService(disbursalDeps),
    /** Decision 44: write-off of an NPA, entered by accounts and approved by the credit head. */
    writeOffs: createWriteOffService({ db, ledger, loans, audit, now }),
  };
}
