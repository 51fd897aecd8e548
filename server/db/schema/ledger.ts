// The ledger (migration 0800, decision 27). Written only by server/modules/ledger.
import { bigint, date, index, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { leads } from "./onboarding.ts";

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    /** The loan's id is its lead's id (a loan is a disbursed lead, decision 26). */
    loanId: uuid("loan_id").references(() => leads.id, { onDelete: "restrict" }),
    effectiveOn: date("effective_on", { mode: "string" }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    memo: text("memo"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_entries_loan_idx").on(t.loanId, t.effectiveOn)],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: "cascade" }),
    lineNo: smallint("line_no").notNull(),
    account: text("account").notNull(),
    loanId: uuid("loan_id").references(() => leads.id, { onDelete: "restrict" }),
    /** 'debit' or 'credit'. */
    side: text("side").notNull(),
    /** Paise, > 0. */
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (t) => [unique().on(t.entryId, t.lineNo), index("ledger_postings_loan_idx").on(t.loanId, t.account), index("ledger_postings_account_idx").on(t.account)],
);
