import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createTestApp } from "../test-support/test-app.ts";
import { inProcessApi } from "./in-process-api.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger("info", (line) => logLines.push(line)) });
  // A stand-in for a page request: the React Router handler builds the same caller per request.
  t.app.post("/probe", async (c) => {
    const caller = inProcessApi(t.app, c, t.services.env.PUBLIC_ORIGIN);
    const { path, body } = (await c.req.json()) as { path: string; body: Record<string, unknown> };
    try {
      return caller.passCookies(c.json(await caller.api(path, body)));
    } catch (error) {
      return c.json({ refused: String(error) }, 400);
    }
  });
});
afterAll(() => t.close());

const probe = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.request("/probe", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ path, body }) });

describe("loaders' in-process API caller", () => {
  it("answers with the visitor's session, as the JSON API does, and refuses another customer's lead the same way", async () => {
    const { token } = await t.signIn();
    const mine = await (await probe("/Api/Website/RepeatInstantJourneyController/getDashboardData", {}, { "auth-token": token })).json();
    expect(mine.Status).toBe(1);
    expect(mine.Data.next_event_name).toBe("pancard_verification");
    const foreign = await (
      await probe("/Api/Website/RepeatInstantJourneyController/getDashboardData", { profile_id: crypto.randomUUID() }, { "auth-token": token })
    ).json();
    expect(foreign.Status).toBe(4);
  });

  it("without a session gets the API's own Status 4, and validation is the API's", async () => {
    const none = await (await probe("/Api/Website/RepeatInstantJourneyController/getDashboardData", {})).json();
    expect(none.Status).toBe(4);
    const { token } = await t.signIn();
    const bad = await (
      await probe(
        "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration",
        { event_name: "pancard_verification", pancard: "ABC", monthly_income: "" },
        { "auth-token": token },
      )
    ).json();
    expect(bad.Status).toBe(2);
    expect(Object.keys(bad.errors)).toContain("pancard");
  });

  it("carries the client address and the page's request id to the API's log line", async () => {
    logLines.length = 0;
    await probe("/Api/MasterController/masterAPI", { type: "state" }, { "x-request-id": "page-req-1" });
    const inner = logLines.map((l) => JSON.parse(l)).filter((l) => l.path === "/Api/MasterController/masterAPI");
    expect(inner).toHaveLength(1);
    expect(inner[0].reqId).toBe("page-req-1");
  });

  it("passes cookies the API sets (logout clears the session cookie) to the page's answer", async () => {
    const { token } = await t.signIn();
    const reply = await probe("/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration", { event_name: "logout" }, { "auth-token": token });
    expect(reply.headers.getSetCookie().join("\n")).toMatch(/sot_session=;/);
  });

  it("reaches the JSON API only", async () => {
    const reply = await probe("/dev/outbox.json", {});
    expect((await reply.json()).refused).toMatch(/\/Api\/\* only/);
  });
});
