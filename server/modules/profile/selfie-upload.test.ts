import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/validation/index.ts";
import { customerProfiles, uploadedFiles } from "../../db/schema/index.ts";
import { PNG_BYTES, createOnboardingApp, onboard, payloads, type TestApp } from "../../test-support/onboarding.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(64, 1)]);
const PICTURE = "/Api/Website/RepeatInstantJourneyController/getProfilePicture";

async function getPicture(token: string, query = "") {
  return t.app.request(`${PICTURE}${query}`, { headers: { "auth-token": token } });
}

describe("selfie_upload (decision 19)", () => {
  it("stores a real image under a random name and moves to the eligibility check", async () => {
    const c = await onboard(t, { steps: 4 });
    const reply = await c.send(payloads.selfie(PNG_BYTES, "png"));
    expect(reply.body).toMatchObject({ Status: 1, Message: "Selfie uploaded successfully.", Data: { next_step: "register_now" } });
    expect(reply.body.Data.selfie_doc_url).toMatch(/^\/Api\/Website\/RepeatInstantJourneyController\/getProfilePicture\?v=/);
    const [file] = await t.services.db.select().from(uploadedFiles).where(eq(uploadedFiles.profileId, c.profileId));
    expect(file).toMatchObject({ kind: "selfie", contentType: "image/png", byteSize: PNG_BYTES.length });
    expect(file.storageKey).toMatch(/^[a-f0-9]{32}$/);
    const dir = join(t.services.env.dataDir, "uploads", file.storageKey.slice(0, 2));
    expect(readdirSync(dir)).toEqual([file.storageKey]);
  });

  it("accepts JPEG and WebP content, judged by its bytes", async () => {
    const c = await onboard(t, { steps: 4 });
    expect((await c.send(payloads.selfie(JPEG, "JPG"))).body.Status).toBe(1);
    // An edit replaces the picture; the old file is removed.
    expect((await c.send(payloads.selfie(WEBP, "WEBP"))).body).toMatchObject({ Status: 1, Data: { next_step: "register_now" } });
    const files = await t.services.db.select().from(uploadedFiles).where(eq(uploadedFiles.profileId, c.profileId));
    expect(files.map((f) => f.contentType)).toEqual(["image/webp"]);
  });

  it("refuses a PNG named .pdf", async () => {
    const c = await onboard(t, { steps: 4 });
    const reply = await c.send(payloads.selfie(PNG_BYTES, "pdf"));
    expect(reply.body).toMatchObject({ Status: 2, Message: "Selfie must be a JPEG, JPG, PNG or WEBP file." });
    expect((await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, c.profileId)))[0].nextStep).toBe("selfie_upload");
  });

  it("refuses an HTML file named .jpg", async () => {
    const c = await onboard(t, { steps: 4 });
    const html = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
    const reply = await c.send(payloads.selfie(html, "jpg"));
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      Status: 2,
      Message: "Selfie must be a JPEG, PNG or WebP image.",
      errors: { file: "Selfie must be a JPEG, PNG or WebP image." },
    });
    expect(await t.services.db.select().from(uploadedFiles).where(eq(uploadedFiles.profileId, c.profileId))).toEqual([]);
  });

  it("refuses a PDF named .png", async () => {
    const c = await onboard(t, { steps: 4 });
    const pdf = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n");
    expect((await c.send(payloads.selfie(pdf, "png"))).body).toMatchObject({ Status: 2, Message: "Selfie must be a JPEG, PNG or WebP image." });
  });

  it("refuses an image over 5 MB", async () => {
    const c = await onboard(t, { steps: 4 });
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const reply = await c.send(payloads.selfie(big, "PNG"));
    expect(reply.body).toMatchObject({ Status: 2, Message: "File is too large. The maximum size is 5 MB." });
  });

  it("asks for an image when none is sent", async () => {
    const c = await onboard(t, { steps: 4 });
    expect((await c.send({ event_name: "selfie_upload", file: "", file_ext: "" })).body).toMatchObject({ Status: 2, Message: MESSAGES.selfieRequired });
  });

  it("reads the picture back only for its owner, as an attachment that cannot run as HTML", async () => {
    const owner = await onboard(t, { steps: 5 });
    const other = await onboard(t, { steps: 0 });
    const res = await getPicture(owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="selfie.png"');
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG_BYTES);
    // Another customer asking for it by profile_id gets Status 4; without it, only their own (none).
    const foreign = await getPicture(other.token, `?profile_id=${owner.profileId}`);
    expect(foreign.status).toBe(401);
    expect((await foreign.json()).Status).toBe(4);
    expect((await getPicture(other.token)).status).toBe(404);
    expect((await t.app.request(PICTURE)).status).toBe(401);
  });
});
