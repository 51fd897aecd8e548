// Issue 32: the back office's view of ONDC. A signed search and our on_search, first while the buyer app is
// down (the callback shown as not acknowledged, with its attempts), then ACKed (shown signed and acknowledged);
// the roles that may read it; an unknown or malformed id; personal fields masked in the bodies.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskOndcBody } from "../../../core/admin/ondc-desk.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { CallbackResponse, OndcCallbackPort } from "../../providers/ondc-callbacks/port.ts";
import { Forbidden, NotFound } from "../domain-errors.ts";
import { authorizationHeader, type Signer } from "./signing.ts";
import { closeOndcApp, sandboxBuyerSigner, searchBody } from "../../test-support/ondc-buyer.ts";

const ACK = JSON.stringify({ message: { ack: { status: "ACK" } } });
let answer: () => Promise<CallbackResponse> = async () => ({ status: 503, text: "down" });
const buyerApp: OndcCallbackPort = { post: () => answer() };

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Signer;
const accounts = { staffId: randomUUID(), role: "accounts" as const };

beforeAll(async () => {
  t = await createTestApp({ providers: { ondcCallbacks: buyerApp } });
  buyer = sandboxBuyerSigner(t.services);
});
afterAll(() => closeOndcApp(t));

async function search(transactionId: string) {
  const body = searchBody({ buyer, at: t.clock.now(), bapUri: "https://buyer.example.test/ondc", transactionId });
  const seconds = Math.floor(t.clock.now().getTime() / 1000);
  const response = await t.app.request("/ondc/search", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: authorizationHeader(Buffer.from(body), buyer, seconds) },
    body,
  });
  expect(response.status).toBe(200);
  await t.services.ondcOutbox!.idle();
}

describe("the ONDC desk", () => {
  it("lists a transaction and shows each message with its signature result, the unacknowledged callback with its attempts", async () => {
    const desk = t.services.ondcDesk;
    const transactionId = randomUUID();
    answer = async () => ({ status: 503, text: "down" });
    await search(transactionId);

    const listed = (await desk.list(accounts)).rows.find((r) => r.transactionId === transactionId)!;
    // One message recorded (the search); the on_search written and not yet ACKed.
    expect(listed).toMatchObject({ bapId: buyer.subscriberId, customer: null, lastAction: "search", messages: 1, unsent: 1 });
    const waiting = await desk.transaction(accounts, transactionId);
    expect(waiting.messages.map((m) => [m.direction, m.action, m.signature, m.attempts])).toEqual([
      ["in", "search", "verified", null],
      ["out", "on_search", "pending", 1],
    ]);
    expect(waiting.messages[0].keyId).toBe(`${buyer.subscriberId}|${buyer.uniqueKeyId}|ed25519`);
    expect(waiting.messages[1].lastResult).toMatch(/503/);
    expect(JSON.parse(waiting.messages[0].body).context.transaction_id).toBe(transactionId);

    // The buyer app is back: the job's next run delivers it, and it shows signed and acknowledged.
    answer = async () => ({ status: 200, text: ACK });
    t.clock.advance(60_000);
    expect(await t.services.ondcOutbox!.deliverDue()).toMatchObject({ delivered: 1 });
    const delivered = await desk.transaction(accounts, transactionId);
    expect(delivered.messages.map((m) => [m.direction, m.action, m.signature])).toEqual([
      ["in", "search", "verified"],
      ["out", "on_search", "signed"],
    ]);
    expect((await desk.list(accounts)).rows.find((r) => r.transactionId === transactionId)).toMatchObject({ messages: 2, unsent: 0, lastAction: "on_search" });
  });

  it("is for admin, the credit head, accounts and the auditor; an unknown or malformed id is not found", async () => {
    const desk = t.services.ondcDesk;
    await expect(desk.list({ staffId: randomUUID(), role: "credit_manager" })).rejects.toBeInstanceOf(Forbidden);
    await expect(desk.transaction({ staffId: randomUUID(), role: "collections" }, randomUUID())).rejects.toBeInstanceOf(Forbidden);
    await expect(desk.list({ staffId: randomUUID(), role: "auditor" })).resolves.toHaveProperty("rows");
    await expect(desk.transaction(accounts, randomUUID())).rejects.toBeInstanceOf(NotFound);
    await expect(desk.transaction(accounts, "a b; drop")).rejects.toBeInstanceOf(NotFound);
    await expect(desk.transaction(accounts, 42)).rejects.toBeInstanceOf(NotFound);
  });

  it("masks a customer's name, contact and account in a body, and leaves the rest as it was", () => {
    const body = {
      context: { transaction_id: "t1" },
      message: {
        order: {
          provider: { descriptor: { name: "SalaryOnTime" } },
          fulfillments: [{ customer: { person: { name: "Asha Verma" }, contact: { phone: "9876543210", email: "asha@example.com" } } }],
          items: [{ xinput: { form_response: { submission_id: "s1" } } }],
          payments: [{ params: { accNo: "123456789012", accHolderName: "Asha Verma" } }],
        },
      },
    };
    expect(maskOndcBody(body)).toEqual({
      context: { transaction_id: "t1" },
      message: {
        order: {
          provider: { descriptor: { name: "SalaryOnTime" } },
          fulfillments: [{ customer: { person: { name: "A•••ma" }, contact: { phone: "9•••10", email: "a•••om" } } }],
          items: [{ xinput: { form_response: { submission_id: "s1" } } }],
          payments: [{ params: { accNo: "1•••12", accHolderName: "A•••ma" } }],
        },
      },
    });
  });
});
