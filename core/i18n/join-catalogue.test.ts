import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { joinCatalogue } from "./join-catalogue.ts";
import { myDataPdfEn } from "./my-data-pdf.en.ts";
import { publicEn } from "./public.en.ts";

describe("joinCatalogue", () => {
  it("keeps every part's keys, a later part's text winning as in a spread", () => {
    const joined = joinCatalogue({ "a.one": "first", "a.two": "two" }, { "b.one": "b" }, { "a.one": "last" });
    expect(joined).toEqual({ "a.one": "last", "a.two": "two", "b.one": "b" });
  });

  it("leaves its parts as they were", () => {
    const part = { "a.one": "first" };
    joinCatalogue(part, { "a.one": "last" });
    expect(part).toEqual({ "a.one": "first" });
  });

  it("gives the English catalogue the texts of its first part, its own words and its last part", () => {
    expect(en["chrome.skipToContent"]).toBe("Skip to content");
    for (const part of [publicEn, myDataPdfEn]) for (const [key, text] of Object.entries(part)) expect(en[key as keyof typeof en]).toBe(text);
  });
});
