import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, langCookieOf, localizedPath, negotiateLanguage, splitLanguagePath } from "./languages.ts";

describe("choosing the language", () => {
  it("follows the cookie, else Accept-Language by preference, else English", () => {
    expect(negotiateLanguage({ cookie: "hi", acceptLanguage: "en-IN" })).toBe("hi");
    expect(negotiateLanguage({ cookie: "en", acceptLanguage: "hi-IN,hi" })).toBe("en");
    expect(negotiateLanguage({ cookie: "fr", acceptLanguage: "hi-IN,hi;q=0.9,en;q=0.8" })).toBe("hi");
    expect(negotiateLanguage({ acceptLanguage: "en;q=0.5,hi;q=0.9" })).toBe("hi");
    expect(negotiateLanguage({ acceptLanguage: "fr-FR,de" })).toBe("en");
    expect(negotiateLanguage({})).toBe("en");
    expect(fromAcceptLanguage("hi;q=0")).toBeNull();
  });

  it("reads the lang cookie out of a Cookie header", () => {
    expect(langCookieOf("sot_session=abc; lang=hi")).toBe("hi");
    expect(langCookieOf("lang=en")).toBe("en");
    expect(langCookieOf("xlang=hi")).toBeNull();
    expect(langCookieOf("lang=fr")).toBeNull();
  });

  it("addresses Hindi pages under /hi, only for pages that exist in Hindi", () => {
    expect(localizedPath("/", "hi")).toBe("/hi");
    expect(localizedPath("/apply-now", "hi")).toBe("/hi/apply-now");
    expect(localizedPath("/apply-now?utm_source=x#top", "hi")).toBe("/hi/apply-now?utm_source=x#top");
    expect(localizedPath("/blog", "hi")).toBe("/blog");
    expect(localizedPath("/hi/repayloan", "en")).toBe("/repayloan");
    expect(localizedPath("/my-dashboard/", "hi")).toBe("/my-dashboard/");
    expect(splitLanguagePath("/hi")).toEqual({ lang: "hi", path: "/" });
    expect(splitLanguagePath("/hi/apply-now")).toEqual({ lang: "hi", path: "/apply-now" });
    expect(splitLanguagePath("/history")).toEqual({ lang: "en", path: "/history" });
  });
});
