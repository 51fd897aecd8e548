// Bank statements of the lender's account (issue 29, docs/decisions/money.md "Every clearing account
// clears"). Accounts imports the bank's CSV or MT940; every line is stored once per account and line
// identity (a re-import, or an overlapping statement, adds nothing), in one transaction with its
// matches: a line that names an approved bank transfer clears it (kind `clearing`: Dr bank, Cr
// clearing_bank_transfer, key clearing:bank-transfer:<transfer id>); a payout's debit, its return and
// a gateway settlement's credit are confirmed (they credited or debited bank already). A bad file is
// refused whole, with a message per bad line. Nothing is ever posted without a counter-document.
import { createHash } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { AwaitingBankRow, BankLineMatchKind, BankStatementImportResult } from "../../../core/admin/bank-statement-desk.ts";
import { bankWindowEnds } from "../../../core/bank-statement/clearing-windows.ts";
import { lineIdentities, parseCsvStatement, parseMt940Statement, StatementFileError, type ParsedStatement } from "../../../core/bank-statement/index.ts";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { PAYMENT_GATEWAY_TITLES } from "../../../core/payment-gateways.ts";
import type { Db } from "../../db/client.ts";
import { bankStatementImports, bankStatementLines, bankTransfers, gatewaySettlements, payouts } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput } from "../domain-errors.ts";
import type { EntryInput, LedgerService } from "../ledger/ledger.service.ts";
import { autoMatchOf, type LineFacts } from "./bank-statement-matching.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type StaffWithEmail = StaffActor & { email?: string };
type LineRow = typeof bankStatementLines.$inferSelect;

export const BANK_STATEMENT_MESSAGES = {
  format: "Choose the file's format: CSV or MT940.",
  empty: "Choose a statement file to import.",
  tooLarge: "The file is larger than 5 MB: import it in parts.",
  accountNo: "Enter the lender's account number the CSV statement is of (6 to 20 letters and digits).",
  otherAccount: "The MT940 statement's account (:25:) is not the account number entered.",
} as const;
const MAX_TEXT = 5 * 1024 * 1024;

