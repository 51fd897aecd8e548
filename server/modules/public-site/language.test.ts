// Issue 23: the language switch, the lang cookie at sign-in, preferred_language on the profile, and the
// page cache never answering an English page to a visitor who prefers Hindi.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { customerProfiles } from "../../db/schema/index.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { cachedHit, varyOf } from "./page-cache.middleware.ts";
import { createPageCache } from "./page-cache.ts";
import { safeReturnPath } from "./language.routes.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function switchTo(lang: string, next: string, headers: Record<string, string> = {}) {
  return t.app.request("/language", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ lang, next }).toString(),
  });
}

const savedLanguage = async (profileId: string) =>
  (await t.services.db.select({ l: customerProfiles.preferredLanguage }).from(customerProfiles).where(eq(customerProfiles.id, profileId)))[0].l;

describe("the language switch", () => {
  it("remembers the choice in the lang cookie and returns to the page at its address in that language", async () => {
    const res = await switchTo("hi", "/apply-now?utm_source=x");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/hi/apply-now?utm_source=x");
    expect(res.headers.get("set-cookie")).toMatch(/^lang=hi; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const back = await switchTo("en", "/hi/apply-now");
    expect(back.headers.get("location")).toBe("/apply-now");
    expect(back.headers.get("set-cookie")).toMatch(/^lang=en;/);
    // A page with no Hindi version yet stays where it is; so does the dashboard.
    expect((await switchTo("hi", "/blog")).headers.get("location")).toBe("/blog");
    expect((await switchTo("hi", "/my-dashboard/leads")).headers.get("location")).toBe("/my-dashboard/leads");
  });

  it("changes nothing for a language it does not know, and never leaves the site", async () => {
    const res = await switchTo("fr", "/apply-now");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/apply-now");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await switchTo("hi", "//evil.example/x")).headers.get("location")).toBe("/hi");
    expect(safeReturnPath("https://evil.example")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath(undefined)).toBe("/");
  });

  it("saves the choice on a signed-in customer's profile", async () => {
    const { profileId, token } = await t.signIn();
    expect(await savedLanguage(profileId)).toBeNull();
    await switchTo("hi", "/my-dashboard/", { "auth-token": token });
    expect(await savedLanguage(profileId)).toBe("hi");
    await switchTo("en", "/my-dashboard/", { "auth-token": token });
    expect(await savedLanguage(profileId)).toBe("en");
  });
});

describe("the language at sign-in", () => {
  async function signInWith(mobile: string, headers: Record<string, string>) {
    const ip = t.freshIp();
    const login = await t.post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": ip, ...headers } });
    const profileId = login.body.Data.cust_profile_id as string;
    const otp = await t.latestCode(mobile);
    const verify = await t.post({ event_name: "otp_verify", profile_id: profileId, otp }, { headers: { "x-forwarded-for": ip, ...headers } });
    return { profileId, verify };
  }

  it("saves a language chosen before signing in on the profile, and brings it back on a new device", async () => {
    const mobile = randomMobile();
    const first = await signInWith(mobile, { cookie: "lang=hi" });
    expect(first.verify.body.Status).toBe(1);
    expect(await savedLanguage(first.profileId)).toBe("hi");
    // The cookie was already there: not set again.
    expect(first.verify.headers.get("set-cookie")).not.toMatch(/lang=/);

    t.clock.advance(31_000);
    const again = await signInWith(mobile, {});
    expect(again.verify.headers.get("set-cookie")).toMatch(/lang=hi;/);
  });

  it("takes a sign-in asked for in Hindi as the choice; an English one chooses nothing", async () => {
    const hindi = await signInWith(randomMobile(), { "accept-language": "hi-IN" });
    expect(await savedLanguage(hindi.profileId)).toBe("hi");
    expect(hindi.verify.headers.get("set-cookie")).toMatch(/lang=hi;/);
    const english = await signInWith(randomMobile(), { "accept-language": "en-IN" });
    expect(await savedLanguage(english.profileId)).toBeNull();
    expect(english.verify.headers.get("set-cookie")).not.toMatch(/lang=/);
  });
});

describe("the page cache and the visitor's language", () => {
  const cache = createPageCache();
  for (const path of ["/", "/hi", "/blog"]) cache.setPermanent(path, `<html>${path}</html>`, { "Content-Type": "text/html" });
  const hit = (target: string, cookie?: string, acceptLanguage?: string) => cachedHit(cache, "GET", target, { cookie, acceptLanguage });

  it("does not answer an English page that exists in Hindi to a visitor who prefers Hindi", () => {
    expect(hit("/", "lang=hi")).toBeNull();
    expect(hit("/", undefined, "hi-IN,hi;q=0.9")).toBeNull();
    expect(hit("/", "lang=en", "hi-IN")?.page.body).toBe("<html>/</html>");
    expect(hit("/", undefined, "en-IN")?.page.body).toBe("<html>/</html>");
    expect(hit("/hi", "lang=en")?.page.body).toBe("<html>/hi</html>");
    expect(hit("/blog", "lang=hi")?.page.body).toBe("<html>/blog</html>");
  });

  it("tells shared caches that such a page varies with Cookie and Accept-Language", () => {
    expect(varyOf("/")).toBe("Accept-Encoding, Cookie, Accept-Language");
    expect(varyOf("/apply-now/")).toBe("Accept-Encoding, Cookie, Accept-Language");
    expect(varyOf("/hi")).toBe("Accept-Encoding");
    expect(varyOf("/blog")).toBe("Accept-Encoding");
  });
});
