// Bank statements of the lender's account (migration 1481). Written only by server/modules/bank-statement.
import { bigint, date, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { payouts } from "./credit.ts";
import { ledgerEntries } from "./ledger.ts";
import { bankTransfers } from "./payments.ts";
import { gatewaySettlements } from "./reconciliation.ts";

export type BankLineMatchKind = "bank_transfer" | "payout" | "payout_return" | "settlement";

export const bankStatementImports = pgTable("bank_statement_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  accountNo: text("account_no").notNull(),
  format: text("format").$type<"csv" | "mt940">().notNull(),
  fileName: text("file_name").notNull(),
  statementRef: text("statement_ref").notNull(),
  openingBalancePaise: bigint("opening_balance_paise", { mode: "number" }),
  closingBalancePaise: bigint("closing_balance_paise", { mode: "number" }),
  fromOn: date("from_on", { mode: "string" }).notNull(),
  toOn: date("to_on", { mode: "string" }).notNull(),
  lineCount: integer("line_count").notNull(),
  newLineCount: integer("new_line_count").notNull(),
  importedBy: text("imported_by").notNull(),
  importedByEmail: text("imported_by_email"),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull(),
});

export const bankStatementLines = pgTable("bank_statement_lines", {
  id: uuid("id").primaryKey().defaultRandom(),
  accountNo: text("account_no").notNull(),
  fingerprint: text("fingerprint").notNull(),
  importId: uuid("import_id")
    .notNull()
    .references(() => bankStatementImports.id, { onDelete: "restrict" }),
  bookedOn: date("booked_on", { mode: "string" }).notNull(),
  valueOn: date("value_on", { mode: "string" }).notNull(),
  direction: text("direction").$type<"credit" | "debit">().notNull(),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  reference: text("reference").notNull(),
  narration: text("narration").notNull(),
  balancePaise: bigint("balance_paise", { mode: "number" }),
  matchKind: text("match_kind").$type<BankLineMatchKind>(),
  bankTransferId: uuid("bank_transfer_id").references(() => bankTransfers.id, { onDelete: "restrict" }),
  payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
  settlementRowId: uuid("settlement_row_id").references(() => gatewaySettlements.id, { onDelete: "restrict" }),
  ledgerEntryId: uuid("ledger_entry_id").references(() => ledgerEntries.id, { onDelete: "restrict" }),
  matchedAt: timestamp("matched_at", { withTimezone: true }),
  matchedBy: text("matched_by"),
  matchedByEmail: text("matched_by_email"),
  matchNote: text("match_note"),
});
