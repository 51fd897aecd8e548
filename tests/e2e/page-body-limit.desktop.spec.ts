// Page actions read their whole form into memory, so page posts are bounded at the edge (no browser needed).
import { expect, test } from "./fixtures.ts";

const MB = 1024 * 1024;
const form = (bytes: number) => "a=" + "x".repeat(bytes);
// A refusal is answered before the body is read, so the connection is not reused after it.
const FORM = { "Content-Type": "application/x-www-form-urlencoded", Connection: "close" };

test("a page post is refused with 413 past 1 MB without a session, and past the documents form's size with one", async ({ request }) => {
  const anonymous = await request.post("/apply-now", { headers: FORM, data: form(2 * MB) });
  expect(anonymous.status()).toBe(413);
  expect(await anonymous.text()).toBe("The request is too large.");

  // With a session cookie (valid or not: the action checks it) a form up to the documents form's size reaches the page.
  const cookie = { ...FORM, Cookie: "sot_session=not-a-real-session" };
  const withCookie = await request.post("/my-dashboard/adhar-upload", { headers: cookie, data: form(2 * MB), maxRedirects: 0 });
  expect(withCookie.status()).not.toBe(413);
  const huge = await request.post("/my-dashboard/adhar-upload", { headers: cookie, data: form(40 * MB), maxRedirects: 0 });
  expect(huge.status()).toBe(413);
});
