// The node:http server the product listens on: its first listener, then Hono's, and a request without a body handed
// over already ended (optimizeEmptyRequests) while a body still reads in full, on one kept-alive connection.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { serverAnsweringFirst } from "./node-server.ts";
import { exchange } from "./raw-http.test-support.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The server with a first listener that answers /first, and a Hono app that tells what it was given. */
async function listening() {
  /** Whether each request's stream had ended when it reached Hono's listener, by path. */
  const endedOnArrival = new Map<string, boolean>();
  const app = new Hono();
  app.all("*", async (c) => c.text(`${c.req.method} ${c.req.path} body=${JSON.stringify(await c.req.text())}`));
  const hono = getRequestListener(app.fetch);
  server = serverAnsweringFirst((req, res) => {
    if (req.url !== "/first") return false;
    res.end("first");
    return true;
  })({}, (req, res) => {
    endedOnArrival.set(req.url!, req.readableEnded);
    void hono(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, endedOnArrival };
}

describe("the product's node:http server", () => {
  it("answers from its first listener, then Hono's; a request without a body arrives ended and reads empty, a body reads whole", async () => {
    const { port, endedOnArrival } = await listening();
    const answers = await exchange(
      port,
      "GET /first HTTP/1.1\r\nHost: x\r\n\r\n" +
        "POST /no-body HTTP/1.1\r\nHost: x\r\n\r\n" +
        "GET /page HTTP/1.1\r\nHost: x\r\n\r\n" +
        'POST /with-body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"a":"b c"}' +
        "POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
      5,
    );
    expect(answers.map((a) => a.body.toString())).toEqual([
      "first",
      'POST /no-body body=""',
      'GET /page body=""',
      'POST /with-body body="{\\"a\\":\\"b c\\"}"',
      'POST /chunked body="abc"',
    ]);
    // Every answer on the one connection, kept alive.
    expect(answers.every((a) => a.head.startsWith("HTTP/1.1 200 OK\r\n") && !a.ended)).toBe(true);
    expect(Object.fromEntries(endedOnArrival)).toEqual({ "/no-body": true, "/page": true, "/with-body": false, "/chunked": false });
  });

  it("keeps an idle connection open past a proxy's usual 60 s", async () => {
    await listening();
    expect(server!.keepAliveTimeout).toBe(65_000);
    expect(server!.headersTimeout).toBe(66_000);
  });
});
