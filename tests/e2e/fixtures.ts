// The `test` and `expect` every browser spec imports. Each test presents its own client address (so
// per-IP limits apply per test), and every console error and uncaught page error of the test's browser
// context (every page and popup in it) is recorded; the test fails at the end if there was any:
// hydration mismatches, CSP violations, failed loads and script errors all land there.
import { randomBytes } from "node:crypto";
import { test as base, type ConsoleMessage, type WebError } from "@playwright/test";

export { expect } from "@playwright/test";

function randomIp() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${(b[2] % 250) + 1}`;
}

/**
 * A refusal the page shows to the user (a form's field errors, a wrong code) comes as a 4xx answer to a
 * route-data or API request, and Chromium logs every 4xx as "Failed to load resource". Those are expected;
 * a 4xx for anything else (a missing script, image or icon) and every 5xx still fail the test.
 */
const REFUSAL = /^console\.error.*: Failed to load resource: the server responded with a status of 4\d\d .* at \S+?(\.data(\?\S*)?|\/[Aa]pi\/\S*)$/;

export const test = base.extend<{ clientIp: string; allowedConsoleErrors: RegExp[]; trackingChoice: "tracking" | "none" | null }>({
  clientIp: async ({}, use) => use(randomIp()),
  /**
   * Issue 23: the visitor's cookie-banner choice the test starts with. "none" by default, so the banner
   * stays out of other tests' way; the tracking and data-rights specs set their own (null: no choice).
   */
  trackingChoice: ["none", { option: true }],
  /** Console errors a test expects (e.g. a load it makes fail on purpose); `test.use({ allowedConsoleErrors: [/…/] })`. */
  allowedConsoleErrors: [[], { option: true }],
  context: async ({ context, clientIp, allowedConsoleErrors, trackingChoice, baseURL }, use, testInfo) => {
    await context.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    if (trackingChoice && baseURL) await context.addCookies([{ name: "sot_consent", value: trackingChoice, url: baseURL }]);
    const errors: string[] = [];
    const where = (url: string | undefined) => (url ? ` (${new URL(url).pathname})` : "");
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() !== "error") return;
      // A page that answers 4xx itself (a not-found page, a form posted without JavaScript refused with its errors).
      if (/status of 4\d\d/.test(message.text()) && message.location().url === message.page()?.url()) return;
      const text = `console.error${where(message.page()?.url())}: ${message.text()}${message.location().url ? ` at ${message.location().url}` : ""}`;
      if (!REFUSAL.test(text) && !allowedConsoleErrors.some((allowed) => allowed.test(text))) errors.push(text);
    };
    const onPageError = (error: WebError) => {
      const text = `page error${where(error.page()?.url())}: ${error.error().message}`;
      if (!allowedConsoleErrors.some((allowed) => allowed.test(text))) errors.push(text);
    };
    context.on("console", onConsole);
    context.on("weberror", onPageError);
    await use(context);
    context.off("console", onConsole);
    context.off("weberror", onPageError);
    if (errors.length && testInfo.status === testInfo.expectedStatus) {
      throw new Error(`The browser logged ${errors.length} error(s):\n${errors.join("\n")}`);
    }
  },
});
