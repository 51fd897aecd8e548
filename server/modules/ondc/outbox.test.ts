// Issue 32: search → on_search through the outbox. The callback is written with the search's record, sent
// right after the commit, signed over the stored bytes (verified here with libsodium against the key the
// sandbox registry lists for us), valid against the FIS12 2.0.1 schema, retried with back-off while the
// buyer app is down, refuses or NACKs, and sent once: for a repeated search, and with two runners at once.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sodium from "libsodium-wrappers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JOB_NAMES, JOB_SCHEDULES } from "../../jobs/job-names.ts";
import { ondcSchemaErrors, ondcSpecDir } from "../../test-support/ondc-spec.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { createHttpCallbacks } from "../../providers/ondc-callbacks/http.ts";
import type { CallbackRequest, CallbackResponse, OndcCallbackPort } from "../../providers/ondc-callbacks/port.ts";
import { createOndcOutbox, readAnswer, type OutboxCallback } from "./outbox.ts";
import { authorizationHeader, type Signer } from "./signing.ts";
import { closeOndcApp, sandboxBuyerSigner, searchBody } from "../../test-support/ondc-buyer.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const ACK = JSON.stringify({ message: { ack: { status: "ACK" } } });

/** What the buyer app received and ACKed, and what the transport was asked to post. */
interface Received extends CallbackRequest {
  text: string;
}
let received: Received[] = [];
let posted: CallbackRequest[] = [];
/** The buyer app's behaviour, switched by the tests; through the real HTTP adapter when `http` is set. */
let answer: (request: CallbackRequest) => Promise<CallbackResponse> = async () => ({ status: 200, text: ACK });
const buyerApp: OndcCallbackPort = {
  async post(request) {
    posted.push(request);
    const response = await answer(request);
    if (readAnswer(response).ack) received.push({ ...request, text: Buffer.from(request.body).toString("utf8") });
    return response;
  },
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Signer;

beforeAll(async () => {
  await sodium.ready;
  t = await createTestApp({ providers: { ondcCallbacks: buyerApp } });
  buyer = sandboxBuyerSigner(t.services);
});
afterAll(() => closeOndcApp(t));
beforeEach(() => {
  received = [];
  posted = [];
  answer = async () => ({ status: 200, text: ACK });
});

const outbox = () => t.services.ondcOutbox!;
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** A search of our own making (test-support/ondc-buyer.ts) to `bapUri`. */
const search = (bapUri = "https://buyer.example.test/ondc/") => searchBody({ buyer, at: t.clock.now(), bapUri });

async function send(body: string) {
  const response = await t.app.request("/ondc/search", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: authorizationHeader(Buffer.from(body), buyer, nowSeconds()) },
    body,
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ message: { ack: { status: "ACK" } } });
  await outbox().idle();
  return JSON.parse(body).context as { transaction_id: string; message_id: string };
}

type Tag = { descriptor: { code: string }; value?: string; list?: Tag[] };
const tagList = (tags: Tag[], group: string) =>
  Object.fromEntries(tags.find((g) => g.descriptor.code === group)!.list!.map((i) => [i.descriptor.code, i.value]));

