// Page actions read their whole form into memory, so page posts are bounded at the edge (no browser needed).
import { request as httpRequest } from "node:http";
import { expect, test } from "./fixtures.ts";

const MB = 1024 * 1024;
const form = (bytes: number) => "a=" + "x".repeat(bytes);
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const COOKIE = { Cookie: "sot_session=not-a-real-session" };

/**
 * Declares a body of `bytes` and sends none of it: the refusal comes from the declared length, before
 * the body is read. (Sending the whole body races the server closing the socket after its 413: EPIPE.)
 */
function postDeclaring(url: string, bytes: number, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { ...headers, "Content-Length": String(bytes) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

test("a page post is refused with 413 past 1 MB without a session, and past the documents form's size with one", async ({ request, baseURL }) => {
  const anonymous = await postDeclaring(`${baseURL}/apply-now`, 2 * MB, FORM);
  expect(anonymous).toEqual({ status: 413, text: "The request is too large." });

  // With a session cookie (valid or not: the action checks it) a form up to the documents form's size reaches the page.
  const withCookie = await request.post("/my-dashboard/adhar-upload", { headers: { ...FORM, ...COOKIE }, data: form(2 * MB), maxRedirects: 0 });
  expect(withCookie.status()).not.toBe(413);
  const huge = await postDeclaring(`${baseURL}/my-dashboard/adhar-upload`, 40 * MB, { ...FORM, ...COOKIE });
  expect(huge).toEqual({ status: 413, text: "The request is too large." });
});
