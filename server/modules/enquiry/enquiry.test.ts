import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "../../db/schema/index.ts";
import { createProductionTestApp } from "../../test-support/production-mode.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, drawCaptcha } from "./captcha-image.ts";
import { ENQUIRY_LIMIT } from "./enquiry.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CAPTCHA = "/index.php/Api/EnquiryController/generate_captcha";
const ENQUIRE = "/Api/EnquiryController/enquire";
const form = { name: "Asha Rao", mobile: "9876543210", email: "asha@example.com", city: "Pune", message: "Please call me about a ₹50,000 loan." };

async function captcha(ip: string) {
  const reply = await t.post({}, { path: CAPTCHA, headers: { "x-forwarded-for": ip } });
  expect(reply.status).toBe(200);
  const id = reply.body.Data.captcha_id as string;
  const answer = (await (await t.app.request(`/dev/captcha/${id}`)).json()) as { answer: string };
  return { id, answer: answer.answer, image: reply.body.Data.captcha_image as string };
}
const enquire = (body: Record<string, unknown>, ip: string) => t.post(body, { path: ENQUIRE, headers: { "x-forwarded-for": ip } });
const stored = async () => t.services.db.select().from(enquiries);

describe("captcha image", () => {
  it("is a server-drawn SVG data URI that does not contain its answer as text", async () => {
    const c = await captcha(t.freshIp());
    expect(c.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(c.image.split(",")[1], "base64").toString("utf8");
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|<tspan|font/i);
    expect(svg).not.toContain(c.answer);
    // Two drawings of one answer differ (random distortion).
    expect(drawCaptcha("ACE34")).not.toBe(drawCaptcha("ACE34"));
  });

  it("answers on the path without /index.php too", async () => {
    const reply = await t.post({}, { path: "/Api/EnquiryController/generate_captcha" });
    expect(reply.body.Status).toBe(1);
    expect(reply.body.Data.expires_in).toBe(300);
  });

  it("is stored only as a keyed hash", async () => {
    const c = await captcha(t.freshIp());
    const rows = (await t.database.db.execute(`SELECT * FROM captcha_challenges WHERE id = '${c.id}'`)) as unknown as { rows: Record<string, unknown>[] };
    expect(JSON.stringify(rows.rows)).not.toContain(c.answer);
    expect(rows.rows[0].answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("enquire", () => {
  it("stores an enquiry with the right captcha (any case, spaces ignored)", async () => {
    const ip = t.freshIp();
    const c = await captcha(ip);
    const before = (await stored()).length;
    const reply = await enquire({ ...form, captcha_id: c.id, captcha: ` ${c.answer.toLowerCase()} ` }, ip);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ Status: 1, Message: "Thank you. Your enquiry has reached us and our team will contact you within one working day." });
    const rows = await stored();
    expect(rows.length).toBe(before + 1);
    const row = rows.find((r) => r.id === reply.body.Data.enquiry_id)!;
    expect(row).toMatchObject({ name: "Asha Rao", mobile: "9876543210", email: "asha@example.com", city: "Pune" });
    expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a reused captcha", async () => {
    const ip = t.freshIp();
    const c = await captcha(ip);
    expect((await enquire({ ...form, captcha_id: c.id, captcha: c.answer }, ip)).body.Status).toBe(1);
    const again = await enquire({ ...form, captcha_id: c.id, captcha: c.answer }, ip);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      Status: 2,
      Message: "This image has already been used. Please type the characters in the new image.",
      errors: { captcha: "This image has already been used. Please type the characters in the new image." },
    });
  });

  it("refuses a wrong answer and burns the captcha, so a second guess fails even if right", async () => {
    const ip = t.freshIp();
    const c = await captcha(ip);
    const before = (await stored()).length;
    const wrong = await enquire({ ...form, captcha_id: c.id, captcha: c.answer === "AAAAA" ? "CCCCC" : "AAAAA" }, ip);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ Status: 2, Message: "The characters you typed did not match the image. Please type the characters in the new image." });
    const retry = await enquire({ ...form, captcha_id: c.id, captcha: c.answer }, ip);
    expect(retry.body.Message).toBe("This image has already been used. Please type the characters in the new image.");
    expect((await stored()).length).toBe(before);
    // and the sandbox no longer reveals it
    expect((await t.app.request(`/dev/captcha/${c.id}`)).status).toBe(404);
  });

  it("refuses an expired captcha (older than 5 minutes)", async () => {
    const ip = t.freshIp();
    const c = await captcha(ip);
    t.clock.advance(5 * 60 * 1000 + 1);
    const reply = await enquire({ ...form, captcha_id: c.id, captcha: c.answer }, ip);
    expect(reply.body).toMatchObject({ Status: 2, Message: "This image has expired. Please type the characters in the new image." });
  });

  it("accepts a captcha just inside 5 minutes", async () => {
    const ip = t.freshIp();
    const c = await captcha(ip);
    t.clock.advance(5 * 60 * 1000 - 1000);
    expect((await enquire({ ...form, captcha_id: c.id, captcha: c.answer }, ip)).body.Status).toBe(1);
  });

  it("refuses unknown and malformed captcha ids without a 500", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "'; DROP TABLE enquiries; --"]) {
      const reply = await enquire({ ...form, captcha_id: id, captcha: "ACE34" }, t.freshIp());
      expect(reply.status).toBe(400);
      expect(reply.body.Message).toBe("This image is not valid. Please type the characters in the new image.");
    }
  });

  it("gives the rule messages of core for bad fields and keeps the captcha usable", async () => {
    const ip = t.freshIp();
    const c = await captcha(ip);
    const reply = await enquire({ name: "", mobile: "12345", email: "nope", message: "x".repeat(1001), captcha_id: c.id, captcha: c.answer }, ip);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toMatchObject({
      name: "Name is required!",
      email: expect.any(String),
      mobile: expect.any(String),
      message: "Message must be at most 1,000 characters.",
    });
    expect(reply.body.Message).toBe("Name is required!");
    // Fixing the form with the same image works: a form error does not spend the captcha.
    expect((await enquire({ ...form, captcha_id: c.id, captcha: c.answer }, ip)).body.Status).toBe(1);
  });

  it("requires the captcha fields", async () => {
    const reply = await enquire(form, t.freshIp());
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ captcha_id: "Captcha ID is required!", captcha: "Captcha is required!" });
  });

  it("rate-limits by IP with HTTP 429 and Retry-After, counting wrong tries too", async () => {
    const ip = t.freshIp();
    for (let i = 0; i < ENQUIRY_LIMIT.max; i++) {
      const reply = await enquire({ ...form, captcha_id: "00000000-0000-4000-8000-000000000000", captcha: "AAAAA" }, ip);
      expect(reply.status).toBe(400);
    }
    const c = await captcha(ip);
    const limited = await enquire({ ...form, captcha_id: c.id, captcha: c.answer }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.Status).toBe(2);
    expect(limited.body.Message).toMatch(/^Too many requests from your network\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = t.freshIp();
    const c2 = await captcha(other);
    expect((await enquire({ ...form, captcha_id: c2.id, captcha: c2.answer }, other)).body.Status).toBe(1);
  });

  it("refuses a body that is not JSON with a 4xx", async () => {
    const reply = await t.post(undefined, { path: ENQUIRE, raw: "{nope" });
    expect(reply.status).toBe(400);
  });
});

describe("production mode", () => {
  it("has no captcha-answer page", async () => {
    const prod = await createProductionTestApp();
    try {
      const issued = await prod.post({}, { path: CAPTCHA });
      expect(issued.body.Status).toBe(1);
      const id = issued.body.Data.captcha_id as string;
      expect((await prod.app.request(`/dev/captcha/${id}`)).status).toBe(404);
      expect(await prod.services.captchas.reveal(id)).toBeNull();
      const devPost = await prod.app.request("/dev/blog-post", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ slug: "test-x", long_description: "<p>x</p>" }),
      });
      expect(devPost.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
