// The sandbox buyer app against the product, through HTTP as the network carries it (in process here): its
// signed search is ACKed, our signed on_search comes back to its subscriber URL, it verifies and ACKs it, and
// its page shows our offer with the link to form F01. A callback with a bad signature is refused (401).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OndcCallbackPort } from "../../../providers/ondc-callbacks/port.ts";
import { createTestApp } from "../../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
/** Every POST either side makes, carried to the app in process, as the network would carry it. */
const network: OndcCallbackPort = {
  async post({ url, body, authorization }) {
    const target = new URL(url);
    const response = await t.app.request(target.pathname, {
      method: "POST",
      body: body as Uint8Array<ArrayBuffer>,
      headers: { "Content-Type": "application/json", Authorization: authorization },
    });
    return { status: response.status, text: await response.text() };
  },
};

beforeAll(async () => {
  t = await createTestApp({ providers: { ondcCallbacks: network } });
});
afterAll(async () => {
  await t.services.ondcOutbox!.idle();
  await t.close();
});

describe("the sandbox buyer app at /dev/ondc", () => {
  it("offers a search, sends it signed, and shows the lender's verified on_search with its form", async () => {
    const home = await t.app.request("/dev/ondc");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<button type="submit">Search for a personal loan</button>');

    const started = await t.app.request("/dev/ondc/search", { method: "POST" });
    expect(started.status).toBe(303);
    const location = started.headers.get("location")!;
    expect(location).toMatch(/^\/dev\/ondc\/transactions\/[0-9a-f-]{36}$/);
    await t.services.ondcOutbox!.idle();

    const transactionId = location.split("/").at(-1)!;
    const kept = await t.services.sandboxOndcBuyerApp!.transaction(transactionId);
    expect(kept!.messages.map((m) => `${m.direction} ${m.action}: ${m.result}`)).toEqual([
      'out search: 200 {"message":{"ack":{"status":"ACK"}}}',
      "in on_search: verified",
    ]);
    // The lender recorded the same two messages, in and out.
    const lender = await t.services.ondc!.transaction(transactionId);
    expect(lender.map((m) => `${m.direction} ${m.action}`)).toEqual(["in search", "out on_search"]);

    const html = await (await t.app.request(location)).text();
    expect(html).toContain('<h2 id="offer">SalaryOnTime</h2>');
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/ondc\/forms\/F01[^"]*">Open the form: Personal Information<\/a>/);
    expect(html).toContain("<strong>Received on_search</strong>");
  });

  it("refuses a callback whose signature does not verify, and one that is not a callback", async () => {
    const forged = await t.app.request("/dev/ondc/on_search", {
      method: "POST",
      body: JSON.stringify({ context: { transaction_id: "a1b2" }, message: {} }),
      headers: {
        "Content-Type": "application/json",
        Authorization:
          'Signature keyId="nobody.example|k1|ed25519",algorithm="ed25519",created="1",expires="2",headers="(created) (expires) digest",signature="AAAA"',
      },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ message: { ack: { status: "NACK" } } });
    const junk = await t.app.request("/dev/ondc/on_search", { method: "POST", body: "not json", headers: { "Content-Type": "application/json" } });
    expect(junk.status).toBe(400);
    expect((await t.app.request("/dev/ondc/transactions/no-such-id")).status).toBe(404);
  });
});
