// Issue 32: the inbound endpoints over HTTP: ACK for a signed, well-formed request (recorded once, as
// received), 401 NACK for anything unsigned, tampered, stale or signed by a key the registry does not list,
// 400 NACK for a body that fails the envelope, 503 when the registry cannot be asked.
import sodium from "libsodium-wrappers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";
import { createSandboxRegistry } from "../../providers/ondc-registry/sandbox.ts";
import { ONDC_REQUEST_ACTIONS } from "./envelope.ts";
import { authorizationHeader, parseAuthorization, signatureMatches, signingKeyFromBase64, type Signer } from "./signing.ts";
import { closeOndcApp, sandboxBuyerSigner } from "../../test-support/ondc-buyer.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Signer;
let seq = 0;

/** The buyer apps in these tests ACK every callback, in process: nothing leaves the machine. */
const buyerApps = { ondcCallbacks: { post: async () => ({ status: 200, text: JSON.stringify({ message: { ack: { status: "ACK" } } }) }) } };

beforeAll(async () => {
  t = await createTestApp({ providers: buyerApps });
  buyer = sandboxBuyerSigner(t.services);
});
afterAll(() => closeOndcApp(t));

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** A request body of our own making (not the spec's examples): a FIS12 2.0.1 envelope. */
function envelope(action: string, context: Record<string, unknown> = {}) {
  seq += 1;
  return JSON.stringify({
    context: {
      domain: "ONDC:FIS12",
      location: { country: { code: "IND" }, city: { code: "*" } },
      action,
      version: "2.0.1",
      bap_id: buyer.subscriberId,
      bap_uri: "http://localhost:3000/dev/ondc/",
      transaction_id: `txn-${seq}`,
      message_id: `msg-${seq}`,
      timestamp: t.clock.now().toISOString(),
      ttl: "PT10M",
      ...context,
    },
    message: { intent: { category: { descriptor: { code: "PERSONAL_LOAN" } } } },
  });
}

function send(action: string, body: string, headers: Record<string, string> = {}) {
  return t.app.request(`/ondc/${action}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}

const signed = (body: string, signer = buyer, created = nowSeconds()) => ({ authorization: authorizationHeader(Buffer.from(body), signer, created) });

async function nack(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const answer = (await response.json()) as { message: { ack: { status: string } }; error: { code: string; message: string; paths?: string } };
  expect(answer.message.ack.status).toBe("NACK");
  expect(answer.error).toMatchObject({ code, message: expect.any(String) });
  // FIS12 2.0.1's Error allows code, paths and message only.
  expect(Object.keys(answer.error).filter((k) => !["code", "paths", "message"].includes(k))).toEqual([]);
  return answer.error;
}

describe("ONDC inbound endpoints", () => {
  it("ACKs a signed request on each of the seven endpoints and records it exactly as received", async () => {
    for (const action of ONDC_REQUEST_ACTIONS) {
      // Spaces and key order of the buyer app's own: the record keeps its bytes, not a re-serialised JSON.
      const body = envelope(action).replace('"message":', '"message" :  ');
      const response = await send(action, body, signed(body));
      expect(response.status, action).toBe(200);
      expect(await response.json()).toEqual({ message: { ack: { status: "ACK" } } });
      const [row] = await t.services.ondc!.transaction(JSON.parse(body).context.transaction_id);
      expect(row).toMatchObject({ direction: "in", action, bapId: buyer.subscriberId, signature: "verified", body });
      expect(row.keyId).toBe(`${buyer.subscriberId}|sandbox-buyer-app|ed25519`);
    }
  });

  it("ACKs a repeated message_id again and records it once", async () => {
    const body = envelope("search");
    expect((await send("search", body, signed(body))).status).toBe(200);
    expect((await send("search", body, signed(body))).status).toBe(200);
    await t.services.ondcOutbox!.idle();
    // The search once, and its one answer (on_search, sent through the outbox: outbox.test.ts).
    const messages = await t.services.ondc!.transaction(JSON.parse(body).context.transaction_id);
    expect(messages.map((m) => `${m.direction} ${m.action}`)).toEqual(["in search", "out on_search"]);
  });

  it("refuses an unsigned request with 401, an ONDC error and WWW-Authenticate, and records nothing", async () => {
    const body = envelope("search");
    const response = await send("search", body);
    expect(response.headers.get("www-authenticate")).toMatch(/^Signature realm=".+",headers="\(created\) \(expires\) digest"$/);
    expect((await nack(response, 401, "30016")).message).toBe("The request is not signed: there is no Authorization header.");
    expect(await t.services.ondc!.transaction(JSON.parse(body).context.transaction_id)).toHaveLength(0);
  });

  it("refuses a tampered body, an expired or future signature, and another algorithm", async () => {
    const body = envelope("select");
    const header = signed(body);
    await nack(await send("select", body.replace("PERSONAL_LOAN", "GOLD_LOAN"), header), 401, "30016");
    await nack(await send("select", body, signed(body, buyer, nowSeconds() - 3601)), 401, "30022");
    await nack(await send("select", body, signed(body, buyer, nowSeconds() + 600)), 401, "30022");
    await nack(await send("select", body, { authorization: header.authorization.replace('algorithm="ed25519"', 'algorithm="hmac"') }), 401, "30016");
  });

  it("refuses a key the registry does not list, and a signer who is not the context's bap_id", async () => {
    await sodium.ready;
    const stranger = sodium.crypto_sign_keypair();
    const strangerSigner = {
      subscriberId: buyer.subscriberId,
      uniqueKeyId: "not-listed",
      key: signingKeyFromBase64(Buffer.from(stranger.privateKey).toString("base64")),
    };
    const body = envelope("init");
    const error = await nack(await send("init", body, signed(body, strangerSigner)), 401, "30016");
    expect(error.message).toMatch(/no current key/);
    const other = envelope("init", { bap_id: "someone-else.example.com" });
    await nack(await send("init", other, signed(other)), 401, "30016");
  });

  it("refuses with 400 a body that is not JSON, or whose envelope or action is wrong, and records nothing", async () => {
    const notJson = "{not json";
    await nack(await send("search", notJson, signed(notJson)), 400, "80218");
    const oldVersion = envelope("search", { version: "2.0.0" });
    const schemaError = await nack(await send("search", oldVersion, signed(oldVersion)), 400, "80218");
    expect(schemaError).toMatchObject({ paths: "context.version" });
    const noTtl = envelope("status", { ttl: "ten minutes", timestamp: "yesterday" });
    expect(await nack(await send("status", noTtl, signed(noTtl)), 400, "80218")).toMatchObject({ paths: "context.timestamp, context.ttl" });
    const misrouted = envelope("search");
    expect(await nack(await send("select", misrouted, signed(misrouted)), 400, "80218")).toMatchObject({ paths: "context.action" });
    const otherLender = envelope("select", { bpp_id: "another-lender.example.com", bpp_uri: "https://another-lender.example.com/ondc" });
    await nack(await send("select", otherLender, signed(otherLender)), 400, "80218");
    const arrayMessage = JSON.stringify({ ...JSON.parse(envelope("cancel")), message: [] });
    await nack(await send("cancel", arrayMessage, signed(arrayMessage)), 400, "80218");
    for (const body of [oldVersion, noTtl, misrouted, otherLender]) {
      expect(await t.services.ondc!.transaction(JSON.parse(body).context.transaction_id)).toHaveLength(0);
    }
  });
});

describe("ONDC with libsodium-made keys and another registry", () => {
  let other: Awaited<ReturnType<typeof createTestApp>>;
  let secretKey: Uint8Array;
  beforeAll(async () => {
    await sodium.ready;
    const pair = sodium.crypto_sign_keypair();
    secretKey = pair.privateKey;
    const registry = createSandboxRegistry([
      {
        subscriberId: "buyer.example.com",
        ukId: "k1",
        type: "BAP",
        signingPublicKey: Buffer.from(pair.publicKey).toString("base64"),
        subscriberUrl: "https://buyer.example.com/ondc",
      },
    ]);
    other = await createTestApp({ providers: { ...buyerApps, ondcRegistry: registry.port } });
  });
  afterAll(async () => {
    await other.services.ondcOutbox!.idle();
    await other.close();
  });

  it("ACKs a request libsodium signed, over the bytes as sent", async () => {
    const created = Math.floor(other.clock.now().getTime() / 1000);
    const body = JSON.stringify({
      context: {
        domain: "ONDC:FIS12",
        action: "search",
        version: "2.0.1",
        bap_id: "buyer.example.com",
        bap_uri: "https://buyer.example.com/ondc/",
        transaction_id: "t-libsodium",
        message_id: "m-libsodium",
        timestamp: other.clock.now().toISOString(),
        ttl: "PT30S",
      },
      message: {},
    });
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
    const digest = b64(sodium.crypto_generichash(64, body, null));
    const signature = b64(sodium.crypto_sign_detached(`(created): ${created}\n(expires): ${created + 60}\ndigest: BLAKE-512=${digest}`, secretKey));
    const authorization = `Signature keyId="buyer.example.com|k1|ed25519",algorithm="ed25519",created="${created}",expires="${created + 60}",headers="(created) (expires) digest",signature="${signature}"`;
    const response = await other.app.request("/ondc/search", { method: "POST", headers: { authorization, "content-type": "application/json" }, body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: { ack: { status: "ACK" } } });
  });

  it("answers 503 NACK, to be retried, when the registry cannot be asked", async () => {
    const down = await createTestApp({ providers: { ...buyerApps, ondcRegistry: { lookup: async () => Promise.reject(new Error("registry down")) } } });
    try {
      const body = envelope("search");
      const response = await down.app.request("/ondc/search", {
        method: "POST",
        body,
        headers: signed(body, buyer, Math.floor(down.clock.now().getTime() / 1000)),
      });
      expect(response.headers.get("retry-after")).toBe("5");
      await nack(response, 503, "80219");
    } finally {
      await down.close();
    }
  });
});

describe("the sandbox registry over HTTP", () => {
  it("lists the product with the key its callbacks are signed with, and the sandbox buyer app", async () => {
    const signer = t.services.ondcSigner!;
    const lookup = (body: unknown) =>
      t.app.request("/dev/ondc/registry/lookup", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    const [us] = (await (await lookup({ subscriber_id: signer.subscriberId, ukId: signer.uniqueKeyId })).json()) as {
      signing_public_key: string;
      type: string;
      subscriber_url: string;
    }[];
    expect(us).toMatchObject({ type: "BPP", subscriber_url: `${t.services.env.PUBLIC_ORIGIN}/ondc` });
    const body = Buffer.from('{"context":{},"message":{}}');
    const header = parseAuthorization(authorizationHeader(body, signer, nowSeconds()));
    if ("refused" in header) throw new Error(header.refused);
    expect(signatureMatches(header, body, us.signing_public_key)).toBe(true);
    const [app] = (await (await lookup({ subscriber_id: buyer.subscriberId, ukId: "sandbox-buyer-app" })).json()) as {
      type: string;
      signing_public_key: string;
    }[];
    expect(app).toMatchObject({ type: "BAP", signing_public_key: buyer.key.publicKey });
  });
});