const accountNoOf = (text: string) => text.replace(/[\s-]/g, "").toUpperCase();

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

  function parse(input: { format: string; text: string; accountNo?: string }): ParsedStatement {
    const given = input.accountNo ? accountNoOf(input.accountNo) : "";
    if (given && !/^[A-Z0-9]{6,20}$/.test(given)) throw new InvalidInput(BANK_STATEMENT_MESSAGES.accountNo, { accountNo: BANK_STATEMENT_MESSAGES.accountNo });
    try {
      if (input.format === "csv") {
        if (!given) throw new InvalidInput(BANK_STATEMENT_MESSAGES.accountNo, { accountNo: BANK_STATEMENT_MESSAGES.accountNo });
        return parseCsvStatement(input.text, given);
      }
      const s = parseMt940Statement(input.text);
      s.accountNo = accountNoOf(s.accountNo);
      if (given && given !== s.accountNo) throw new InvalidInput(BANK_STATEMENT_MESSAGES.otherAccount, { accountNo: BANK_STATEMENT_MESSAGES.otherAccount });
      return s;
    } catch (error) {
      if (error instanceof StatementFileError) {
        const shown = error.problems.slice(0, 20).join(" ") + (error.problems.length > 20 ? ` And ${error.problems.length - 20} more problem(s).` : "");
        throw new InvalidInput(`The statement was not imported: ${shown}`, { file: shown });
      }
      throw error;
    }
  }

  return {
    match,

    async importStatement(
      staff: StaffWithEmail | null,
      input: { format: string; fileName: string; text: string; accountNo?: string },
    ): Promise<BankStatementImportResult> {
      const who = requireStaffRole(staff, "accounts") as StaffWithEmail;
      const format = String(input?.format ?? "").toLowerCase();
      if (format !== "csv" && format !== "mt940") throw new InvalidInput(BANK_STATEMENT_MESSAGES.format, { format: BANK_STATEMENT_MESSAGES.format });
      const text = String(input?.text ?? "");
      if (!text.trim()) throw new InvalidInput(BANK_STATEMENT_MESSAGES.empty, { file: BANK_STATEMENT_MESSAGES.empty });
      if (text.length > MAX_TEXT) throw new InvalidInput(BANK_STATEMENT_MESSAGES.tooLarge, { file: BANK_STATEMENT_MESSAGES.tooLarge });
      const s = parse({ format, text, accountNo: input?.accountNo });
      const ids = lineIdentities(s.lines).map((id) => createHash("sha256").update(`${s.accountNo}|${id}`).digest("hex").slice(0, 40));
      const dates = s.lines.map((l) => l.bookedOn).sort();
      const at = now();
      return db.transaction(async (tx) => {
        const [imported] = await tx
          .insert(bankStatementImports)
          .values({
            accountNo: s.accountNo,
            format,
            fileName: String(input?.fileName ?? "").slice(0, 200) || "statement",
            statementRef: s.statementRef,
            openingBalancePaise: s.openingBalancePaise,
            closingBalancePaise: s.closingBalancePaise,
            fromOn: dates[0] ?? todayInIndia(at),
            toOn: dates[dates.length - 1] ?? todayInIndia(at),
            lineCount: s.lines.length,
            newLineCount: 0,
            importedBy: who.staffId,
            importedByEmail: who.email ?? null,
            importedAt: at,
          })
          .returning({ id: bankStatementImports.id });
        const fresh: LineRow[] = [];
        for (let i = 0; i < s.lines.length; i += 500) {
          const chunk = s.lines.slice(i, i + 500).map((l, j) => ({
            accountNo: s.accountNo,
            fingerprint: ids[i + j]!,
            importId: imported!.id,
            bookedOn: l.bookedOn,
            valueOn: l.valueOn,
            direction: l.direction,
            amountPaise: l.amountPaise,
            reference: l.reference,
            narration: l.narration,
            balancePaise: l.balancePaise,
          }));
          fresh.push(...(await tx.insert(bankStatementLines).values(chunk).onConflictDoNothing().returning()));
        }
        const matched: Record<BankLineMatchKind, number> = { bank_transfer: 0, payout: 0, payout_return: 0, settlement: 0 };
        for (const line of fresh) {
          const doc = await autoMatchOf(tx, line as LineFacts & LineRow);
          if (!doc) continue;
          await match(tx, line, doc, { staff: null, note: null });
          matched[doc.kind]++;
        }
        await tx.update(bankStatementImports).set({ newLineCount: fresh.length }).where(eq(bankStatementImports.id, imported!.id));
        const matchedCount = Object.values(matched).reduce((a, b) => a + b, 0);
        await audit.record(tx, {
          actor: who,
          action: "bank_statement.import",
          target: { kind: "bank_statement_import", id: imported!.id },
          after: { accountNo: s.accountNo, format, lines: s.lines.length, newLines: fresh.length, matched: matchedCount },
        });
        return {
          importId: imported!.id,
          accountNo: s.accountNo,
          format,
          lines: s.lines.length,
          newLines: fresh.length,
          matched,
          unmatched: fresh.length - matchedCount,
          openingBalancePaise: s.openingBalancePaise,
          closingBalancePaise: s.closingBalancePaise,
        };
      });
    },

    /** Documents past their window with no statement line yet (the desk and the books check). */
    async awaitingBank(today: IsoDate): Promise<AwaitingBankRow[]> {
      const out: AwaitingBankRow[] = [];
      const transfers = await db
        .select()
        .from(bankTransfers)
        .where(and(eq(bankTransfers.status, "APPROVED"), sql`not exists (select 1 from bank_statement_lines l where l.bank_transfer_id = ${bankTransfers.id})`))
        .orderBy(asc(bankTransfers.receivedOn))
        .limit(500);
      for (const t of transfers) {
        const ends = bankWindowEnds(t.receivedOn as IsoDate);
        if (ends < today)
          out.push({
            kind: "bank_transfer",
            id: t.id,
            label: `Transfer ${t.bankReference} for loan ${t.loanNo}`,
            amountPaise: Number(t.amountPaise),
            on: t.receivedOn,
            windowEnded: ends,
          });
      }
      const paid = await db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.status, "SUCCESS"),
            sql`not exists (select 1 from bank_statement_lines l where l.payout_id = ${payouts.id} and l.match_kind = 'payout')`,
          ),
        )
        .orderBy(asc(payouts.settledAt))
        .limit(500);
      for (const p of paid) {
        if (!p.settledAt) continue;
        const on = todayInIndia(p.settledAt);
        const ends = bankWindowEnds(on);
        if (ends < today)
          out.push({ kind: "payout", id: p.id, label: `Payout UTR ${p.utr ?? "—"}`, amountPaise: Number(p.amountPaise), on, windowEnded: ends });
      }
      const settled = await db
        .select()
        .from(gatewaySettlements)
        .where(
          and(
            sql`${gatewaySettlements.netPaise} > 0`,
            sql`not exists (select 1 from bank_statement_lines l where l.settlement_row_id = ${gatewaySettlements.id})`,
          ),
        )
        .orderBy(asc(gatewaySettlements.settledOn))
        .limit(500);
      for (const s of settled) {
        const ends = bankWindowEnds(s.settledOn as IsoDate);
        if (ends < today)
          out.push({
            kind: "settlement",
            id: s.id,
            label: `${PAYMENT_GATEWAY_TITLES[s.gateway]} settlement ${s.settlementId} UTR ${s.utr || "—"}`,
            amountPaise: Number(s.netPaise),
            on: s.settledOn,
            windowEnded: ends,
          });
      }
      return out;
    },

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
