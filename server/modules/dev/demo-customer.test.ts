import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROLLER } from "../../test-support/loan.ts";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import { createProductionTestApp } from "../../test-support/production-mode.ts";
import { randomMobile } from "../../test-support/test-app.ts";

const create = (t: TestApp, body: unknown, type = "application/json") =>
  t.app.request("/dev/demo-customer", { method: "POST", headers: { "content-type": type }, body: JSON.stringify(body) });

describe("POST /dev/demo-customer (sandbox)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createOnboardingApp();
  });
  afterAll(() => t.close());

  it("makes any number a REPEAT demo customer with a closed loan and a locked, verified bank account", async () => {
    const [a, b] = [randomMobile(), randomMobile()];
    for (const mobile of [a, b]) {
      const reply = await create(t, { mobile });
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({
        mobile,
        pancard: expect.stringMatching(/^DM[A-Z]P[A-Z]\d{4}[A-Z]$/),
        user_type: "REPEAT",
        bank_account_seeded: true,
      });
    }
    const { token } = await t.signIn(a);
    const headers = { "auth-token": token };
    const history = await t.post({}, { path: `${CONTROLLER}/getLeadList`, headers });
    expect(history.body.Data.lead_list).toHaveLength(1);
    expect(history.body.Data.lead_list[0]).toMatchObject({ status: "CLOSED" });
    const dash = await t.post({}, { path: `${CONTROLLER}/getDashboardData`, headers });
    expect(dash.body.Data.profile_details.user_type).toBe("REPEAT");
    const bank = await t.post({}, { path: `${CONTROLLER}/getBankingDetails`, headers });
    expect(bank.body.Data).toMatchObject({ locked: 1, can_skip: 0 });
    // Running it again replaces the customer rather than failing.
    expect((await create(t, { mobile: a })).status).toBe(200);
  });

  it("refuses a bad number or a body that is not JSON, creating nothing", async () => {
    expect((await create(t, { mobile: "12345" })).status).toBe(422);
    expect((await create(t, { mobile: randomMobile(), user_type: "NEW" })).status).toBe(422);
    expect((await create(t, { mobile: randomMobile() }, "text/plain")).status).toBe(415);
  });
});

describe("POST /dev/demo-customer (production mode)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createProductionTestApp();
  });
  afterAll(() => t.close());

  it("does not exist", async () => {
    expect((await create(t, { mobile: randomMobile() })).status).toBe(404);
  });
});
