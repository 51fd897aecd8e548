// Which database errors mean "away for now" (503, retry) and which are the request's or our bug (not 503).
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./client.ts";

const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("database unavailable", () => {
  it("recognises a restart, a refused or reset connection and a timeout, also inside drizzle's wrapper", () => {
    expect(isDatabaseUnavailable(wrapped(pgError("terminating connection due to administrator command", "57P01")))).toBe(true);
    expect(isDatabaseUnavailable(pgError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("read ECONNRESET", "ECONNRESET"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnavailable(pgError("canceling statement due to statement timeout", "57014"))).toBe(true);
  });

  it("leaves other errors alone (they stay 4xx or 500)", () => {
    expect(isDatabaseUnavailable(wrapped(pgError('invalid input syntax for type uuid: "x"', "22P02")))).toBe(false);
    expect(isDatabaseUnavailable(pgError("duplicate key value violates unique constraint", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is not a function"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNRESET")).toBe(false);
  });
});
