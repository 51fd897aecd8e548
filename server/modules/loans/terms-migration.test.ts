// Issue 31: migration 1530 drops the lead's copies of the terms (principal, tenure, repayment date and
// the numeric rate) and fixes each loan's shortest tenure in its terms row. Leads with and without
// terms are made through the app, the copies are put back as the quote's acceptance wrote them, and
// after the migration every lead, every loan's dues and the books read exactly as before.
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import type { Database } from "../../db/client.ts";
import { migrate } from "../../db/migrate.ts";
import { leads } from "../../db/schema/index.ts";
import { customerAtBanking } from "../../test-support/banking.ts";
import { eligibleCustomer } from "../../test-support/loan.ts";
import { BACK_TO_1529 } from "../../test-support/terms-migration.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { selectLeads } from "./loan-account.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const leadColumns = async () =>
  (
    await rows<{ column_name: string }>(
      t.database,
      sql`select column_name from information_schema.columns where table_name = 'leads' and table_schema = current_schema()`,
    )
  ).map((c) => c.column_name);

async function snapshot() {
  const s = t.services;
  const today = todayInIndia(s.now());
  const leadRows = await selectLeads(s.db).orderBy(asc(leads.id));
  const dues: Record<string, unknown> = {};
  for (const lead of leadRows) if (s.loans.isLoan(lead)) dues[lead.id] = await s.payments.duesOn(lead, today);
  return { leadRows, dues, books: await s.booksCheck.run(today) };
}

describe("migration 1530: the terms off the lead", () => {
  let accepted: string;
  beforeAll(async () => {
    // A quote accepted (₹ amount of the journey's default), demo loans paid out and closed, an application with no quote.
    accepted = (await customerAtBanking(t)).leadId;
    await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT", paidOutDaysAgo: 3 });
    await eligibleCustomer(t);
  });

  it("drops the copies and the last numeric column; every lead, loan's dues and the books read the same", async () => {
    const before = await snapshot();
    expect(Object.keys(before.dues).length).toBe(2);
    expect(before.leadRows.filter((l) => l.loanRecommended === null).length).toBeGreaterThan(0);
    const quoted = before.leadRows.find((l) => l.id === accepted)!;
    expect(quoted).toMatchObject({ tenureDays: expect.any(Number), roi: 1 });

    await t.database.execScript(`BEGIN;\n${BACK_TO_1529}\nCOMMIT;`);
    // The copies as the acceptance wrote them: whole rupees, days, the date and 1.00% a day.
    const [copy] = await rows<Record<string, unknown>>(
      t.database,
      sql`select loan_recommended, tenure_days, repayment_date::text, roi::text from leads where id = ${accepted}`,
    );
    expect(copy).toEqual({ loan_recommended: quoted.loanRecommended, tenure_days: quoted.tenureDays, repayment_date: quoted.repaymentDate, roi: "1.00" });

    expect((await migrate(t.database))[0]).toBe("1530_terms_off_the_lead.sql");
    expect(await snapshot()).toEqual(before);
    const columns = await leadColumns();
    for (const gone of ["loan_recommended", "tenure_days", "repayment_date", "roi"]) expect(columns).not.toContain(gone);
    expect(
      await rows(
        t.database,
        sql`select table_name, column_name from information_schema.columns where data_type = 'numeric' and table_schema = current_schema()`,
      ),
    ).toEqual([]);
    // Every earlier KFS was issued when the shortest tenure was 7 days.
    expect(await rows(t.database, sql`select distinct min_tenure_days from loan_terms`)).toEqual([{ min_tenure_days: 7 }]);
  });

  it("stops, and changes nothing, when a lead has a copy of terms but no terms row", async () => {
    await t.database.execScript(`BEGIN;\n${BACK_TO_1529}\nCOMMIT;`);
    const [bare] = await rows<{ id: string }>(
      t.database,
      sql`select l.id from leads l where not exists (select 1 from loan_terms t where t.lead_id = l.id) limit 1`,
    );
    await t.database.execScript(`UPDATE leads SET loan_recommended = 15000 WHERE id = '${bare.id}';`);
    await expect(migrate(t.database)).rejects.toThrow(`lead ${bare.id} has terms on the lead and no loan_terms row`);
    await t.database.execScript("ROLLBACK;");
    expect(await leadColumns()).toContain("loan_recommended");

    await t.database.execScript(`UPDATE leads SET loan_recommended = NULL WHERE id = '${bare.id}';`);
    expect((await migrate(t.database))[0]).toBe("1530_terms_off_the_lead.sql");
  });
});
