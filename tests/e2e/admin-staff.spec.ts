// The back office end to end: staff made through the sandbox route, enrolled with a TOTP key read off the
// enrolment page, signed in with password + code by keyboard; an admin edits a post and handles an enquiry,
// an auditor reads the audit rows and the server refuses them any change to the blog.
import { randomBytes } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { checkScreen, createStaff, enrol, signInWithKeyboard } from "./admin-support.ts";
import { collectConsoleErrors } from "./public-support.ts";
import { randomMobile } from "./support.ts";
import { expect, test } from "./fixtures.ts";

/** An enquiry through the public API with the sandbox's captcha answer; answers its id. */
async function sendEnquiry(page: Page, message: string) {
  const captcha = await page.request.post("/Api/EnquiryController/generate_captcha", { data: {} });
  const captchaId = ((await captcha.json()) as { Data: { captcha_id: string } }).Data.captcha_id;
  const { answer } = (await (await page.request.get(`/dev/captcha/${captchaId}`)).json()) as { answer: string };
  const sent = await page.request.post("/Api/EnquiryController/enquire", {
    data: { name: "Ravi Kumar", mobile: randomMobile(), email: "ravi@example.com", city: "Nagpur", message, captcha_id: captchaId, captcha: answer },
  });
  const reply = (await sent.json()) as { Status: number; Data: { enquiry_id: string } };
  expect(reply.Status).toBe(1);
  return reply.Data.enquiry_id;
}

