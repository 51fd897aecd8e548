// Bank statements of the lender's account (issue 29, docs/decisions/money.md "Every clearing account
// clears"). Accounts imports the bank's CSV or MT940; every line is stored once per account and line
// identity (a re-import, or an overlapping statement, adds nothing), in one transaction with its
// matches: a line that names an approved bank transfer clears it (kind `clearing`: Dr bank, Cr
// clearing_bank_transfer, key clearing:bank-transfer:<transfer id>); a payout's debit, its return and
// a gateway settlement's credit are confirmed (they credited or debited bank already). A bad file is
// refused whole, with a message per bad line. Nothing is ever posted without a counter-document.
// The import is bank-statement-import.ts and the documents awaiting the bank bank-statement-awaiting.ts; this
// file matches a line to its document and assembles them.
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { BankLineMatchKind } from "../../../core/admin/bank-statement-desk.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { bankStatementImports, bankStatementLines, bankTransfers } from "../../db/schema/index.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { EntryInput, LedgerService } from "../ledger/ledger.service.ts";
import { createAwaitingBank } from "./bank-statement-awaiting.ts";
import { BANK_STATEMENT_MESSAGES, createBankStatementImport, type LineRow, type StaffWithEmail, type Tx } from "./bank-statement-import.ts";

export { BANK_STATEMENT_MESSAGES };

/** Approved bank transfer cleared by its statement line (decision 44's chart: clearing_bank_transfer → bank). */
export function bankTransferClearingEntry(input: {
  transferId: string;
  bankReference: string;
  amountPaise: number;
  valueOn: IsoDate;
  lineReference: string;
}): EntryInput {
  return {
    idempotencyKey: `clearing:bank-transfer:${input.transferId}`,
    kind: "clearing",
    loanId: null,
    effectiveOn: input.valueOn,
    memo: `bank statement line ${input.lineReference || "(no reference)"} for transfer ${input.bankReference}`.slice(0, 200),
    postings: [
      { account: "bank", side: "debit", amount: input.amountPaise },
      { account: "clearing_bank_transfer", side: "credit", amount: input.amountPaise },
    ],
  };
}

export function createBankStatementService(deps: { db: Db; ledger: LedgerService; audit: AuditRecorder; now: () => Date }) {
  const { db, ledger, audit, now } = deps;

  /** Matches one stored line to one document (inside the caller's transaction); posts the clearing of a bank transfer. */
  async function match(tx: Tx, line: LineRow, doc: { kind: BankLineMatchKind; id: string }, by: { staff: StaffWithEmail | null; note: string | null }) {
    const at = now();
    let ledgerEntryId: string | null = null;
    if (doc.kind === "bank_transfer") {
      const [transfer] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, doc.id));
      const posted = await ledger.post(
        tx,
        bankTransferClearingEntry({
          transferId: transfer!.id,
          bankReference: transfer!.bankReference,
          amountPaise: Number(line.amountPaise),
          valueOn: line.valueOn as IsoDate,
          lineReference: line.reference,
        }),
        // A statement of a closed month clears in the open period (decision 44).
        { ifClosed: "first_open_day" },
      );
      ledgerEntryId = posted.entryId;
    }
    await tx
      .update(bankStatementLines)
      .set({
        matchKind: doc.kind,
        bankTransferId: doc.kind === "bank_transfer" ? doc.id : null,
        payoutId: doc.kind === "payout" || doc.kind === "payout_return" ? doc.id : null,
        settlementRowId: doc.kind === "settlement" ? doc.id : null,
        ledgerEntryId,
        matchedAt: at,
        matchedBy: by.staff?.staffId ?? "import",
        matchedByEmail: by.staff?.email ?? null,
        matchNote: by.note,
      })
      .where(and(eq(bankStatementLines.id, line.id), isNull(bankStatementLines.matchKind)));
  }

  const { importStatement } = createBankStatementImport({ db, audit, now, match });
  const { awaitingBank } = createAwaitingBank(db);

  return {
    match,
    importStatement,
    awaitingBank,

    /** Lines that match nothing yet, oldest first. */
    unmatchedLines: (limit = 200) =>
      db
        .select()
        .from(bankStatementLines)
        .where(isNull(bankStatementLines.matchKind))
        .orderBy(asc(bankStatementLines.valueOn), asc(bankStatementLines.id))
        .limit(limit),

    recentImports: (limit = 20) => db.select().from(bankStatementImports).orderBy(desc(bankStatementImports.importedAt)).limit(limit),
  };
}

export type BankStatementService = ReturnType<typeof createBankStatementService>;
