import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envDocs } from "./env.ts";

describe("README", () => {
  it("documents every configuration variable", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const missing = Object.keys(envDocs).filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
