// Importing a bank statement (issue 29): the file is parsed whole or refused with a message per bad line, every
// line is stored once per account and line identity, and each new line that names its document is matched
// (the service's `match`) in the same transaction.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BankLineMatchKind, BankStatementImportResult } from "../../../core/admin/bank-statement-desk.ts";
import { lineIdentities, parseCsvStatement, parseMt940Statement, StatementFileError, type ParsedStatement } from "../../../core/bank-statement/index.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { bankStatementImports, bankStatementLines } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput } from "../domain-errors.ts";
import { autoMatchOf, type LineFacts } from "./bank-statement-matching.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type StaffWithEmail = StaffActor & { email?: string };
export type LineRow = typeof bankStatementLines.$inferSelect;

export const BANK_STATEMENT_MESSAGES = {
  format: "Choose the file's format: CSV or MT940.",
  empty: "Choose a statement file to import.",
  tooLarge: "The file is larger than 5 MB: import it in parts.",
  accountNo: "Enter the lender's account number the CSV statement is of (6 to 20 letters and digits).",
  otherAccount: "The MT940 statement's account (:25:) is not the account number entered.",
} as const;
const MAX_TEXT = 5 * 1024 * 1024;

const accountNoOf = (text: string) => text.replace(/[\s-]/g, "").toUpperCase();

export function createBankStatementImport(deps: {
  db: Db;
  audit: AuditRecorder;
  now: () => Date;
  match: (tx: Tx, line: LineRow, doc: { kind: BankLineMatchKind; id: string }, by: { staff: StaffWithEmail | null; note: string | null }) => Promise<void>;
}) {
  const { db, audit, now, match } = deps;

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
  };
}
