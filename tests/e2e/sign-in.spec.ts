import { codeFromOutbox, expectNoAxeViolations, randomMobile, requestCode, signInThroughUi, typeCode } from "./support.ts";
import { expect, test } from "./fixtures.ts";

test.describe("sign-in by mobile number and one-time code", () => {
  test("a new visitor signs in with the code from the outbox and lands on the dashboard", async ({ page }) => {
    await page.goto("/apply-now");
    await expectNoAxeViolations(page);
    const mobile = randomMobile();
    await requestCode(page, mobile);
    await expectNoAxeViolations(page);
    await expect(page.getByText(`We sent a 4-digit code to`)).toContainText(mobile.slice(6));
    const code = await codeFromOutbox(page.request, mobile);
    await typeCode(page, code);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/my-dashboard\/?$/);
    await expect(page.getByRole("heading", { name: "Welcome to SalaryOnTime" })).toBeVisible();
    await expect(page.getByText(/registration starts with your PAN/)).toBeVisible();
    await expectNoAxeViolations(page);
    // The token stays in an httpOnly cookie: scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("sot_session");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "sot_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("the mobile and terms rules show the spec's messages", async ({ page }) => {
    await page.goto("/apply-now");
    await page.getByLabel("Mobile number").fill("51234");
    await page.getByRole("button", { name: "Get OTP" }).click();
    await expect(page.getByRole("alert")).toHaveText("The Mobile field must be at least 10 characters in length.");
    // Decision 33: a full-length number with a first digit 0-5 is told which digits start a mobile.
    await page.getByLabel("Mobile number").fill("5123456789");
    await page.getByRole("button", { name: "Get OTP" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9.");
    await expectNoAxeViolations(page);
    await page.getByLabel("Mobile number").fill(randomMobile());
    await page.getByLabel("Mobile number").press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Please check the checkbox to accept our terms and conditions");
  });

  test("a wrong code shows the message and clears the boxes", async ({ page }) => {
    const mobile = randomMobile();
    await requestCode(page, mobile);
    const code = await codeFromOutbox(page.request, mobile);
    const wrong = code === "0000" ? "1111" : "0000";
    await typeCode(page, wrong);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect OTP. 4 attempts left.");
    for (let i = 1; i <= 4; i++) await expect(page.getByLabel(`Digit ${i} of 4`)).toHaveValue("");
    await expect(page.getByLabel("Digit 1 of 4")).toBeFocused();
    // The message goes after 5 seconds (spec section 8).
    await expect(page.getByRole("alert")).toHaveText("", { timeout: 7000 });
  });

  test("pasting the code fills every box, and Backspace on an empty box moves back", async ({ page }) => {
    const mobile = randomMobile();
    await requestCode(page, mobile);
    await page.getByLabel("Digit 1 of 4").focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "12 34");
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    for (const [i, d] of ["1", "2", "3", "4"].entries()) await expect(page.getByLabel(`Digit ${i + 1} of 4`)).toHaveValue(d);
    await page.getByLabel("Digit 4 of 4").press("Backspace");
    await expect(page.getByLabel("Digit 4 of 4")).toHaveValue("");
    await page.getByLabel("Digit 4 of 4").press("Backspace");
    await expect(page.getByLabel("Digit 3 of 4")).toBeFocused();
    await expect(page.getByLabel("Digit 3 of 4")).toHaveValue("");
  });

  test("Resend appears after the 30-second countdown", async ({ page }) => {
    await page.clock.install();
    const mobile = randomMobile();
    await requestCode(page, mobile);
    await expect(page.getByText(/Resend OTP in \d+s/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend OTP" })).toHaveCount(0);
    await page.clock.runFor(30_000);
    await expect(page.getByRole("button", { name: "Resend OTP" })).toBeVisible();
  });

  test("a signed-in visitor is sent from Apply Now to the dashboard", async ({ page }) => {
    await signInThroughUi(page);
    await page.goto("/apply-now");
    await expect(page).toHaveURL(/\/my-dashboard\/?$/);
  });

  test("anonymous Apply Now comes from the page cache; a signed-in request bypasses it and is redirected", async ({ page, playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await anonymous.get("/apply-now");
    const cached = await anonymous.get("/apply-now");
    expect(cached.status()).toBe(200);
    expect(cached.headers()["x-page-cache"]).toBe("hit");
    expect(cached.headers()["cache-control"]).toContain("must-revalidate");
    expect(cached.headers()["set-cookie"]).toBeUndefined();
    await anonymous.dispose();

    await signInThroughUi(page);
    const signedIn = await page.request.get("/apply-now", { maxRedirects: 0 });
    expect(signedIn.status()).toBe(302);
    expect(signedIn.headers()["x-page-cache"]).toBeUndefined();
  });

  test("without a session the dashboard redirects to Apply Now", async ({ page }) => {
    await page.goto("/my-dashboard");
    await expect(page).toHaveURL(/\/apply-now$/);
  });

  test("logout returns to Apply Now and the old session no longer works", async ({ page, browser }) => {
    await signInThroughUi(page);
    const oldCookie = (await page.context().cookies()).find((c) => c.name === "sot_session")!;
    if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Are you sure you want to logout?");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/apply-now$/);
    expect(await page.evaluate(() => ["mobile", "cust_profile_id", "next_step", "eligibility"].map((k) => sessionStorage.getItem(k)))).toEqual([
      null,
      null,
      null,
      null,
    ]);

    // Replaying the old cookie in a fresh browser gets no dashboard.
    const replay = await browser.newContext();
    await replay.addCookies([oldCookie]);
    const other = await replay.newPage();
    await other.goto("/my-dashboard");
    await expect(other).toHaveURL(/\/apply-now$/);
    await replay.close();
  });
});

test.describe("dashboard shell", () => {
  test("sidebar is collapsed on small screens and closes after a click there", async ({ page }) => {
    await signInThroughUi(page);
    const small = (page.viewportSize()?.width ?? 0) < 768;
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    const menu = page.getByRole("button", { name: "Menu" });
    if (small) {
      await expect(nav).toBeHidden();
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await menu.click();
      await expect(nav).toBeVisible();
      await nav.getByRole("link", { name: "Dashboard" }).click();
      await expect(nav).toBeHidden();
    } else {
      await expect(nav).toBeVisible();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await menu.click();
      await expect(nav).toBeHidden();
    }
    await expect(page.getByRole("link", { name: "My Account" }).first()).toHaveAttribute("href", "/my-dashboard/profile-preview");
  });
});
