// From 768 px the links sit in the top bar and there is no menu button.
import { test, expect } from "./support.ts";
import { gotoHydrated } from "./public-support.ts";

test("the top navigation shows its links, Apply Now and Pay Now, without a menu button", async ({ page }) => {
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await expect(page.getByRole("banner").getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/apply-now");
  await expect(page.getByRole("banner").getByRole("link", { name: "Pay Now" })).toHaveAttribute("href", "/repayloan");
  await nav.getByRole("link", { name: "About us" }).click();
  await page.waitForURL(/\/about-salaryontime$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About SalaryOnTime");
  await expect(nav.getByRole("link", { name: "About us" })).toHaveAttribute("aria-current", "page");
});
