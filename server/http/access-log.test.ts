import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { accessLog } from "./access-log.ts";
import type { AppEnv } from "./context.ts";

function appWith(newId: () => string) {
  const lines: Record<string, unknown>[] = [];
  const app = new Hono<AppEnv>();
  app.use(
    "*",
    accessLog(
      createLogger("info", (l) => lines.push(JSON.parse(l))),
      newId,
    ),
  );
  app.all("*", (c) => c.text("ok"));
  return { app, lines };
}

describe("the access log", () => {
  it("writes the server's own request id as the header gives it, even where its digits look like an Aadhaar number", async () => {
    const { app, lines } = appWith(() => "3f2a9c1e-7b4d-4e8a-9f61-123456789012");
    const reply = await app.request("/Api/Website/getUser?mobile=9876543210", { method: "POST" });
    expect(reply.headers.get("X-Request-Id")).toBe("3f2a9c1e-7b4d-4e8a-9f61-123456789012");
    expect(lines).toEqual([
      expect.objectContaining({ msg: "request", reqId: "3f2a9c1e-7b4d-4e8a-9f61-123456789012", method: "POST", path: "/Api/Website/getUser", status: 200 }),
    ]);
  });

  it("cleans and masks a request id the client sent, and masks the path; the query is never written", async () => {
    const { app, lines } = appWith(() => "unused");
    const reply = await app.request("/blog/9876543210/?q=1#top", { headers: { "x-request-id": "<b>page-9876543210</b>" } });
    expect(reply.headers.get("X-Request-Id")).toBe("bpage-9876543210b");
    expect(lines).toEqual([expect.objectContaining({ reqId: "bpage-******3210b", method: "GET", path: "/blog/******3210/", status: 200 })]);
    expect(JSON.stringify(lines)).not.toContain("q=1");
  });
});
