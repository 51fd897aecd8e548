import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envDocs } from "./env.ts";

describe("docs/configuration.md", () => {
  it("documents every configuration variable", () => {
    const table = readFileSync(new URL("../docs/configuration.md", import.meta.url), "utf8");
    const missing = Object.keys(envDocs).filter((name) => !table.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });

  it("is linked from the README", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain("(docs/configuration.md)");
  });
});
