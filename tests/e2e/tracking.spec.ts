// Decision 22 in the browser: the landing page's UTM parameters and click_id are kept (first touch)
// across pages and reach the login event; the sandbox tracker records login then code verification;
// no third-party script is on any page and the CSP names no tracking origin (none is configured).
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, signInThroughUi } from "./support.ts";
import { test } from "./fixtures.ts";

// Issue 23: this visitor allowed tracking on the cookie banner (nothing is tracked without it).
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000, trackingChoice: "tracking" });

type Recorded = { name: string; attribution: Record<string, string | null> };

/** Every script the page loads from a file is our own. */
async function expectOnlyOwnScripts(page: Page) {
  const origin = new URL(page.url()).origin;
  const sources = await page.evaluate(() => [...document.querySelectorAll("script[src]")].map((s) => (s as HTMLScriptElement).src));
  expect(sources.filter((src) => new URL(src).origin !== origin)).toEqual([]);
}

test("first-touch UTM parameters survive other pages and reach the login; no third-party script loads", async ({ page }) => {
  const click = `e2e-${randomBytes(4).toString("hex")}`;
  const landing = await page.goto(`/?utm_source=e2e-google&utm_medium=cpc&utm_campaign=e2e-camp&click_id=${click}`);
  const csp = landing!.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' /);
  expect(csp).not.toMatch(/tags|analytics|facebook|google/);
  await expectOnlyOwnScripts(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "sot_ft");
  expect(cookie?.httpOnly).toBe(true);

  // A later page with other parameters does not replace the first touch.
  await page.goto("/faq?utm_source=later-source&click_id=later-click");
  await expectOnlyOwnScripts(page);
  expect((await page.context().cookies()).find((c) => c.name === "sot_ft")?.value).toBe(cookie!.value);

  await signInThroughUi(page);
  await expectOnlyOwnScripts(page);

  let mine: Recorded[] = [];
  await expect
    .poll(async () => {
      const events = (await (await page.request.get("/dev/tracking.json")).json()) as Recorded[];
      mine = events.filter((e) => e.attribution.click_id === click);
      return mine.map((e) => e.name);
    })
    .toEqual(["login", "otp_verified"]);
  expect(mine[0].attribution).toMatchObject({ utm_source: "e2e-google", utm_medium: "cpc", utm_campaign: "e2e-camp" });
});
