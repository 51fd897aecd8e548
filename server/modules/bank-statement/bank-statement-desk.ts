// The bank statement screen (/admin/bank-statement): accounts imports statements and matches a line
// that matched nothing to a counter-document by hand, with a note (audited); the auditor reads.
// Every method checks the role. A line is never posted without a document.
import { eq } from "drizzle-orm";
import type { BankLineMatchKind, BankLineRow, BankImportRow } from "../../../core/admin/bank-statement-desk.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bankStatementLines } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { CANDIDATE_DAYS, candidatesFor } from "./bank-statement-matching.ts";
import type { BankStatementService } from "./bank-statement.service.ts";

export const BANK_DESK_MESSAGES = {
  note: "Please write why this line is this document (5 to 500 characters).",
  notFound: "No such statement line.",
  matched: "This line has been matched already.",
  notCandidate: "That document is not one this line can be: same amount, the right side, not matched to another line, within 10 days.",
} as const;

const KINDS: readonly BankLineMatchKind[] = ["bank_transfer", "payout", "payout_return", "settlement"];
type StaffWithEmail = StaffActor & { email?: string };

export function createBankStatementDesk(deps: { db: Db; bankStatement: BankStatementService; audit: AuditRecorder; now: () => Date }) {
  const { db, bankStatement, audit, now } = deps;
  return {
    importStatement: (staff: StaffWithEmail | null, input: { format: string; fileName: string; text: string; accountNo?: string }) =>
      bankStatement.importStatement(staff, input),

    async overview(staff: StaffActor | null) {
      requireStaffRole(staff, "accounts", "auditor");
      const lines = await bankStatement.unmatchedLines();
      const unmatched: BankLineRow[] = [];
      for (const l of lines) {
        const facts = { direction: l.direction, amountPaise: Number(l.amountPaise), valueOn: l.valueOn, reference: l.reference, narration: l.narration };
        unmatched.push({
          id: l.id,
          accountNo: l.accountNo,
          bookedOn: l.bookedOn,
          valueOn: l.valueOn,
          direction: l.direction,
          amountPaise: Number(l.amountPaise),
          reference: l.reference,
          narration: l.narration,
          candidates: (await candidatesFor(db, facts, CANDIDATE_DAYS)).map(({ reference: _r, ...c }) => c),
        });
      }
      const imports: BankImportRow[] = (await bankStatement.recentImports()).map((i) => ({
        id: i.id,
        accountNo: i.accountNo,
        format: i.format,
        fileName: i.fileName,
        fromOn: i.fromOn,
        toOn: i.toOn,
        lineCount: i.lineCount,
        newLineCount: i.newLineCount,
        closingBalancePaise: i.closingBalancePaise === null ? null : Number(i.closingBalancePaise),
        importedByEmail: i.importedByEmail,
        importedAt: i.importedAt.toISOString(),
      }));
      return { unmatched, awaiting: await bankStatement.awaitingBank(todayInIndia(now())), imports };
    },

    /** Accounts says which document a line is: one of its candidates only, with a note; the transfer's clearing is posted. */
    async matchByHand(staff: StaffWithEmail | null, input: { lineId: string; kind: string; documentId: string; note: string }) {
      const who = requireStaffRole(staff, "accounts") as StaffWithEmail;
      const note = String(input?.note ?? "").trim();
      if (note.length < 5 || note.length > 500) throw new InvalidInput(BANK_DESK_MESSAGES.note, { note: BANK_DESK_MESSAGES.note });
      const lineId = String(input?.lineId ?? "");
      const documentId = String(input?.documentId ?? "").toLowerCase();
      const kind = String(input?.kind ?? "") as BankLineMatchKind;
      if (!isUuid(lineId)) throw new NotFound(BANK_DESK_MESSAGES.notFound);
      if (!KINDS.includes(kind) || !isUuid(documentId))
        throw new InvalidInput(BANK_DESK_MESSAGES.notCandidate, { documentId: BANK_DESK_MESSAGES.notCandidate });
      return db.transaction(async (tx) => {
        const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId.toLowerCase())).for("update");
        if (!line) throw new NotFound(BANK_DESK_MESSAGES.notFound);
        if (line.matchKind) throw new Refused(BANK_DESK_MESSAGES.matched);
        const facts = {
          direction: line.direction,
          amountPaise: Number(line.amountPaise),
          valueOn: line.valueOn,
          reference: line.reference,
          narration: line.narration,
        };
        const candidate = (await candidatesFor(tx, facts, CANDIDATE_DAYS)).find((c) => c.kind === kind && c.id === documentId);
        if (!candidate) throw new InvalidInput(BANK_DESK_MESSAGES.notCandidate, { documentId: BANK_DESK_MESSAGES.notCandidate });
        await bankStatement.match(tx, line, candidate, { staff: who, note });
        await audit.record(tx, {
          actor: who,
          action: "bank_statement.match",
          target: { kind: "bank_statement_line", id: line.id },
          before: { matched: false },
          after: { kind, documentId },
          reason: note,
        });
        return { id: line.id };
      });
    },
  };
}

export type BankStatementDesk = ReturnType<typeof createBankStatementDesk>;
