import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { createTestApp } from "../test-support/test-app.ts";
import { createSandboxAccountAggregator } from "./account-aggregator/sandbox.ts";
import { codeChallengeS256 } from "./digilocker/port.ts";
import { createSandboxDigiLocker } from "./digilocker/sandbox.ts";
import { createDbSandboxStore } from "./sandbox-store.ts";

// Two sandboxes over one database stand for two server instances behind a load balancer
// (PGlite, or PostgreSQL with TEST_DATABASE_URL as in CI).
let t: Awaited<ReturnType<typeof createTestApp>>;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(() => t.close());

describe("sandbox store in the database", () => {
  it("takes a record once, adds a key once, swaps a status once, and forgets expired records", async () => {
    let t = Date.UTC(2026, 10, 24);
    const store = createDbSandboxStore(database.db, () => new Date(t));
    await store.put("k", "a", { status: "PENDING", n: 1 }, 60_000);
    expect(await store.get("k", "a")).toEqual({ status: "PENDING", n: 1 });
    expect(await store.swap("k", "a", "PENDING", { status: "DONE", n: 2 })).toBe(true);
    expect(await store.swap("k", "a", "PENDING", { status: "DONE", n: 3 })).toBe(false);
    expect(await store.take("k", "a")).toEqual({ status: "DONE", n: 2 });
    expect(await store.take("k", "a")).toBeNull();
    expect(await store.add("k", "b", 1, 60_000)).toBe(true);
    expect(await store.add("k", "b", 2, 60_000)).toBe(false);
    t += 61_000;
    expect(await store.get("k", "b")).toBeNull();
    expect(await store.add("k", "b", 3, 60_000)).toBe(true);
    expect(await store.get("k", "b")).toBe(3);
  });

  it("gives a string back as the string it was, even one that reads as a JSON number (a captcha answer)", async () => {
    const store = createDbSandboxStore(database.db);
    for (const answer of ["3479", "37E49", "true", "null"]) {
      await store.put("captcha-answer", answer, answer, 60_000);
      expect(await store.get("captcha-answer", answer)).toBe(answer);
      expect(await store.take("captcha-answer", answer)).toBe(answer);
    }
  });

  it("DigiLocker: a request started on one instance is answered on the other, and its code is used once", async () => {
    const origin = "http://localhost:3207";
    const a = createSandboxDigiLocker({ origin, store: createDbSandboxStore(database.db) });
    const b = createSandboxDigiLocker({ origin, store: createDbSandboxStore(database.db) });
    const redirectUri = `${origin}/ekyc/digilocker/callback`;
    const url = new URL(await a.port.authorizeUrl({ state: "state-1", codeChallenge: codeChallengeS256("verifier"), redirectUri }));
    const shown = await b.routes().request(url.pathname.replace("/sandbox/digilocker", "") + url.search);
    expect(shown.status).toBe(200);
    const answer = await b.routes().request("/consent", { method: "POST", body: new URLSearchParams({ state: "state-1", decision: "allow", last4: "1234" }) });
    const code = new URL(answer.headers.get("location")!).searchParams.get("code")!;
    expect((await a.port.fetchKyc({ code, codeVerifier: "verifier", redirectUri })).last4).toBe("1234");
    await expect(b.port.fetchKyc({ code, codeVerifier: "verifier", redirectUri })).rejects.toMatchObject({ code: "invalid_grant" });
  });

  it("account aggregator: consent made on one instance, approved on the other, data fetched once", async () => {
    const origin = "http://localhost:3207";
    const a = createSandboxAccountAggregator({ origin, store: createDbSandboxStore(database.db) });
    const b = createSandboxAccountAggregator({ origin, store: createDbSandboxStore(database.db) });
    const { consentHandle } = await a.port.createConsent({
      customerVua: "9000000001@sandbox",
      from: "2026-05-01",
      to: "2026-10-31",
      redirectUrl: `${origin}/aa/return`,
      sandboxHint: { name: "Asha", monthlyIncome: 50000, seed: "s" },
    });
    const approve = () => b.routes().request(`/consent/${consentHandle}`, { method: "POST", body: new URLSearchParams({ decision: "approve" }) });
    expect((await approve()).status).toBe(302);
    expect((await approve()).status).toBe(404);
    const status = await a.port.consentStatus(consentHandle);
    expect(status.status).toBe("ACTIVE");
    const { sessionId } = await b.port.requestData({ consentId: status.consentId!, from: "2026-05-01", to: "2026-10-31" });
    const first = await a.port.fetchData(sessionId);
    expect(first).toMatchObject({ status: "COMPLETED" });
    expect(first.statements[0]!.holderName).toBe("Asha");
    expect((await b.port.fetchData(sessionId)).statements).toEqual([]);
  });
});