describe("search → on_search", () => {
  it("answers a search with our catalog, signed, to {bap_uri}on_search, and records it as a message out", async () => {
    const { transaction_id, message_id } = await send(search());
    expect(received).toHaveLength(1);
    const [callback] = received;
    expect(callback.url).toBe("https://buyer.example.test/ondc/on_search");
    const body = JSON.parse(callback.text);
    const origin = t.services.env.PUBLIC_ORIGIN;
    expect(body.context).toEqual({
      domain: "ONDC:FIS12",
      location: { country: { code: "IND" }, city: { code: "*" } },
      action: "on_search",
      version: "2.0.1",
      bap_id: buyer.subscriberId,
      bap_uri: "https://buyer.example.test/ondc/",
      bpp_id: t.services.ondcSigner!.subscriberId,
      bpp_uri: `${origin}/ondc`,
      transaction_id,
      message_id,
      // One millisecond after the search's (sent at our clock's instant): the validator wants an answer dated after its request.
      timestamp: "2026-11-22T06:00:00.001Z",
      ttl: "PT30M",
    });
    const [provider] = body.message.catalog.providers;
    expect(provider.descriptor.images).toEqual([{ url: `${origin}/favicon.svg`, size_type: "sm" }]);
    // The product's own figures: 1 % a day flat, 7 to 40 days (whole months outward), ₹10,000 to ₹1,00,000.
    expect(tagList(provider.items[0].tags, "INFO")).toEqual({
      MIN_INTEREST_RATE: "365 %",
      MAX_INTEREST_RATE: "365 %",
      MIN_TENURE: "PT0M",
      MAX_TENURE: "PT2M",
      MIN_LOAN_AMOUNT: "10000 INR",
      MAX_LOAN_AMOUNT: "100000 INR",
    });
    expect(provider.items[0].descriptor.code).toBe("PERSONAL_LOAN");
    expect(provider.items[0].xinput).toEqual({
      head: { descriptor: { name: "Personal Information" }, index: { min: 0, cur: 0, max: 0 }, headings: ["Personal Information"] },
      form: {
        id: "F01",
        mime_type: "text/html",
        url: `${origin}/ondc/forms/F01?transaction_id=${transaction_id}`,
        resubmit: false,
        multiple_sumbissions: false,
      },
      required: true,
    });
    expect(tagList(provider.tags, "CONTACT_INFO")).toMatchObject({
      GRO_NAME: "Ms. Kavya Raman",
      GRO_EMAIL: "grievance@salaryontime.in",
      GRO_CONTACT_NUMBER: "+91-80-4000-0001",
    });
    expect(tagList(provider.tags, "LSP_INFO")).toMatchObject({ LSP_NAME: "SalaryOnTime Finance Private Limited" });
    expect(provider.payments[0].collected_by).toBe("BPP");
    expect(tagList(provider.payments[0].tags, "BUYER_FINDER_FEES")).toEqual({
      BUYER_FINDER_FEES_TYPE: "percent-annualized",
      BUYER_FINDER_FEES_PERCENTAGE: "1.5",
    });

    const [row] = await outbox().transaction(transaction_id);
    expect(row).toMatchObject({ action: "on_search", messageId: message_id, status: "delivered", attempts: 1, lastResult: "ACK", body: callback.text });
    const messages = await t.services.ondc!.transaction(transaction_id);
    expect(messages.map((m) => [m.direction, m.action, m.signature])).toEqual([
      ["in", "search", "verified"],
      ["out", "on_search", "signed"],
    ]);
    expect(messages[1].body).toBe(callback.text);
  });

  it.skipIf(!ondcSpecDir())("is valid against FIS12 2.0.1's on_search schema (ONDC's spec pack, read beside the repository)", async () => {
    await send(search("https://buyer.example.test/ondc"));
    expect(ondcSchemaErrors("on_search", JSON.parse(received[0].text))).toBe("");
    expect(received[0].url).toBe("https://buyer.example.test/ondc/on_search");
  });

  it("is signed with our key: libsodium verifies it against the key the registry lists for us", async () => {
    await send(search());
    const [{ authorization, body }] = received;
    const match =
      /^Signature keyId="([^"|]+)\|([^"|]+)\|ed25519",algorithm="ed25519",created="(\d+)",expires="(\d+)",headers="\(created\) \(expires\) digest",signature="([^"]+)"$/.exec(
        authorization,
      );
    expect(match).not.toBeNull();
    const [, subscriberId, ukId, created, expires, signature] = match!;
    expect([subscriberId, ukId, Number(created), Number(expires)]).toEqual([
      t.services.ondcSigner!.subscriberId,
      "sandbox-key-1",
      nowSeconds(),
      nowSeconds() + 3600,
    ]);
    const lookup = await t.app.request("/dev/ondc/registry/lookup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ subscriber_id: subscriberId, ukId }),
    });
    const [{ signing_public_key }] = (await lookup.json()) as { signing_public_key: string }[];
    const digest = sodium.to_base64(sodium.crypto_generichash(64, body, null), sodium.base64_variants.ORIGINAL);
    const signed = `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digest}`;
    const verify = (text: string | Uint8Array) =>
      sodium.crypto_sign_verify_detached(Buffer.from(signature, "base64"), text, Buffer.from(signing_public_key, "base64"));
    expect(verify(signed)).toBe(true);
    const tampered = sodium.to_base64(
      sodium.crypto_generichash(64, Buffer.concat([Buffer.from(body), Buffer.from(" ")]), null),
      sodium.base64_variants.ORIGINAL,
    );
    expect(verify(signed.replace(digest, tampered))).toBe(false);
  });

  it("answers a repeated search message_id once, however often it comes", async () => {
    const body = search();
    const { transaction_id } = await send(body);
    await send(body);
    t.clock.advance(5 * MINUTE);
    await send(body);
    expect(await outbox().deliverDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(await outbox().transaction(transaction_id)).toHaveLength(1);
  });
});

