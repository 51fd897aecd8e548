// Proves the loan account's one-writer rule (issue 31, decision 45): an update, insert or delete on
// loan_accounts or its history fails anywhere but server/modules/loans, whatever the column and
// whether through Drizzle or SQL text; reading passes, and the loans module may write.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });
const RULE = "loans/no-loan-account-writes";

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  expect(result.fatalErrorCount, JSON.stringify(result.messages)).toBe(0);
  return result.messages.map((message) => message.ruleId ?? message.message).filter((id) => id === RULE);
}

const probe = (body: string) =>
  `import { sql } from "drizzle-orm";\nimport type { Db } from "../../db/client.ts";\nimport { loanAccounts, loanStatusChanges } from "../../db/schema/index.ts";\nimport * as schema from "../../db/schema/index.ts";\nexport async function probe(db: Db) {\n  void sql; void loanStatusChanges; void schema;\n  ${body}\n}\n`;

describe("only server/modules/loans writes the loan account", () => {
  it("fails an update, insert or delete elsewhere, whatever the column", async () => {
    for (const body of [
      `await db.update(loanAccounts).set({ rejectionReason: null });`,
      `await db.update(loanAccounts).set({ status: "CLOSED" });`,
      `await db.insert(loanAccounts).values({ leadId: "x", profileId: "y", statusChangedAt: new Date() });`,
      `await db.delete(loanAccounts);`,
      `await db.insert(loanStatusChanges).values([]);`,
      `await db.update(schema.loanAccounts).set({ loanNo: "SOT1" });`,
    ]) {
      expect(await ruleIds("server/modules/credit/lint-probe.ts", probe(body)), body).toEqual([RULE]);
    }
  });

  it("fails SQL text that writes it, named or through the table object", async () => {
    for (const body of [
      "await db.execute(sql`UPDATE loan_accounts SET status = 'CLOSED'`);",
      "await db.execute(sql`update ${loanAccounts} set loan_no = null`);",
      "await db.execute(sql`DELETE FROM loan_status_changes`);",
      `await db.execute(sql.raw("insert into loan_accounts (lead_id) values ('x')"));`,
    ]) {
      expect(await ruleIds("server/modules/data-rights/lint-probe.ts", probe(body)), body).toEqual([RULE]);
    }
  });

  it("covers every folder outside the module: other modules, dev seeds, test support and scripts", async () => {
    const body = `await db.update(loanAccounts).set({ status: "DISBURSED" });`;
    for (const file of ["server/modules/dev/lint-probe.ts", "server/test-support/lint-probe.ts", "server/lint-probe.ts", "scripts/lint-probe.ts"]) {
      expect(await ruleIds(file, probe(body)), file).toEqual([RULE]);
    }
  });

  it("passes reads anywhere, and writes inside server/modules/loans", async () => {
    expect(await ruleIds("server/modules/credit/lint-probe.ts", probe(`await db.select().from(loanAccounts);`))).toEqual([]);
    expect(await ruleIds("server/modules/credit/lint-probe.ts", probe("await db.execute(sql`select status from loan_accounts`);"))).toEqual([]);
    expect(await ruleIds("server/modules/loans/lint-probe.ts", probe(`await db.update(loanAccounts).set({ status: "CLOSED" });`))).toEqual([]);
  });
});
