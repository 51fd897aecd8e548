// Issue 22: a customer raises a complaint about collection from the dashboard and gets a reference
// (on screen and by SMS); collections sees the customer flagged; the grievance officer answers on the
// desk (escalating it to the nodal officer first) and the customer reads both. Anyone raises one from
// the public page with the captcha. The clock is never moved here: escalation at the deadline and the
// 30-day notice are walked in the server tests.
import { apiPath } from "../../core/contract/paths.ts";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, randomMobile, signInThroughUi } from "./support.ts";
import { test } from "./fixtures.ts";
import { staffAccount, staffSignIn } from "./loan-life-support.ts";

// The smallest valid PNG (1×1), as a photo attachment.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

test("a complaint is raised, acknowledged with a reference, flagged on collections, escalated and answered by the officer, and both seen by the customer", async ({
  page,
  baseURL,
}, info) => {
  const mobile = randomMobile();
  expect((await page.request.post("/dev/demo-customer", { data: { mobile, user_type: "UNPAID-REPEAT", overdue_days: 3 } })).status()).toBe(200);
  await signInThroughUi(page, mobile);
  const loanNo = await page.evaluate(async (path) => {
    const reply = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return ((await reply.json()) as { Data: { active_loan_details: { loan_no: string } } }).Data.active_loan_details.loan_no;
  }, apiPath("getDashboardData"));

  // From the dashboard's sidebar.
  await page.goto("/my-dashboard");
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "Complaints", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Complaints" })).toBeVisible();
  await expect(page.getByText("You have not raised any complaint.")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-complaints-empty-${info.project.name}.png`) });

  // Too short: refused with the field's message, nothing registered.
  await page.getByLabel("What is your complaint about?").selectOption("collection_conduct");
  await page.getByLabel("Describe what happened").fill("Rude.");
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page.locator("#description-error")).toHaveText("Describe your complaint in 10 to 2,000 characters.");

  await page.getByLabel("What is your complaint about?").selectOption("collection_conduct");
  await page.getByLabel("Loan number (optional)").fill(loanNo);
  await page.getByLabel("Describe what happened").fill("A caller from collections shouted at me on the phone.");
  await page.getByLabel("Attachment (optional)").setInputFiles({ name: "call-log.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Send complaint" }).click();
  const ack = page.getByRole("status").filter({ hasText: "Your complaint is registered." });
  await expect(ack).toBeVisible();
  const reference = ((await ack.locator("strong").textContent()) ?? "").trim();
  expect(reference).toMatch(/^GRV-\d{8}-[0-9A-F]{4}$/);
  const card = page.locator(".lead-card").filter({ hasText: reference });
  await expect(card).toContainText("Open");
  await expect(card).toContainText("No reply yet.");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-complaints-raised-${info.project.name}.png`) });
  // The acknowledgement SMS carries the same reference.
  await expect
    .poll(async () =>
      ((await (await page.request.get("/dev/outbox.json")).json()) as { to: string; text: string }[]).some(
        (m) => m.to === mobile && m.text.includes(reference),
      ),
    )
    .toBe(true);

  // Collections sees the customer flagged while the complaint is open.
  const collections = await staffAccount(page, baseURL!, "collections");
  await staffSignIn(page, baseURL!, collections);
  await page.goto("/admin/collections");
  const row = page.getByRole("row").filter({ hasText: loanNo });
  await expect(row.locator('td[data-label="Customer"]')).toContainText(`Open complaint about collection: ${reference}`);
  await page.getByRole("button", { name: /Sign out/ }).click();

  // The grievance officer finds it on the desk, oldest first, and replies.
  const officer = await staffAccount(page, baseURL!, "grievance_officer");
  await staffSignIn(page, baseURL!, officer);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Grievances" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grievances" })).toBeVisible();
  const desk = page.getByRole("row").filter({ hasText: reference });
  await expect(desk.locator('td[data-label="Age"]')).toContainText("0 days");
  await expect(desk.locator('td[data-label="Status"]')).toHaveText("Open");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-desk-${info.project.name}.png`) });
  await desk.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Complaint ${reference}` })).toBeVisible();
  await expect(page.getByText("A caller from collections shouted at me on the phone.")).toBeVisible();
  await expect(page.getByText(`XXXXXX${mobile.slice(-4)}`)).toBeVisible();
  await expect(page.getByRole("link", { name: /Download \(image\/png/ })).toBeVisible();
  // Serious enough to go to the nodal officer now, before the deadline.
  await page.getByRole("button", { name: "Escalate to the nodal officer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Complaint sent to the nodal officer; the customer is told." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Escalate to the nodal officer" })).toHaveCount(0);
  await page.getByLabel(/Reply to the customer/).fill("We are sorry. We have spoken to the caller and will call you only between 8 am and 7 pm.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply sent to the customer." })).toBeVisible();
  await expect(page.locator("ol").filter({ hasText: "Reply to the customer" })).toContainText("We have spoken to the caller");
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-desk-complaint-${info.project.name}.png`) });

  // The customer (still signed in: staff cookies are separate) reads the reply on the dashboard.
  await page.goto("/my-dashboard/complaints");
  const answered = page.locator(".lead-card").filter({ hasText: reference });
  await expect(answered).toContainText("Sent to our Principal Nodal Officer");
  await expect(answered).toContainText("Our reply");
  await expect(answered).toContainText("We have spoken to the caller and will call you only between 8 am and 7 pm.");
  await expectNoAxeViolations(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-complaints-answered-${info.project.name}.png`) });
});

test("anyone raises a complaint from the public page with the captcha; the recovery agents page says none is used", async ({ page }, info) => {
  await page.goto("/contact-salaryontime");
  await page.getByRole("main").getByRole("link", { name: "Raise a complaint", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Raise a complaint" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-public-form-${info.project.name}.png`) });

  const mobile = randomMobile();
  await page.getByLabel("Full name").fill("Meera Iyer");
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("What is your complaint about?").selectOption("credit_bureau");
  await page.getByLabel("Describe what happened").fill("My credit report shows a loan I repaid as overdue.");
  // A wrong captcha: refused, the fields kept, a new image.
  await page.getByLabel("Characters in the image").fill("WRONG");
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page.locator("#captcha-error")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Meera Iyer");

  const id = await page.locator('input[name="captcha_id"]').inputValue();
  const answer = ((await (await page.request.get(`/dev/captcha/${id}`)).json()) as { answer: string }).answer;
  await page.getByLabel("Characters in the image").fill(answer);
  await page.getByRole("button", { name: "Send complaint" }).click();
  const ack = page.getByRole("status").filter({ hasText: "Your complaint is registered." });
  await expect(ack).toContainText(/Your reference number is GRV-\d{8}-[0-9A-F]{4}\./);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-public-done-${info.project.name}.png`) });

  await page.goto("/recovery-agents");
  await expect(page.getByRole("heading", { level: 1, name: "Recovery agents" })).toBeVisible();
  await expect(page.getByText("SalaryOnTime does not engage any recovery agency")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ fullPage: true, path: info.outputPath(`i22-recovery-agents-${info.project.name}.png`) });
});
