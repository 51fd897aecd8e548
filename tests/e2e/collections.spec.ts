// An overdue loan (decisions 28, 31): the customer's dashboard shows it overdue with the penal charge
// explained, and collections finds it in the queue with days past due and the amount due, and logs a contact.
import { apiPath } from "../../core/contract/paths.ts";
import { expect, expectNoAxeViolations, randomMobile, signInThroughUi, expectNoHorizontalOverflow } from "./support.ts";
import { test } from "./fixtures.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";
import { COLLECTIONS_MESSAGES } from "../../core/admin/collections-desk.ts";
import { withinContactHours } from "../../core/servicing/reminders.ts";

test("an overdue loan is shown overdue to the customer and is in the collections queue with its contact log", async ({ page, baseURL }, info) => {
  const mobile = randomMobile();
  // ₹20,000 for 25 days, now 5 days past its repayment date: ₹5,000 + 5 × ₹200 interest, 5 × ₹100 penal.
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", overdue_days: 5 } })).status()).toBe(200);
  await signInThroughUi(page, mobile);

  await page.goto("/my-dashboard");
  await expect(page.getByText("Overdue by 5 days.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i13-jobs-home-${info.project.name}.png`) });
  await page.goto("/my-dashboard/repayment");
  const notice = page.locator(".repay-overdue");
  await expect(notice).toContainText("Your loan is overdue by 5 days.");
  await expect(notice).toContainText("Please pay ₹26,500 today.");
  await expect(notice).toContainText("Penal charges so far: ₹500");
  await expect(notice).toContainText("never added to your interest rate");
  await expect(page.locator(".repay-summary tr[data-line=total] td")).toHaveText("₹26,500.00");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i13-jobs-overdue-${info.project.name}.png`) });
  const loanNo = ((await page.locator(".repay-facts div", { hasText: "Loan number" }).locator("dd").textContent()) ?? "").trim();

  // The page the post-signing SMS and e-mail link to: the customer's own documents, behind the session.
  const leadId = await page.evaluate(async (path) => {
    const reply = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return ((await reply.json()) as { Data: { active_loan_details: { lead_id: string } } }).Data.active_loan_details.lead_id;
  }, apiPath("getDashboardData"));
  await page.goto(`/my-dashboard/loan-documents/${leadId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your loan documents" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download signed agreement" })).toHaveAttribute("href", new RegExp(`lead_id=${leadId}$`));
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i13-jobs-documents-${info.project.name}.png`) });
  await page.context().clearCookies();
  // Signed out, the dashboard route asks for a sign-in instead of showing anything.
  await page.goto(`/my-dashboard/loan-documents/${leadId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your loan documents" })).toHaveCount(0);

  const collections = await staffAccount(page, baseURL!, "collections");
  await staffSignIn(page, baseURL!, collections);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: loanNo });
  await expect(row.locator('td[data-label="Days past due"]')).toHaveText("5");
  await expect(row.locator('td[data-label="Amount due"]')).toHaveText("₹26,500");
  await expect(row.locator('td[data-label="Penal charges"]')).toHaveText("₹500");
  await expect(row.locator('td[data-label="Customer"]')).toContainText(`XXXXXX${mobile.slice(-4)}`);

  await row.getByText(/0 notes/).click();
  await row.getByLabel("Outcome").selectOption("promised_to_pay");
  await row.getByLabel("Note").fill("Called; promised to pay by Friday.");
  // Issue 22: the server records a contact only from 08:00 to 19:00 India time (the real clock here; browser tests never move it).
  const inHours = withinContactHours(new Date());
  await row.getByRole("button", { name: "Add note" }).click();
  if (!inHours) {
    await expect(page.getByRole("alert").filter({ hasText: COLLECTIONS_MESSAGES.outsideHours })).toBeVisible();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: loanNo })
        .getByText(/0 notes/),
    ).toBeVisible();
  } else {
    await expect(page.getByRole("status").filter({ hasText: "Contact note saved." })).toBeVisible();
    const saved = page.getByRole("row").filter({ hasText: loanNo });
    // The loan's log stays open after the save, with the new note in it.
    await expect(saved.getByText(/1 note/)).toBeVisible();
    await expect(saved.locator(".contact-log")).toBeVisible();
    await expect(saved.locator(".contact-log")).toContainText("Phone call");
    await expect(saved.locator(".contact-log")).toContainText("Promised to pay");
    await expect(saved.locator(".contact-log")).toContainText("Called; promised to pay by Friday.");
  }
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i13-jobs-collections-${info.project.name}.png`) });
});
