// Proves the catalogue rule (issue 23) fires on every customer screen: words in JSX text or in a read
// attribute fail; a catalogue call, numbers and symbols pass; only the back office (English only) is not checked.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { I18N_FILES } from "./i18n-files.js";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  expect(result.fatalErrorCount, JSON.stringify(result.messages)).toBe(0);
  return result.messages.map((message) => message.ruleId ?? message.message).filter((id) => id === "i18n/no-jsx-text");
}

const converted = "app/routes/public/home.tsx";

describe("no JSX text literals in converted screens", () => {
  it("covers the root document and the screens by glob, with no list of files", async () => {
    expect(I18N_FILES).toContain("app/root.tsx");
    expect(I18N_FILES.every((entry) => entry === "app/root.tsx" || entry.includes("*"))).toBe(true);
    expect(await ruleIds("app/root.tsx", `export const A = () => <p>Apply Now</p>;\n`)).toEqual(["i18n/no-jsx-text"]);
  });

  it("fails on English or Hindi words in JSX text and in read attributes", async () => {
    expect(await ruleIds(converted, `export const A = () => <p>Apply Now</p>;\n`)).toEqual(["i18n/no-jsx-text"]);
    expect(await ruleIds(converted, `export const A = () => <p>अभी आवेदन करें</p>;\n`)).toEqual(["i18n/no-jsx-text"]);
    expect(await ruleIds(converted, `export const A = () => <button aria-label="Close menu" />;\n`)).toEqual(["i18n/no-jsx-text"]);
    expect(await ruleIds(converted, `export const A = () => <img alt={"A phone"} src="/a.svg" />;\n`)).toEqual(["i18n/no-jsx-text"]);
  });

  it("covers any screen or component in app/routes and app/components, listed or new", async () => {
    for (const file of ["app/routes/public/blog.tsx", "app/components/dashboard/a-new-card.tsx", "app/routes/dashboard/a-new-screen.tsx"])
      expect(await ruleIds(file, `export const A = () => <p>Apply Now</p>;\n`), file).toEqual(["i18n/no-jsx-text"]);
  });

  it("passes catalogue calls, numbers and symbols, and the back office", async () => {
    expect(
      await ruleIds(converted, `declare const t: (k: string) => string;\nexport const A = () => <p aria-label={t("a")}>{t("b")} +91 • 1/2</p>;\n`),
    ).toEqual([]);
    expect(await ruleIds("app/routes/admin/refunds.tsx", `export const A = () => <p>Approve refund</p>;\n`)).toEqual([]);
  });
});
