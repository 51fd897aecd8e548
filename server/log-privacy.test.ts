// Decision 18: a failed SMS send logs that it failed, never the code, the message text, the
// number or the failed query's parameters (the database driver puts them into its errors).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { createTestApp, randomMobile } from "./test-support/test-app.ts";

const lines: string[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ logger: createLogger("debug", (line) => lines.push(line)) });
});
afterAll(() => t.close());

describe("logs when an SMS send fails", () => {
  it("carry the failure but no code, message text, mobile number or query parameters", async () => {
    // The sandbox adapter writes the message to sms_outbox: make that insert fail in the database.
    await t.database.db.execute(sql.raw("ALTER TABLE sms_outbox ADD CONSTRAINT sms_refused CHECK (length(body) < 5)"));
    const mobile = randomMobile();
    const reply = await t.post({ event_name: "login", mobile, utm_source: "log-probe-source" }, { headers: { "x-forwarded-for": t.freshIp() } });
    expect(reply.status).toBe(503);

    const failure = lines.map((line) => JSON.parse(line) as Record<string, any>).find((entry) => entry.msg === "sms send failed");
    expect(failure).toBeDefined();
    // The error is still useful: what failed and the database's reason code.
    expect(JSON.stringify(failure)).toContain("Failed query");
    expect(JSON.stringify(failure)).toContain("23514");

    const log = lines.join("\n");
    expect(log).not.toContain("is your SalaryOnTime");
    expect(log).not.toContain(mobile);
    expect(log).not.toContain(mobile.slice(-4) + ",");
    expect(log).not.toMatch(/params|parameters|Failing row/i);
    expect(log).not.toContain("log-probe-source");
    expect(log).not.toMatch(/\b\d{4} is your\b/);
  });
});
