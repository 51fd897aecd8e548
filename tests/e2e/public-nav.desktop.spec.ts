// From 768 px the links sit in the top bar and there is no menu button.
import { gotoReady } from "./public-support.ts";
import { expect, test } from "./fixtures.ts";

test("the top navigation shows its links, Apply Now and Pay Now, without a menu button", async ({ page }) => {
  await gotoReady(page, "/");
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

test("at 1280 px the eight top links and both buttons sit on one line", async ({ page }) => {
  await gotoReady(page, "/");
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(links).toHaveCount(8);
  const tops = new Set<number>();
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    tops.add(Math.round((await link.boundingBox())!.y));
  }
  expect([...tops]).toHaveLength(1);
  const bar = await page.locator(".site-header-bar").boundingBox();
  expect(bar!.height).toBeLessThanOrEqual(64);
});