test("an admin enrols, signs in with password and TOTP, edits a post with a preview and handles an enquiry; an auditor reads the audit rows and cannot change the blog", async ({
  page,
}, info) => {
  const errors = collectConsoleErrors(page);
  const run = `${info.project.name}-${randomBytes(3).toString("hex")}`;
  const slug = `test-admin-${run}`;
  const marker = `Edited in the back office ${run}`;

  // A post and an enquiry to work on; the public post is rendered (and cached) before the edit.
  expect((await page.request.post("/dev/blog-post", { data: { slug, long_description: "<p>The body before the edit.</p>" } })).status()).toBe(200);
  // (Through the server's page cache, which the save must drop; the browser's own 60 s cache is not under test.)
  expect(await (await page.request.get(`/blog/${slug}`)).text()).toContain("The body before the edit.");
  const enquiryMessage = `Please call me back about my salary advance (${run}).`;
  const enquiryId = await sendEnquiry(page, enquiryMessage);

  // Enrolment: the key is shown as text beside the QR; the app's code and a password finish it.
  const made = await createStaff(page, "admin", info);
  await page.goto(made.enrolmentPath);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your back office sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await checkScreen(page, info, "enrolment");
  const admin = await enrol(page, made.email);
  await checkScreen(page, info, "enrolment-done");
  // The link is spent (asked without navigating, so the browser logs no failed load).
  const spent = await page.request.get(made.enrolmentPath);
  expect(spent.status()).toBe(404);
  expect(await spent.text()).not.toContain("Choose a password");

  // Sign-in by keyboard: e-mail, Tab, password, Enter; then the code, Enter.
  let step = 0;
  await signInWithKeyboard(page, admin, () => checkScreen(page, info, `sign-in-${["password", "code"][step++]}`));
  await expect(page.getByText(`${admin.email} (Admin)`)).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Back office" });
  // Other desks add their own items; the admin's include these and never the audit log.
  for (const item of ["Home", "Staff", "Blog", "Enquiries"]) await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await checkScreen(page, info, "home-admin");

  // Staff desk: the admin is listed as "You".
  await nav.getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: admin.email })).toContainText("You");
  await checkScreen(page, info, "staff");
  // Issue 21: after "Create and get link" the form is empty for the next person, and the link is shown.
  const colleague = `collections-${run}@example.com`;
  await page.getByLabel("E-mail", { exact: true }).fill(colleague);
  await page.getByLabel("Role", { exact: true }).selectOption("collections");
  await page.getByRole("button", { name: "Create and get link" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${colleague}. Send them this one-time enrolment link:`);
  await expect(page.getByRole("status")).toContainText("/admin/enrol/");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("");
  await checkScreen(page, info, "staff-created");

  // Blog desk: edit the post, preview the Markdown, save; the public post changes.
  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog posts" })).toBeVisible();
  await checkScreen(page, info, "blog");
  await page.goto(`/admin/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit: Test post ${slug}` })).toBeVisible();
  const body = page.getByLabel(/^Body/);
  await expect(body).toHaveValue(/The body before the edit\./);
  await body.fill(`## What changed\n\n${marker}, with **bold words**.`);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "What changed" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("bold words");
  // A preview saves nothing.
  expect(await (await page.request.get(`/blog/${slug}`)).text()).toContain("The body before the edit.");
  await checkScreen(page, info, "blog-edit-preview");
  await page.getByRole("button", { name: "Save" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Saved." });
  await expect(saved).toBeVisible();
  await checkScreen(page, info, "blog-edit-saved");
  await saved.getByRole("link", { name: `/blog/${slug}` }).click();
  await page.waitForURL(`/blog/${slug}`);
  await expect(page.locator(".blog-body")).toContainText(marker);
  await expect(page.locator(".blog-body strong")).toHaveText("bold words");
  await expect(page.locator(".blog-body")).not.toContainText("The body before the edit.");

  // Enquiries desk: mark ours handled; it leaves the open list and shows under handled.
  await page.goto("/admin/enquiries");
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: enquiryMessage });
  await checkScreen(page, info, "enquiries");
  await row.getByRole("button", { name: "Mark as handled" }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole("link", { name: "handled", exact: true }).click();
  await expect(row.getByRole("button", { name: "Mark as not handled" })).toBeVisible();
  await checkScreen(page, info, "enquiries-handled");

  // The audit log is the auditor's, not the admin's: the server refuses it.
  // (Through the page's own cookies, not a navigation, so the browser logs no failed load.)
  const refused = await page.request.get("/admin/audit");
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('role="alert"');

  // Sign out, then the auditor, made and enrolled the same way.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("/admin/sign-in");
  const madeAuditor = await createStaff(page, "auditor", info);
  await page.goto(madeAuditor.enrolmentPath);
  const auditor = await enrol(page, madeAuditor.email);
  await signInWithKeyboard(page, auditor);
  for (const item of ["Home", "Staff", "Blog", "Enquiries", "Audit log"]) await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();

  // The audit rows of the admin's work, found with the filters.
  await nav.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Target id").fill(slug);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/targetId=/);
  const editRow = page.getByRole("row").filter({ hasText: "blog.edit" });
  await expect(editRow).toHaveCount(1);
  await expect(editRow).toContainText(admin.email);
  await expect(editRow).toContainText(`blog_post ${slug}`);
  await expect(editRow).toContainText(marker);
  await checkScreen(page, info, "audit");
  await page.goto(`/admin/audit?targetId=${enquiryId}`);
  await expect(page.getByRole("row").filter({ hasText: "enquiry.handled" })).toContainText(admin.email);
  await page.goto(`/admin/audit?actor=${encodeURIComponent(admin.email)}&action=staff.sign_in`);
  await expect(page.getByRole("row").filter({ hasText: "staff.sign_in" })).toHaveCount(1);

  await auditorCannotChangeTheBlog(page, info, slug, marker);

  expect(errors).toEqual([]);
});

/** The auditor reads the post (decision 32) but cannot change it, and has no handled toggle. */
async function auditorCannotChangeTheBlog(page: Page, info: TestInfo, slug: string, marker: string) {
  // The auditor reads the post (decision 32: reads everything) but the form is shut...
  await page.goto(`/admin/blog/${slug}`);
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Preview" })).toBeDisabled();
  await checkScreen(page, info, "blog-edit-auditor");
  // ...and the server refuses a save or a preview sent anyway, leaving the public post as it was.
  const form = {
    title: "Hijacked",
    slug,
    category_name: "News",
    publish_date: "2020-01-01",
    short_description: "x",
    seo_title: "x",
    seo_description: "x",
    thumb_image_url: "",
    banner_image_url: "",
    long_description: "Hijacked body",
  };
  for (const intent of ["save", "preview"]) {
    const forged = await page.request.post(`/admin/blog/${slug}`, { form: { ...form, intent }, headers: { origin: new URL(page.url()).origin } });
    expect(forged.status(), intent).toBe(403);
  }
  const publicPost = await (await page.request.get(`/blog/${slug}`)).text();
  expect(publicPost).toContain(marker);
  expect(publicPost).not.toContain("Hijacked");
  // No handled toggle for the auditor either.
  await page.goto("/admin/enquiries?show=all");
  await expect(page.getByRole("button", { name: /Mark as/ })).toHaveCount(0);
}
