import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (body: unknown, type = "application/json") =>
  t.app.request("/dev/staff", { method: "POST", headers: { "content-type": type }, body: JSON.stringify(body) });

describe("POST /dev/staff (sandbox)", () => {
  it("creates a staff account with the role and answers a one-time enrolment path that opens", async () => {
    const reply = await create({ email: "Dev.Admin@Example.com", role: "auditor" });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { email: string; role: string; enrolment_path: string };
    expect(body).toMatchObject({ email: "dev.admin@example.com", role: "auditor" });
    expect(body.enrolment_path).toMatch(/^\/admin\/enrol\/[A-Za-z0-9_-]{40,}$/);
    const token = body.enrolment_path.split("/").pop()!;
    await expect(t.services.staff.enrolment(token)).resolves.toMatchObject({ email: "dev.admin@example.com", secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
  });

  it("refuses a bad role, a bad or taken e-mail and a body that is not JSON, never with a 500", async () => {
    expect((await create({ email: "a@example.com", role: "owner" })).status).toBe(422);
    expect((await create({ email: "not-an-email", role: "admin" })).status).toBe(422);
    expect((await create({ email: "taken@example.com", role: "admin" })).status).toBe(200);
    expect((await create({ email: "taken@example.com", role: "admin" })).status).toBe(400);
    expect((await create({ email: "b@example.com", role: "admin" }, "text/plain")).status).toBe(415);
    const emails = (await t.services.staff.desk.list({ staffId: "x", email: "x", role: "auditor", sessionId: "x" })).staff.map((s) => s.email);
    expect(emails.filter((e) => e === "taken@example.com")).toHaveLength(1);
    for (const refused of ["a@example.com", "not-an-email", "b@example.com"]) expect(emails).not.toContain(refused);
  });
});
