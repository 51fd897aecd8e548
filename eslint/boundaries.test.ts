// Proves the lint rules of eslint.config.js fire: each boundary is linted once with a violating
// import and once with an allowed one, on in-memory code under a made-up path in the right folder.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  expect(result.fatalErrorCount, JSON.stringify(result.messages)).toBe(0);
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe("lint boundaries", () => {
  it("core/ imports nothing of ours outside core/", async () => {
    expect(await ruleIds("core/lint-probe.ts", `import { checkPin } from "../app/lib/pin-check.ts";\nexport const a = checkPin;\n`)).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await ruleIds("core/lint-probe.ts", `import { env } from "../server/env.ts";\nexport const a = env;\n`)).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds("core/lint-probe.ts", `import type { PinResult } from "../app/lib/pin-check.ts";\nexport type A = PinResult;\n`)).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(
      await ruleIds("core/lint-probe.ts", `import { z } from "zod";\nimport { todayInIndia } from "./calendar.ts";\nexport const a = [z, todayInIndia];\n`),
    ).toEqual([]);
  });

  it("app/ never imports server/", async () => {
    expect(await ruleIds("app/lib/lint-probe.ts", `import { logger } from "../../server/logger.ts";\nexport const a = logger;\n`)).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await ruleIds("app/lib/lint-probe.ts", `import { todayInIndia } from "../../core/calendar.ts";\nexport const a = todayInIndia;\n`)).toEqual([]);
  });

  it("a server module reaches another module only through its services, or a door listed with its reason", async () => {
    expect(await ruleIds("server/modules/banking/lint-probe.ts", `import { kfsPdf } from "../offer/loan-documents.ts";\nexport const a = kfsPdf;\n`)).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(
      await ruleIds(
        "server/modules/banking/lint-probe.ts",
        `import { createQuoteService } from "../offer/quote.service.ts";\nexport const a = createQuoteService;\n`,
      ),
    ).toEqual([]);
    // esign's listed door (MODULE_DOORS): the pure PDF renderer.
    expect(await ruleIds("server/modules/esign/lint-probe.ts", `import { kfsPdf } from "../offer/loan-documents.ts";\nexport const a = kfsPdf;\n`)).toEqual([]);
    // Inside one module anything goes, and a test may arrange data through another module's helpers.
    expect(await ruleIds("server/modules/offer/lint-probe.ts", `import { kfsPdf } from "./loan-documents.ts";\nexport const a = kfsPdf;\n`)).toEqual([]);
    expect(
      await ruleIds(
        "server/modules/banking/lint-probe.test.ts",
        `import { seedDemoCustomers } from "../offer/demo-customers.ts";\nexport const a = seedDemoCustomers;\n`,
      ),
    ).toEqual([]);
  });

  it("finds an import cycle through .ts imports", async () => {
    const [result] = await new ESLint({ cwd: root, ignore: false }).lintFiles(["eslint/fixtures/cycle/first.ts"]);
    expect(result.messages.map((message) => message.ruleId)).toEqual(["import-x/no-cycle"]);
    expect(await ruleIds("core/lint-probe.ts", `import { quoteSingle } from "./loan-math/single-loan.ts";\nexport const a = quoteSingle;\n`)).toEqual([]);
  });

  it("reads configuration only in server/env.ts", async () => {
    expect(await ruleIds("server/lint-probe.ts", `export const port = process.env.PORT;\n`)).toEqual(["no-restricted-properties"]);
    expect(await ruleIds("core/lint-probe.ts", `export const port = process.env.PORT;\n`)).toEqual(["no-restricted-properties"]);
    expect(await ruleIds("server/env.ts", `export const port = process.env.PORT;\n`)).toEqual([]);
  });
});

describe("one owner of each loan (issue 20)", () => {
  it("only the loans module writes a loan's status, number, disbursal date or repayment amount", async () => {
    const move = `declare const db: any;\nexport const a = db.update("leads").set({ status: "DISBURSED", loanNo: "SOT1" });\n`;
    expect(await ruleIds("server/modules/credit/lint-probe.ts", move)).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
    expect(
      await ruleIds("server/modules/payments/lint-probe.ts", `declare const db: any;\nexport const a = db.update("leads").set({ status: "CLOSED" });\n`),
    ).toEqual(["no-restricted-syntax"]);
    expect(await ruleIds("server/modules/loans/lint-probe.ts", move)).toEqual([]);
    // Statuses before the loan are the journey's and credit's.
    expect(
      await ruleIds("server/modules/credit/lint-probe.ts", `declare const db: any;\nexport const a = db.update("leads").set({ status: "SANCTIONED" });\n`),
    ).toEqual([]);
  });
});
