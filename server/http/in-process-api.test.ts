import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createTestApp } from "../test-support/test-app.ts";
import { JOURNEY_PATH } from "../../core/contract/paths.ts";
import { inProcessApi, pageLanguageOf } from "./in-process-api.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger("info", (line) => logLines.push(line)) });
  // A stand-in for a page request: the React Router handler builds the same caller per request.
  t.app.post("/probe", async (c) => {
    const { path, body, language } = (await c.req.json()) as { path: string; body: Record<string, unknown>; language?: "en" | "hi" };
    const caller = inProcessApi(t.app, c, t.services.env.PUBLIC_ORIGIN, language);
    try {
      return caller.passCookies(c.json(await caller.api(path, body)));
    } catch (error) {
      return c.json({ refused: String(error) }, 400);
    }
  });
});
afterAll(() => t.close());

const probe = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}, language?: "en" | "hi") =>
  t.app.request("/probe", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ path, body, language }) });

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

  it("asks the API in the page's language, whatever the browser's Accept-Language says (issue 23)", async () => {
    const login = (mobile: string, language?: "en" | "hi") => probe(JOURNEY_PATH, { event_name: "login", mobile }, { "accept-language": "en-GB" }, language);
    const hindi = await (await login("9812300001", "hi")).json();
    expect(hindi.Message).toBe("OTP भेज दिया गया है।");
    const english = await (await login("9812300002")).json();
    expect(english.Message).toBe("OTP sent successfully.");
  });

  it("takes the page's language from the visitor on the dashboard and the gateways' return page, else from the address", () => {
    expect(pageLanguageOf("/my-dashboard", "hi")).toBe("hi");
    expect(pageLanguageOf("/my-dashboard/repayment.data", "hi")).toBe("hi");
    expect(pageLanguageOf("/thank-you/order_1/txn_1", "hi")).toBe("hi");
    expect(pageLanguageOf("/hi/repayloan", "en")).toBe("hi");
    expect(pageLanguageOf("/repayloan", "hi")).toBe("en");
    expect(pageLanguageOf("/contact-salaryontime", "hi")).toBe("en");
    expect(pageLanguageOf("/my-dashboardx", "hi")).toBe("en");
  });
});