describe("a buyer app that is down", () => {
  let server: Server;
  let port = 0;
  let mode: "500" | "nack" | "ack" = "500";
  const listen = () =>
    new Promise<void>((done) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (c: Buffer) => chunks.push(c));
        request.on("end", () => {
          response.setHeader("content-type", "application/json");
          if (mode === "500") return void response.writeHead(500).end("{}");
          if (mode === "nack") return void response.end(JSON.stringify({ message: { ack: { status: "NACK" } }, error: { code: "80219", message: "busy" } }));
          response.end(ACK);
        });
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as AddressInfo).port;
        done();
      });
    });
  const close = () => new Promise<void>((done) => server.close(() => done()).closeAllConnections());

  beforeAll(listen);
  afterAll(async () => {
    if (server.listening) await close();
  });

  it("gets its callback when it is back, exactly once, after a 500, a NACK and a refused connection, each retried with back-off", async () => {
    const http = createHttpCallbacks({ timeoutMs: 5000 });
    answer = (request) => http.post(request);
    const { transaction_id } = await send(search(`http://127.0.0.1:${port}/buyer`));
    const row = async () => (await outbox().transaction(transaction_id))[0];
    expect(await row()).toMatchObject({ status: "pending", attempts: 1, lastResult: "HTTP 500" });
    expect((await row()).nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(30 * SECOND);
    // Not due yet: the job takes nothing.
    expect(await outbox().deliverDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });

    t.clock.advance(30 * SECOND);
    mode = "nack";
    expect(await outbox().deliverDue()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(await row()).toMatchObject({ status: "pending", attempts: 2, lastResult: "NACK 80219: busy" });
    expect((await row()).nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(1 * MINUTE);

    t.clock.advance(1 * MINUTE);
    await close();
    expect(await outbox().deliverDue()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    // Refused, or the kept-alive socket found closed: a network error either way.
    expect(await row()).toMatchObject({ status: "pending", attempts: 3, lastResult: expect.stringMatching(/^network error: (ECONNREFUSED|UND_ERR_SOCKET)$/) });

    t.clock.advance(2 * MINUTE - SECOND);
    mode = "ack";
    await listen();
    expect(await outbox().deliverDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    t.clock.advance(SECOND);
    expect(await outbox().deliverDue()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    t.clock.advance(24 * 60 * MINUTE);
    expect(await outbox().deliverDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });

    expect(posted.map((p) => p.url)).toEqual(Array(4).fill(`http://127.0.0.1:${port}/buyer/on_search`));
    expect(received).toHaveLength(1);
    expect(await row()).toMatchObject({ status: "delivered", attempts: 4, lastResult: "ACK", body: received[0].text });
  });

  it("is given up 72 hours after the callback was written, and logged", async () => {
    answer = async () => Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: { code: "ENOTFOUND" } }));
    const { transaction_id } = await send(search("https://gone.example.test/"));
    t.clock.advance(72 * 60 * MINUTE);
    expect(await outbox().deliverDue()).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    expect((await outbox().transaction(transaction_id))[0]).toMatchObject({ status: "failed", attempts: 2, lastResult: "network error: ENOTFOUND" });
  });
});

describe("two runners at once", () => {
  const callback = (n: number): OutboxCallback => ({
    action: "on_search",
    transactionId: "txn-two-runners",
    messageId: `two-runners-${n}`,
    bapId: "buyer.example.test",
    bapUri: "https://buyer.example.test/ondc",
    body: JSON.stringify({ context: { n }, message: {} }),
  });
  /** A second instance: its own outbox over the same database, with its own transport. */
  const runner = (post: OndcCallbackPort["post"]) =>
    createOndcOutbox({ db: t.services.db, now: t.clock.now, logger: t.services.logger, signer: t.services.ondcSigner!, transport: { post } });

  it("sends each due callback once, across batches", async () => {
    for (let n = 0; n < 25; n += 1) await outbox().write(t.services.db, callback(n));
    const sent: string[] = [];
    const ack = async (request: CallbackRequest) => {
      sent.push(Buffer.from(request.body).toString("utf8"));
      return { status: 200, text: ACK };
    };
    const [a, b] = await Promise.all([runner(ack).deliverDue(), runner(ack).deliverDue()]);
    expect(a.delivered + b.delivered).toBe(25);
    expect(sent).toHaveLength(25);
    expect(new Set(sent).size).toBe(25);
  });

  it("leaves alone the rows another runner holds while it is still posting them", async () => {
    for (let n = 100; n < 103; n += 1) await outbox().write(t.services.db, callback(n));
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    let started!: () => void;
    const firstPost = new Promise<void>((done) => (started = done));
    const slowPosts: string[] = [];
    const slow = runner(async (request) => {
      slowPosts.push(Buffer.from(request.body).toString("utf8"));
      started();
      await gate;
      return { status: 200, text: ACK };
    });
    const otherPosts: string[] = [];
    const other = runner(async (request) => {
      otherPosts.push(Buffer.from(request.body).toString("utf8"));
      return { status: 200, text: ACK };
    });
    const slowRun = slow.deliverDue();
    await firstPost;
    expect(await other.deliverDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    release();
    expect(await slowRun).toEqual({ delivered: 3, retrying: 0, failed: 0 });
    expect(otherPosts).toEqual([]);
    expect(slowPosts).toHaveLength(3);
  });
});

describe("the delivery job", () => {
  it("runs every minute and sends what is owed", async () => {
    expect(JOB_SCHEDULES[JOB_NAMES.ondcCallbacks]).toBe("* * * * *");
    const body = JSON.stringify({ context: { action: "on_search" }, message: {} });
    await outbox().write(t.services.db, {
      action: "on_search",
      transactionId: "txn-job",
      messageId: "msg-job",
      bapId: "b.example",
      bapUri: "https://b.example/",
      body,
    });
    expect(await t.services.jobHandlers[JOB_NAMES.ondcCallbacks]()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received.map((r) => [r.url, r.text])).toEqual([["https://b.example/on_search", body]]);
  });
});
