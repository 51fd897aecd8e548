import { describe, expect, it } from "vitest";
import { createLogger, maskText, redact } from "./logger.ts";

describe("log masking", () => {
  it("masks mobile numbers, PAN, Aadhaar and long account-like numbers in text", () => {
    expect(maskText("login for 9876543210")).toBe("login for ******3210");
    expect(maskText("+91 9876543210")).toBe("******3210");
    expect(maskText("pan ABCPE1234F ok")).toBe("pan [PAN] ok");
    expect(maskText("aadhaar 1234 5678 9012")).toBe("aadhaar [AADHAAR]");
    expect(maskText("acct 123456789012345")).toBe("acct [NUMBER]");
  });

  it("drops sensitive fields whatever their content", () => {
    expect(redact({ otp: "1234", token: "abc", pancard: "x", nested: { account_number: "1", note: "9876543210" } })).toEqual({
      otp: "[REDACTED]",
      token: "[REDACTED]",
      pancard: "[REDACTED]",
      nested: { account_number: "[REDACTED]", note: "******3210" },
    });
  });

  it("leaves text without four digits in a row as it is, and keeps a __proto__ key as a field", () => {
    expect(maskText("GET /instant-personal-loan-in-delhi 123 45")).toBe("GET /instant-personal-loan-in-delhi 123 45");
    const redacted = redact(JSON.parse('{"__proto__": {"note": "9876543210"}, "otp": "1"}')) as Record<string, unknown>;
    expect(Object.keys(redacted)).toEqual(["__proto__", "otp"]);
    expect(JSON.stringify(redacted)).toBe('{"__proto__":{"note":"******3210"},"otp":"[REDACTED]"}');
  });

  it('writes an access-log line exactly as info("request") would, masked, and not below info', () => {
    const lines: string[] = [];
    const log = createLogger("info", (l) => lines.push(l));
    const fields = { reqId: "3f2a9c1e-7b4d-4e8a-9f61-123456789012", method: "GET", path: '/blog/"9876543210"', status: 200, ms: 0.4 };
    log.request(fields);
    log.info("request", fields);
    expect(lines).toHaveLength(2);
    // Byte for byte the same line, apart from the time (the two calls may fall in different milliseconds).
    const untimed = (line: string) => line.replace(/^\{"time":"[^"]+",/, "{");
    expect(lines[0]).toMatch(/^\{"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","level":"info"/);
    expect(untimed(lines[0])).toBe(untimed(lines[1]));
    expect(JSON.parse(lines[0])).toMatchObject({
      level: "info",
      msg: "request",
      reqId: "3f2a9c1e-7b4d-4e8a-9f61-[AADHAAR]",
      path: '/blog/"******3210"',
      status: 200,
    });
    createLogger("warn", (l) => lines.push(l)).request(fields);
    expect(lines).toHaveLength(2);
  });

  it("writes a cache hit's line from its fixed part like request(), its own request id unmasked, and not below info", () => {
    const lines: string[] = [];
    const log = createLogger("info", (l) => lines.push(l));
    const write = log.requestOf({ method: "GET", path: '/blog/"9876543210"', status: 200 });
    write("3f2a9c1e-7b4d-4e8a-9f61-abcdefabcdef", 0.4);
    log.request({ reqId: "3f2a9c1e-7b4d-4e8a-9f61-abcdefabcdef", method: "GET", path: '/blog/"9876543210"', status: 200, ms: 0.4 });
    const untimed = (line: string) => line.replace(/^\{"time":"[^"]+",/, "{");
    expect(untimed(lines[0])).toBe(untimed(lines[1]));
    expect(lines[0]).toMatch(/^\{"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","level":"info"/);
    // The server's own UUID is written as the X-Request-Id header says it, even where its digits look like a number.
    write("3f2a9c1e-7b4d-4e8a-9f61-123456789012", 12);
    expect(JSON.parse(lines[2])).toMatchObject({ reqId: "3f2a9c1e-7b4d-4e8a-9f61-123456789012", path: '/blog/"******3210"', status: 200, ms: 12 });
    createLogger("warn", (l) => lines.push(l)).requestOf({ method: "GET", path: "/", status: 200 })("3f2a9c1e-7b4d-4e8a-9f61-abcdefabcdef", 1);
    expect(lines).toHaveLength(3);
  });

  it("writes one JSON line at or above the level", () => {
    const lines: string[] = [];
    const log = createLogger("warn", (l) => lines.push(l));
    log.info("quiet");
    log.warn("sms to 9876543210", { otp: "4321" });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: "warn", msg: "sms to ******3210", otp: "[REDACTED]" });
  });

  it("logs a failed query's statement and reason, never its parameters, detail or quoted value", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-ish-value"'), {
      code: "22P02",
      detail: "Key (x)=(4321)",
      where: "4321",
    });
    const error = Object.assign(new Error("Failed query: insert into sms_outbox (to_mobile, body) values ($1, $2)\nparams: 9876543210,4321 is your code"), {
      query: "insert ...",
      params: ["9876543210", "4321 is your code"],
      cause,
    });
    const logged = JSON.stringify(redact({ error }));
    expect(logged).toContain("Failed query: insert into sms_outbox");
    expect(logged).toContain("22P02");
    for (const leak of ["4321", "9876543210", "params", "secret-ish-value", "Key ("]) expect(logged).not.toContain(leak);
  });
});
