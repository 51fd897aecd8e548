import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_PATH } from "../app.ts";
import { createLogger } from "../logger.ts";
import { createTestApp, randomMobile } from "../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger("info", (line) => logLines.push(line)) });
});
afterAll(() => t.close());

const raw = (body: string, headers: Record<string, string> = {}) => t.post(null, { raw: body, headers: { "x-forwarded-for": t.freshIp(), ...headers } });

describe("API envelope and bad input", () => {
  it("answers malformed JSON with 400 and a clear message", async () => {
    for (const body of ["{", "not json", "", '{"event_name":"login",}']) {
      const reply = await raw(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ Status: 2, Message: "The request body is not valid JSON." });
    }
  });

  it("wants a JSON object", async () => {
    for (const body of ["[]", "42", '"login"', "null"]) {
      const reply = await raw(body);
      expect(reply.status).toBe(400);
      expect(reply.body.Message).toBe("The request body must be a JSON object.");
    }
  });

  it("names a missing or unknown event_name", async () => {
    expect((await raw("{}")).body).toMatchObject({ Status: 2, Message: "event_name is required." });
    expect((await raw('{"event_name": 7}')).body).toMatchObject({ Status: 2, Message: "event_name is required." });
    const unknown = await raw('{"event_name": "drop_tables"}');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ Status: 2, Message: "Unknown event_name.", errors: { event_name: "Unknown event_name." } });
    expect((await raw('{"event_name": "__proto__"}')).body.Message).toBe("Unknown event_name.");
    expect((await raw('{"event_name": "toString"}')).body.Message).toBe("Unknown event_name.");
  });

  it("refuses wrong types, missing fields and over-long strings with field messages", async () => {
    const missing = await raw('{"event_name": "login"}');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty("mobile");
    const wrongType = await raw('{"event_name": "login", "mobile": {"$gt": ""}}');
    expect(wrongType.status).toBe(422);
    const longUtm = await raw(JSON.stringify({ event_name: "login", mobile: randomMobile(), utm_source: "x".repeat(5000) }));
    expect(longUtm.status).toBe(422);
    expect(longUtm.body.errors).toHaveProperty("utm_source");
  });

  it("refuses bodies over 1 MB with 413, declared or streamed", async () => {
    const big = JSON.stringify({ event_name: "login", mobile: randomMobile(), pad: "x".repeat(1024 * 1024) });
    const declared = await raw(big);
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ Status: 2, Message: "The request is too large." });

    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(64 * 1024)));
        controller.close();
      },
    });
    const response = await t.app.request(JOURNEY_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("wants JSON and our own origin for state-changing calls", async () => {
    const form = await t.app.request(JOURNEY_PATH, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "event_name=login",
    });
    expect(form.status).toBe(415);
    expect((await form.json()).Status).toBe(2);
    const foreign = await raw(JSON.stringify({ event_name: "login", mobile: randomMobile() }), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const own = await raw(JSON.stringify({ event_name: "login", mobile: randomMobile() }), { origin: "http://localhost:3000" });
    expect(own.body.Status).toBe(1);
  });

  it("answers unknown API paths with a 404 envelope", async () => {
    const response = await t.app.request("/Api/Nope", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ Status: 2, Message: "This API path does not exist." });
  });

  it("logs an unexpected failure with a request id and answers without a stack trace", async () => {
    const original = t.services.auth.login;
    t.services.auth.login = async () => {
      throw new Error("boom in /srv/secret.ts for 9876543210");
    };
    try {
      const reply = await raw(JSON.stringify({ event_name: "login", mobile: randomMobile() }));
      expect(reply.status).toBe(500);
      expect(reply.body.Status).toBe(2);
      const requestId = reply.headers.get("x-request-id")!;
      expect(reply.body.Message).toBe(`Something went wrong on our side. Please try again. (Reference: ${requestId})`);
      expect(JSON.stringify(reply.body)).not.toMatch(/boom|secret|at /);
      const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === "unhandled error");
      expect(logged.reqId).toBe(requestId);
      expect(logged.error.message).toContain("boom");
      expect(JSON.stringify(logged)).not.toContain("9876543210");
    } finally {
      t.services.auth.login = original;
    }
  });
});

describe("logs", () => {
  it("write one structured line per request without the number, code or token", async () => {
    logLines.length = 0;
    const mobile = randomMobile();
    const { token } = await t.signIn(mobile);
    const code = await t.latestCode(mobile);
    const requests = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: "info", method: "POST", path: JOURNEY_PATH, status: 200, reqId: expect.any(String), ms: expect.any(Number) });
    const all = logLines.join("\n");
    expect(all).not.toContain(mobile);
    expect(all).not.toContain(token);
    expect(all).not.toContain(`"${code}"`);
  });
});

describe("pages and health", () => {
  it("reports the database in /healthz", async () => {
    const response = await t.app.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sets security headers on every answer, HSTS only in production mode", async () => {
    const response = await t.app.request("/healthz");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The real gateways: Razorpay's script and frame, PayU's hosted page (decision 21's production adapters).
    expect(csp).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/api\.razorpay\.com/);
    expect(csp).toMatch(/form-action 'self' https:\/\/secure\.payu\.in/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add((await t.app.request("/healthz")).headers.get("content-security-policy")!.match(/nonce-([^']+)/)![1]);
    expect(nonces.size).toBe(3);
  });

  it("serves the sandbox outbox newest first", async () => {
    const mobile = randomMobile();
    await t.post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": t.freshIp() } });
    const list = (await (await t.app.request("/dev/outbox.json")).json()) as { to: string; text: string; sentAt: string }[];
    expect(list[0]).toMatchObject({ to: mobile, text: expect.stringMatching(/^\d{4} is your SalaryOnTime login code/), sentAt: expect.any(String) });
    const page = await t.app.request("/dev/outbox");
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain(mobile);
  });
});
