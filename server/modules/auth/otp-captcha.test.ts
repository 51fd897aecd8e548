// Decision 15 as amended by issue 21: customers behind one shared address (carrier NAT, an office) are
// not blocked after 20 codes an hour. Past 20 sends from an address (sign-in and Pay Now together) each
// further send needs the image captcha, and the refusal carries a fresh one; only past 100 is the
// address refused. Per mobile the limit stays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../../core/contract/index.ts";
import { OTP_POLICY } from "../../../core/security-policy.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Answer = Awaited<ReturnType<typeof t.post>>;
const login = (ip: string, extra: Record<string, string> = {}, mobile = randomMobile()) =>
  t.post({ event_name: "login", mobile, ...extra }, { headers: { "x-forwarded-for": ip } });
let panCounter = 1000;
/** A new unknown PAN each time (its own per-PAN count); the answer is the same as for a known one. */
const payNowSend = (ip: string, extra: Record<string, string> = {}) =>
  t.post({ pancard: `ZZZPZ${panCounter++}Z`, ...extra }, { path: apiPath("repaySendOtp"), headers: { "x-forwarded-for": ip } });

function askedForCaptcha(answer: Answer, message: string) {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ Status: 2, Message: message, errors: { captcha: message } });
  const captcha = (answer.body as unknown as { captcha: Record<string, unknown> }).captcha;
  expect(captcha).toMatchObject({ captcha_id: expect.stringMatching(/^[0-9a-f-]{36}$/), captcha_image: expect.stringMatching(/^data:image\//) });
  return captcha.captcha_id as string;
}

const solved = async (id: string) => ({ captcha_id: id, captcha: (await t.services.captchas.reveal(id))! });

/** The spec-free English the apps read when a network sent many codes. */
const NEEDED = "Many codes were sent from your network in the last hour. Please type the characters in the image to get your code.";

describe("one-time codes from a shared address", () => {
  it("asks for the captcha past 20 sends an hour (sign-in and Pay Now together), with a fresh one each time, and refuses only past 100", async () => {
    const ip = "100.64.7.1";
    // 15 sign-ins and 5 Pay Now sends: 20 in all, none asked for a captcha.
    for (let i = 0; i < 15; i++) expect((await login(ip)).body.Status).toBe(1);
    for (let i = 0; i < 5; i++) expect((await payNowSend(ip)).body.Status).toBe(1);

    // The 21st: the captcha, not a refusal; asking again gives a new one and counts nothing.
    const first = askedForCaptcha(await login(ip), NEEDED);
    const second = askedForCaptcha(await payNowSend(ip), NEEDED);
    expect(second).not.toBe(first);
    // A wrong answer uses the image up and brings another.
    const third = askedForCaptcha(
      await login(ip, { captcha_id: second, captcha: "WRONG1" }),
      "The characters you typed did not match the image. Please type the characters in the new image.",
    );
    expect(third).not.toBe(second);
    askedForCaptcha(
      await login(ip, { captcha_id: second, captcha: "WRONG1" }),
      "This image has already been used. Please type the characters in the new image.",
    );
    // The right answer sends the code, on either form.
    expect((await login(ip, await solved(first))).body.Status).toBe(1);
    const again = askedForCaptcha(await payNowSend(ip), NEEDED);
    expect((await payNowSend(ip, await solved(again))).body.Status).toBe(1);

    // Another address is not affected.
    expect((await login("100.64.7.2")).body.Status).toBe(1);

    // Up to 100 sends with a captcha each (22 so far); the asks well past the enquiry form's own captcha limit (60 an hour).
    for (let sent = 22; sent < OTP_POLICY.sendsPerIpPerHour; sent++) {
      const id = askedForCaptcha(await login(ip), NEEDED);
      const answer = await login(ip, await solved(id));
      expect(answer.body.Status, `send ${sent + 1}: ${JSON.stringify(answer.body)}`).toBe(1);
    }
    // Past 100: refused for the hour, captcha or not.
    const refused = await login(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toMatch(/^Too many OTP requests\. Please try again in \d+ minutes?\.$/);
    expect((refused.body as unknown as { captcha?: unknown }).captcha).toBeUndefined();
    // An hour later the address starts afresh.
    t.clock.advance(61 * 60_000);
    expect((await login(ip)).body.Status).toBe(1);
  });

  it("keeps the per-mobile limit: the sixth code to one number in an hour is refused, captcha or not", async () => {
    const mobile = randomMobile();
    for (let i = 0; i < OTP_POLICY.sendsPerMobilePerHour; i++) {
      expect((await login(`100.64.8.${i + 1}`, {}, mobile)).body.Status).toBe(1);
      t.clock.advance(31_000);
    }
    const refused = await login("100.64.8.50", {}, mobile);
    expect(refused.status).toBe(429);
  });
});
