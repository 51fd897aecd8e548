// Below 768 px the navigation lives in a slide-out menu.
import { expectNoAxeViolations } from "./support.ts";
import { gotoReady } from "./public-support.ts";
import { expect, test } from "./fixtures.ts";

test("the mobile menu opens, closes with the button and Escape, and closes after navigating to the top of the new page", async ({ page }) => {
  await gotoReady(page, "/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await toggle.click();
  await menu.getByRole("link", { name: "Rates and terms" }).click();
  await page.waitForURL(/\/rate-and-terms$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rates and terms");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("at 360 px the header's Apply Now stays on one line and the footer's link groups open on a tap", async ({ page }) => {
  await gotoReady(page, "/");
  const apply = page.getByRole("banner").getByRole("link", { name: "Apply Now" });
  expect((await apply.boundingBox())!.height).toBeLessThanOrEqual(44);
  const footer = page.getByRole("contentinfo");
  // Closed on a phone: the links are one tap away; the grievance officer is named once and always shown.
  const cities = footer.getByRole("region", { name: "Loans by location" });
  await expect(cities.getByRole("link", { name: "Delhi" })).toBeHidden();
  await cities.getByRole("heading", { name: "Loans by location" }).click();
  await expect(cities.getByRole("link", { name: "Delhi" })).toBeVisible();
  await expect(footer.getByRole("region", { name: "Grievance redressal" }).getByRole("link", { name: /^grievance@/ })).toBeVisible();
  await expect(footer.getByText("Ms. Kavya Raman")).toHaveCount(1);
  await expectNoAxeViolations(page);
});
