// Issue 31 (decision 45): migration 1520 moves the loan account off the lead and carries every row.
// Loans in every state are made through the app (journey, credit, demo loans with ledger entries, a
// payout returned by the bank); the database is then put back in the shape migrations up to 1519 give
// (checked against a database migrated only that far), migrated forward again, and every account,
// every loan's dues and the books check (npm run ledger:check's) read exactly as before.
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { openDatabase, type Database } from "../../db/client.ts";
import { migrate } from "../../db/migrate.ts";
import { leads, loanAccounts } from "../../db/schema/index.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { eligibleCustomer, insertLead } from "../../test-support/loan.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { returnPaidPayout } from "../../test-support/payout.ts";
import { BACK_TO_1529 } from "../../test-support/terms-migration.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { selectLeads } from "./loan-account.service.ts";

const clock = createClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let older: Database;

beforeAll(async () => {
  t = await createTestApp({ clock });
  older = await openDatabase({ kind: "pglite" });
  await migrate(older, { before: "1520" });
});
afterAll(async () => {
  await older?.close();
  await t?.close();
});

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The lead table's shape: columns, indexes and constraints, as the catalogue states them. Not-null is read
 * from the columns: PostgreSQL 18 (PGlite) also lists it as a constraint, 15 (CI's server) does not.
 */
async function leadsShape(database: Database) {
  return {
    columns: await rows(
      database,
      sql`select column_name, data_type, is_nullable, column_default from information_schema.columns where table_name = 'leads' and table_schema = current_schema() order by column_name`,
    ),
    // Without the schema's name: each test file has a schema of its own on PostgreSQL.
    indexes: await rows(
      database,
      sql`select indexname, replace(indexdef, ' ON ' || current_schema() || '.', ' ON ') as indexdef from pg_indexes where tablename = 'leads' and schemaname = current_schema() order by indexname`,
    ),
    constraints: await rows(
      database,
      sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'leads'::regclass and contype <> 'n' order by conname`,
    ),
    tables: await rows(
      database,
      sql`select table_name from information_schema.tables where table_name in ('loan_accounts', 'loan_status_changes') and table_schema = current_schema()`,
    ),
  };
}

/** Back to the shape of migrations up to 1519: the account's columns on the lead, its table gone. */
const BACK_TO_1519 = `
ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'IN_PROCESS'
  CHECK (status IN ('IN_PROCESS', 'SUBMITTED', 'SANCTIONED', 'DISBURSED', 'CLOSED', 'REJECTED'));
ALTER TABLE leads ADD COLUMN loan_no text UNIQUE;
ALTER TABLE leads ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE leads ADD COLUMN rejection_reason text;
ALTER TABLE leads ADD COLUMN disbursal_date date;
UPDATE leads l SET status = a.status, loan_no = a.loan_no, status_changed_at = a.status_changed_at,
  rejection_reason = a.rejection_reason, disbursal_date = a.disbursal_date
FROM loan_accounts a WHERE a.lead_id = l.id;
CREATE UNIQUE INDEX leads_one_open_idx ON leads (profile_id) WHERE status IN ('IN_PROCESS', 'SUBMITTED', 'SANCTIONED', 'DISBURSED');
CREATE INDEX leads_status_idx ON leads (status, status_changed_at);
-- Migration 1670's claims refer to the status changes (remade with them when the migrations run again).
DROP TABLE ondc_order_reports;
-- Migration 1680's finder fees likewise (and the settlements, which 1680 makes again with them).
DROP TABLE ondc_finder_fee_settlements;
DROP TABLE ondc_finder_fees;
DROP TABLE loan_status_changes;
DROP TABLE loan_accounts;
ALTER TABLE leads DROP CONSTRAINT leads_id_profile_key;
DELETE FROM schema_migrations WHERE name >= '1520';
`;

/** A payout the bank returned after paying: the account is SANCTIONED again, its loan number kept. */
async function returnedPayout() {
  const s = t.services;
  const demo = await createDemoCustomer(s, { mobile: randomMobile(), userType: "UNPAID-REPEAT", paidOutDaysAgo: 0 });
  const lead = (await s.loans.byId(demo.activeLoanId!))!;
  const out = await returnPaidPayout(s, lead.id, { providerReference: "pout_migration_1", utr: "UTRMIG1" });
  expect(out.applied).toBe(true);
}

async function snapshot() {
  const s = t.services;
  const today = todayInIndia(s.now());
  const accounts = await s.db.select().from(loanAccounts).orderBy(asc(loanAccounts.leadId));
  // Each lead as the services read it (the application with its account's columns).
  const leadRows = await selectLeads(s.db).orderBy(asc(leads.id));
  const dues: Record<string, unknown> = {};
  for (const account of accounts) {
    if (account.status !== "DISBURSED" && account.status !== "CLOSED") continue;
    const lead = (await s.loans.byId(account.leadId))!;
    if (s.loans.isLoan(lead) && (await rows(t.database, sql`select 1 from loan_terms where lead_id = ${lead.id}`)).length) {
      dues[account.leadId] = await s.payments.duesOn(lead, today);
    }
  }
  const books = await s.booksCheck.run(today);
  return { accounts, leadRows, dues, books };
}

describe("migration 1520: the loan account in its own table", () => {
  it("carries every lead's account, and every loan's dues and the books read the same", async () => {
    // Every status: an application in progress, one signed (SUBMITTED), a sanctioned and a rejected one,
    // demo loans paid out (ledger entries, accruals, one overdue) and closed, and a payout returned.
    await eligibleCustomer(t);
    const signed = await customerAtBanking(t);
    await completeBankingAndEsign(t, signed);
    const other = await eligibleCustomer(t);
    const base = { profileId: other.profileId, userType: "NEW", monthlyIncome: 50_000, offerMinAmount: 10_000, offerMaxAmount: 20_000 };
    await insertLead(t.services.db, { ...base, status: "REJECTED", rejectionReason: "BUREAU_RISK", statusChangedAt: new Date("2026-10-02T06:00:00Z") });
    const third = await eligibleCustomer(t);
    await insertLead(t.services.db, { ...base, profileId: third.profileId, status: "CLOSED", loanNo: "SOTMIGCLOSED1", disbursalDate: "2026-08-01" });
    await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT", overdueDays: 5 });
    await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT", paidOutDaysAgo: 3 });
    await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "REPEAT" });
    await returnedPayout();

    const before = await snapshot();
    const statuses = new Set(before.accounts.map((a) => a.status));
    expect([...statuses].sort()).toEqual(["CLOSED", "DISBURSED", "IN_PROCESS", "REJECTED", "SANCTIONED", "SUBMITTED"]);
    expect(before.accounts.some((a) => a.status === "SANCTIONED" && a.loanNo !== null)).toBe(true);
    expect(Object.keys(before.dues).length).toBeGreaterThanOrEqual(2);
    expect(before.books.problems).toEqual([]);

    // The database as migrations up to 1519 left it, with these rows on the lead (1530 undone first).
    await t.database.execScript(`BEGIN;\n${BACK_TO_1529}\n${BACK_TO_1519}\nCOMMIT;`);
    expect(await leadsShape(t.database)).toEqual(await leadsShape(older));

    // Later migrations follow; these two are the ones under test.
    expect((await migrate(t.database)).slice(0, 2)).toEqual(["1520_loan_accounts.sql", "1530_terms_off_the_lead.sql"]);
    const after = await snapshot();
    expect(after.accounts).toEqual(before.accounts);
    expect(after.leadRows).toEqual(before.leadRows);
    expect(after.dues).toEqual(before.dues);
    expect(after.books).toEqual(before.books);
    // The moved columns are gone from the lead.
    const columns = (await leadsShape(t.database)).columns.map((c) => (c as { column_name: string }).column_name);
    for (const gone of ["status", "loan_no", "disbursal_date", "rejection_reason", "status_changed_at"]) expect(columns).not.toContain(gone);
  });
});
