import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { canonicalLoopbackTarget, loopbackOriginRedirect, staysOnHost } from "./loopback-origin.ts";

const ORIGIN = "http://localhost:3204";

describe("loopback origin redirect (sandbox mode)", () => {
  it("sends a page opened on 127.0.0.1 to PUBLIC_ORIGIN, path and query kept", () => {
    expect(canonicalLoopbackTarget("GET", "http://127.0.0.1:3204/apply-now?utm_source=x", ORIGIN)).toBe("http://localhost:3204/apply-now?utm_source=x");
    expect(canonicalLoopbackTarget("HEAD", "http://[::1]:3204/my-dashboard", ORIGIN)).toBe("http://localhost:3204/my-dashboard");
    expect(canonicalLoopbackTarget("GET", "http://localhost:3204/", "http://127.0.0.1:3204")).toBe("http://127.0.0.1:3204/");
  });

  it("leaves the canonical origin, API calls, the health check and non-GET requests alone", () => {
    expect(canonicalLoopbackTarget("GET", "http://localhost:3204/apply-now", ORIGIN)).toBeNull();
    expect(canonicalLoopbackTarget("GET", "http://localhost/esign/return", ORIGIN)).toBeNull();
    expect(canonicalLoopbackTarget("GET", "http://127.0.0.1:3204/healthz", ORIGIN)).toBeNull();
    expect(canonicalLoopbackTarget("GET", "http://127.0.0.1:3204/Api/Website/RepeatInstantJourneyController/downloadKfs", ORIGIN)).toBeNull();
    expect(canonicalLoopbackTarget("POST", "http://127.0.0.1:3204/my-dashboard/pan-details", ORIGIN)).toBeNull();
  });

  it("never follows a Host header that is not a loopback name, nor a public PUBLIC_ORIGIN", () => {
    expect(canonicalLoopbackTarget("GET", "http://evil.example/apply-now", ORIGIN)).toBeNull();
    expect(canonicalLoopbackTarget("GET", "http://127.0.0.1.evil.example/apply-now", ORIGIN)).toBeNull();
    expect(canonicalLoopbackTarget("GET", "http://127.0.0.1:3204/apply-now", "https://salaryontime.example")).toBeNull();
  });

  it("answers 307 with the canonical location as middleware", async () => {
    const app = new Hono();
    app.use("*", loopbackOriginRedirect(ORIGIN));
    app.get("*", (c) => c.text("page"));
    const moved = await app.request("http://127.0.0.1:3204/apply-now", { headers: { host: "127.0.0.1:3204" } });
    expect(moved.status).toBe(307);
    expect(moved.headers.get("location")).toBe("http://localhost:3204/apply-now");
    // Even a forged Host cannot change where it goes: the target is PUBLIC_ORIGIN.
    const forged = await app.request("http://127.0.0.2:3204/x?next=//evil.example");
    expect(forged.headers.get("location")).toBe("http://localhost:3204/x?next=//evil.example");
    const home = await app.request("http://localhost:3204/apply-now");
    expect(home.status).toBe(200);
  });

  it("tells the node:http fast path which Host headers the redirect would move", () => {
    const stays = staysOnHost(ORIGIN);
    for (const host of [undefined, "localhost:3204", "LOCALHOST", "www.example.in", "127.0.0.1.evil.example"]) expect(stays(host), host).toBe(true);
    for (const host of ["127.0.0.1:3204", "[::1]:3204", "127.0.0.2"]) expect(stays(host), host).toBe(false);
    // Asked again, the remembered answer is the same.
    expect(stays("127.0.0.1:3204")).toBe(false);
    // A public PUBLIC_ORIGIN never redirects.
    expect(staysOnHost("https://salaryontime.example")("127.0.0.1:3204")).toBe(true);
  });
});
