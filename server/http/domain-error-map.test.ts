import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as domain from "../modules/domain-errors.ts";
import { failWith, httpOf } from "./domain-error-map.ts";
import { Status } from "./envelope.ts";

describe("domain errors at the HTTP edge", () => {
  it.each([
    [new domain.NotAvailable("x"), 400, Status.ERROR],
    [new domain.Refused("x"), 400, Status.ERROR],
    [new domain.Malformed("x"), 400, Status.ERROR],
    [new domain.InvalidInput("x"), 422, Status.ERROR],
    [new domain.Unverified("x"), 422, Status.ERROR],
    [new domain.Mismatch("x", "figures"), 409, Status.ERROR],
    [new domain.TooLarge("x"), 413, Status.ERROR],
    [new domain.NotFound("x"), 404, Status.ERROR],
    [new domain.RateLimited("x", 30), 429, Status.ERROR],
    [new domain.ProviderDown("x"), 503, Status.ERROR],
    [new domain.ProviderFailed("x"), 502, Status.ERROR],
    [new domain.NotAuthenticated("x"), 401, Status.ERROR],
    [new domain.InvalidSession(), 401, Status.INVALID_SESSION],
    [new domain.ExpiredSession(), 401, Status.EXPIRED_SESSION],
  ] as const)("%s → HTTP %i, Status %i", (error, httpStatus, status) => {
    expect(httpOf(error)).toMatchObject({ httpStatus, status });
  });

  it("answers with the service's message, its field errors and Retry-After for a rate limit", async () => {
    const app = new Hono();
    app.get("/limited", () => {
      throw new domain.RateLimited("Too many attempts.", 120, { account_number: "Too many attempts." });
    });
    app.get("/mismatch", () => {
      throw new domain.Mismatch("The figures changed.", "figures");
    });
    app.onError((error, c) => (error instanceof domain.DomainError ? failWith(c, error) : c.text("no", 500)));
    const limited = await app.request("/limited");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("120");
    expect(await limited.json()).toEqual({ Status: 2, Message: "Too many attempts.", errors: { account_number: "Too many attempts." } });
    const mismatch = await app.request("/mismatch");
    expect(mismatch.status).toBe(409);
    expect(mismatch.headers.get("retry-after")).toBeNull();
    expect(await mismatch.json()).toEqual({ Status: 2, Message: "The figures changed.", errors: { figures: "The figures changed." } });
  });

  it("keeps the session messages of decision 12", () => {
    expect(new domain.InvalidSession().message).toBe("Invalid session. Please log in again.");
    expect(new domain.ExpiredSession().message).toBe("Your session has expired. Please log in again.");
  });
});

describe("session errors", () => {
  it("carry the same Status in-process as on the wire", () => {
    expect(new domain.InvalidSession().status).toBe(httpOf(new domain.InvalidSession()).status);
    expect(new domain.ExpiredSession().status).toBe(httpOf(new domain.ExpiredSession()).status);
  });
});
