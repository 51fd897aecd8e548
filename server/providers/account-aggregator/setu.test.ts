// The Setu adapter against recorded-style replies. The fixtures are modelled on Setu's FIU API
// documentation (v2 consents and data sessions, ReBIT FI data as JSON); they are not captures from a
// live account, and the sample person and numbers are made up.
import { describe, expect, it } from "vitest";
import { fakeFetch, fixture } from "../../test-support/fake-fetch.ts";
import { createSetuAccountAggregator } from "./setu.ts";

const config = { baseUrl: "https://fiu-sandbox.setu.co/v2/", clientId: "client-1", clientSecret: "secret-1", productId: "product-1" };
const consentId = "0f7d3c1e-5b2a-4c8e-9a61-2d4b7e9f1a30";
const sessionId = "5c9e2a71-8d34-4f0b-b6a2-73e1c0d9f458";
const load = (name: string) => fixture(import.meta.url, name);

function expectSetuHeaders(headers: Record<string, string>) {
  expect(headers).toMatchObject({
    "content-type": "application/json",
    "x-client-id": "client-1",
    "x-client-secret": "secret-1",
    "x-product-instance-id": "product-1",
  });
}

describe("Setu account aggregator", () => {
  it("creates a consent for six months of deposit data and hands back the consent page", async () => {
    const f = fakeFetch({ status: 201, json: load("setu-consent-created.json") });
    const aa = createSetuAccountAggregator({ ...config, fetch: f.fetch });
    const consent = await aa.createConsent({
      customerVua: "9876543210@onemoney",
      from: "2026-05-24",
      to: "2026-11-24",
      redirectUrl: "https://www.salaryontime.example/my-dashboard/account-aggregator-verify",
      sandboxHint: { name: "Rahul", monthlyIncome: 55_000, seed: "x" },
    });
    expect(consent).toEqual({ consentHandle: consentId, url: `https://fiu-sandbox.setu.co/consents/webview/${consentId}` });
    expect(f.calls).toHaveLength(1);
    const [call] = f.calls;
    expect(call.url).toBe("https://fiu-sandbox.setu.co/v2/consents");
    expect(call.method).toBe("POST");
    expectSetuHeaders(call.headers);
    // The sandbox hint never leaves the machine.
    expect(JSON.parse(String(call.body))).toEqual({
      consentDuration: { unit: "MONTH", value: 1 },
      vua: "9876543210@onemoney",
      dataRange: { from: "2026-05-24T00:00:00Z", to: "2026-11-24T23:59:59Z" },
      context: [],
      fiTypes: ["DEPOSIT"],
      consentMode: "STORE",
      fetchType: "ONETIME",
      redirectUrl: "https://www.salaryontime.example/my-dashboard/account-aggregator-verify",
    });
  });

  it("reads the consent status, with the consent id only once it is ACTIVE", async () => {
    const f = fakeFetch({ json: load("setu-consent-created.json") }, { json: load("setu-consent-active.json") }, { json: load("setu-consent-rejected.json") });
    const aa = createSetuAccountAggregator({ ...config, fetch: f.fetch });
    expect(await aa.consentStatus(consentId)).toEqual({ status: "PENDING", consentId: null });
    expect(await aa.consentStatus(consentId)).toEqual({ status: "ACTIVE", consentId });
    expect(await aa.consentStatus(consentId)).toEqual({ status: "REJECTED", consentId: null });
    expect(f.calls[0].url).toBe(`https://fiu-sandbox.setu.co/v2/consents/${consentId}`);
    expect(f.calls[0].method).toBe("GET");
    expectSetuHeaders(f.calls[0].headers);
  });

  it("escapes a consent handle that came back through the browser", async () => {
    const f = fakeFetch({ json: load("setu-consent-rejected.json") });
    await createSetuAccountAggregator({ ...config, fetch: f.fetch }).consentStatus("../sessions/x?y=1");
    expect(f.calls[0].url).toBe("https://fiu-sandbox.setu.co/v2/consents/..%2Fsessions%2Fx%3Fy%3D1");
  });

  it("opens a data session for the consented range", async () => {
    const f = fakeFetch({ status: 201, json: load("setu-session-created.json") });
    const aa = createSetuAccountAggregator({ ...config, fetch: f.fetch });
    expect(await aa.requestData({ consentId, from: "2026-05-24", to: "2026-11-24" })).toEqual({ sessionId });
    expect(f.calls[0].url).toBe("https://fiu-sandbox.setu.co/v2/sessions");
    expect(f.calls[0].method).toBe("POST");
    expectSetuHeaders(f.calls[0].headers);
    expect(JSON.parse(String(f.calls[0].body))).toEqual({ consentId, dataRange: { from: "2026-05-24T00:00:00Z", to: "2026-11-24T23:59:59Z" }, format: "json" });
  });

  it("turns the FI data of a completed session into statements, skipping accounts that sent none", async () => {
    const f = fakeFetch({ json: load("setu-session-completed.json") });
    const result = await createSetuAccountAggregator({ ...config, fetch: f.fetch }).fetchData(sessionId);
    expect(f.calls[0].url).toBe(`https://fiu-sandbox.setu.co/v2/sessions/${sessionId}`);
    expect(f.calls[0].method).toBe("GET");
    expect(result).toEqual({
      status: "COMPLETED",
      statements: [
        {
          maskedAccountNumber: "XXXXXXXX4321",
          bankName: "HDFC-FIP",
          holderName: "RAHUL KUMAR SHARMA",
          from: "2026-05-24",
          to: "2026-11-24",
          // Balance before the first transaction: 67,250.50 after a credit of 55,000.
          openingBalance: 12_250.5,
          transactions: [
            { date: "2026-10-31", narration: "SALARY OCT ACME TECHNOLOGIES PVT LTD", type: "CREDIT", amount: 55_000, balance: 67_250.5 },
            // No valueDate: the date comes from the transaction timestamp.
            { date: "2026-11-02", narration: "UPI/RENT/PAYMENT", type: "DEBIT", amount: 3_000, balance: 64_250.5 },
          ],
        },
      ],
    });
  });

  it("speaks the port's session states: Setu's PENDING is ACTIVE, PARTIAL is COMPLETED, an unknown one is FAILED", async () => {
    const pending = load("setu-session-pending.json");
    const completed = load("setu-session-completed.json");
    const f = fakeFetch(
      { json: pending },
      { json: { ...completed, status: "PARTIAL" } },
      { json: { ...pending, status: "EXPIRED" } },
      { json: { ...pending, status: "SOMETHING_NEW" } },
    );
    const aa = createSetuAccountAggregator({ ...config, fetch: f.fetch });
    expect(await aa.fetchData(sessionId)).toEqual({ status: "ACTIVE", statements: [] });
    const partial = await aa.fetchData(sessionId);
    expect(partial.status).toBe("COMPLETED");
    expect(partial.statements).toHaveLength(1);
    expect((await aa.fetchData(sessionId)).status).toBe("EXPIRED");
    expect((await aa.fetchData(sessionId)).status).toBe("FAILED");
  });

  it("fails on an error reply with the status and the call's name, never the handle or the body", async () => {
    const error = load("setu-error.json");
    const aa = (status: number) => createSetuAccountAggregator({ ...config, fetch: fakeFetch({ status, json: error }).fetch });
    await expect(aa(400).requestData({ consentId, from: "2026-11-24", to: "2026-05-24" })).rejects.toThrow(/^account aggregator answered 400 for sessions$/);
    await expect(aa(401).createConsent({ customerVua: "9876543210", from: "2026-05-24", to: "2026-11-24", redirectUrl: "https://x.example/" })).rejects.toThrow(
      /^account aggregator answered 401 for consents$/,
    );
    await expect(aa(404).consentStatus(consentId)).rejects.toThrow(/^account aggregator answered 404 for consents$/);
    await expect(aa(503).fetchData(sessionId)).rejects.toThrow(/^account aggregator answered 503 for sessions$/);
  });

  it("fails on a reply that is not JSON without quoting it", async () => {
    const f = fakeFetch({ status: 200, text: "<html><body>Gateway says RAHUL KUMAR SHARMA</body></html>", contentType: "text/html" });
    const attempt = createSetuAccountAggregator({ ...config, fetch: f.fetch }).fetchData(sessionId);
    await expect(attempt).rejects.toThrow(/^account aggregator sent a reply that is not JSON \(HTTP 200\)$/);
  });
});
