// Issue 33: the video KYC call's signalling. The service: messages relayed between exactly the customer of
// the session and the official who took it, while IN_CALL; everyone else refused with nothing relayed;
// a negotiation's messages held for a peer whose stream is not open; two instances through Redis. The
// HTTP edge: the server-sent event streams and the posts, bad input a 400 (never a 500).
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, fillPath } from "../../../core/contract/index.ts";
import { testRedisUrl } from "../../env.ts";
import { createMemoryPubSub } from "../../providers/pubsub/memory.ts";
import { createRedisPubSub } from "../../providers/pubsub/redis.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { videoKycHelpers } from "../../test-support/video-kyc.ts";
import { createVideoKycSignalling, STREAM_REPLACED } from "./signalling.ts";
import { createCallPresence } from "./call-presence.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const vkyc = () => t.services.videoKyc;
const signalling = () => t.services.videoKyc.signalling;
const { staff, waitingCustomer, snapshotsTaken } = videoKycHelpers(() => t, Buffer.from("photo"));
const GEN = "gen-0001-abcd";
const OFFER = { type: "offer", generation: GEN, sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n" };
const CANDIDATE = {
  type: "candidate",
  generation: GEN,
  candidate: { candidate: "candidate:1 1 udp 2122260223 192.168.1.5 54321 typ host", sdpMid: "0", sdpMLineIndex: 0 },
};

/** A customer in a call with an official (taken through the desk). */
async function inCall() {
  const c = await waitingCustomer();
  const official = await staff("video_kyc");
  await vkyc().desk.take(official, c.sessionId);
  return { c, official };
}

/** Collects what a stream delivers, parsed. */
const collector = () => {
  const got: unknown[] = [];
  return { got, deliver: (json: string) => void got.push(JSON.parse(json)) };
};

describe("signalling: who may send and receive (issue 33)", () => {
  it("relays between the customer and the official who took the call, both ways, in order", async () => {
    const { c, official } = await inCall();
    const toCustomer = collector();
    const toOfficial = collector();
    const customerStream = await signalling().openForCustomer(c.profileId, c.sessionId, toCustomer.deliver);
    const officialStream = await signalling().openForOfficial(official, c.sessionId, toOfficial.deliver);

    expect(await signalling().fromOfficial(official, c.sessionId, { type: "hello" })).toEqual({ delivered: true });
    expect(await signalling().fromCustomer(c.profileId, c.sessionId, { type: "ready", generation: null })).toEqual({ delivered: true });
    await signalling().fromOfficial(official, c.sessionId, OFFER);
    await signalling().fromOfficial(official, c.sessionId, CANDIDATE);
    await signalling().fromCustomer(c.profileId, c.sessionId, { type: "answer", generation: GEN, sdp: "v=0\r\n" });
    expect(toCustomer.got).toEqual([{ type: "hello" }, OFFER, CANDIDATE]);
    expect(toOfficial.got).toEqual([
      { type: "ready", generation: null },
      { type: "answer", generation: GEN, sdp: "v=0\r\n" },
    ]);
    expect(await customerStream.stillAllowed()).toBe(true);
    expect(await officialStream.stillAllowed()).toBe(true);

    // Decided, the call is over: the streams may no longer listen and nothing more is relayed.
    const checks = { no_prompting: true, same_person: true, pan_legible: true, face_match: true, liveness_done: true };
    await snapshotsTaken(official, c.sessionId);
    await vkyc().desk.decide(official, c.sessionId, { outcome: "APPROVE", reason: "All checked", checks, questions: [] });
    expect(await customerStream.stillAllowed()).toBe(false);
    expect(await officialStream.stillAllowed()).toBe(false);
    await expect(signalling().fromOfficial(official, c.sessionId, CANDIDATE)).rejects.toMatchObject({
      kind: "refused",
      message: "This call is not in progress.",
    });
    await expect(signalling().fromCustomer(c.profileId, c.sessionId, { type: "hangup" })).rejects.toMatchObject({ kind: "refused" });
    await customerStream.close();
    await officialStream.close();
    expect(toCustomer.got).toHaveLength(3);
  });

  it("refuses everyone else, for the stream and for every message, and relays nothing of theirs", async () => {
    const { c, official } = await inCall();
    const other = await waitingCustomer();
    const secondOfficial = await staff("video_kyc");
    const auditor = await staff("auditor");
    const toCustomer = collector();
    const toOfficial = collector();
    const customerStream = await signalling().openForCustomer(c.profileId, c.sessionId, toCustomer.deliver);
    const officialStream = await signalling().openForOfficial(official, c.sessionId, toOfficial.deliver);

    // Another customer: not found (its existence is not told), for the stream and the post.
    const notFound = { kind: "not-found", message: "We could not find your video KYC. Please start it again." };
    await expect(signalling().openForCustomer(other.profileId, c.sessionId, () => {})).rejects.toMatchObject(notFound);
    await expect(signalling().fromCustomer(other.profileId, c.sessionId, { type: "ready", generation: null })).rejects.toMatchObject(notFound);
    await expect(signalling().fromCustomer(c.profileId, "not-a-uuid", { type: "hangup" })).rejects.toMatchObject(notFound);
    // Another official, an auditor, nobody signed in.
    const notYours = { kind: "forbidden", message: "This call was taken by another official." };
    await expect(signalling().openForOfficial(secondOfficial, c.sessionId, () => {})).rejects.toMatchObject(notYours);
    await expect(signalling().fromOfficial(secondOfficial, c.sessionId, OFFER)).rejects.toMatchObject(notYours);
    await expect(signalling().openForOfficial(auditor, c.sessionId, () => {})).rejects.toMatchObject({
      kind: "forbidden",
      message: "Your role cannot do this.",
    });
    await expect(signalling().fromOfficial(auditor, c.sessionId, OFFER)).rejects.toMatchObject({ kind: "forbidden", message: "Your role cannot do this." });
    await expect(signalling().fromOfficial(null, c.sessionId, OFFER)).rejects.toMatchObject({ kind: "not-authenticated", message: "Please sign in." });
    // A waiting call (no official yet): the customer has nothing to signal, and no official may.
    await expect(signalling().openForCustomer(other.profileId, other.sessionId, () => {})).rejects.toMatchObject({ kind: "refused" });
    await expect(signalling().fromOfficial(official, other.sessionId, OFFER)).rejects.toMatchObject({
      kind: "forbidden",
      message: "You may open only the calls you took, or decided calls to audit.",
    });
    // Each side sends only its own kinds of message, each read to its bounds.
    await expect(signalling().fromCustomer(c.profileId, c.sessionId, OFFER)).rejects.toMatchObject({
      kind: "malformed",
      message: "This call message cannot be read: type must be one of ready, answer, candidate, hangup.",
    });
    await expect(signalling().fromOfficial(official, c.sessionId, { type: "answer", generation: GEN, sdp: "v=0" })).rejects.toMatchObject({
      kind: "malformed",
    });
    await expect(signalling().fromOfficial(official, c.sessionId, { ...OFFER, sdp: "x".repeat(20_001) })).rejects.toMatchObject({
      message: "This call message cannot be read: sdp must be at most 20000 characters.",
    });
    await expect(signalling().fromOfficial(official, c.sessionId, { ...OFFER, generation: "no spaces allowed" })).rejects.toMatchObject({
      message: "This call message cannot be read: generation must be 8 to 64 letters, digits, '-' or '_'.",
    });
    await expect(signalling().fromOfficial(official, c.sessionId, { ...OFFER, extra: 1 })).rejects.toMatchObject({ kind: "malformed" });
    await expect(signalling().fromOfficial(official, c.sessionId, "hello")).rejects.toMatchObject({ kind: "malformed" });

    expect(toCustomer.got).toEqual([]);
    expect(toOfficial.got).toEqual([]);
    await customerStream.close();
    await officialStream.close();
  });
});

describe("signalling: messages held for a peer not connected", () => {
  it("gives the offer and candidates sent before the customer's stream opened, in order, once; not hello", async () => {
    const { c, official } = await inCall();
    expect(await signalling().fromOfficial(official, c.sessionId, { type: "hello" })).toEqual({ delivered: false });
    expect(await signalling().fromOfficial(official, c.sessionId, OFFER)).toEqual({ delivered: false });
    await signalling().fromOfficial(official, c.sessionId, CANDIDATE);
    const first = collector();
    const stream = await signalling().openForCustomer(c.profileId, c.sessionId, first.deliver);
    expect(first.got).toEqual([OFFER, CANDIDATE]);
    // Live messages are not held as well: a stream opened after this one gets nothing again.
    await signalling().fromOfficial(official, c.sessionId, { ...CANDIDATE, candidate: { candidate: "candidate:2 1 udp 1 10.0.0.2 5000 typ host" } });
    expect(first.got).toHaveLength(3);
    await stream.close();
    const second = collector();
    const again = await signalling().openForCustomer(c.profileId, c.sessionId, second.deliver);
    expect(second.got).toEqual([]);
    await again.close();
  });

  it("keeps held messages 30 seconds, the newest 100 (the memory port)", async () => {
    let clock = 1_000_000;
    const bus = createMemoryPubSub({ now: () => clock });
    await bus.hold("k", "a", { ttlMs: 30_000, max: 100 });
    clock += 29_999;
    await bus.hold("k", "b", { ttlMs: 30_000, max: 2 });
    await bus.hold("k", "c", { ttlMs: 30_000, max: 2 });
    expect(await bus.takeHeld("k")).toEqual(["b", "c"]);
    expect(await bus.takeHeld("k")).toEqual([]);
    await bus.hold("k", "d", { ttlMs: 30_000, max: 100 });
    clock += 30_000;
    expect(await bus.takeHeld("k")).toEqual([]);
  });
});

describe("signalling across two instances (Redis)", () => {
  const prefix = `sot-test-${randomBytes(6).toString("hex")}:`;
  const connections = [new Redis(testRedisUrl()), new Redis(testRedisUrl())];
  const buses = connections.map((redis) => createRedisPubSub({ redis, keyPrefix: prefix }));
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    const keys = await connections[0]!.keys(`${prefix}*`);
    if (keys.length) await connections[0]!.del(...keys);
    for (const redis of connections) redis.disconnect();
  });

  it("relays from one instance's post to the other instance's stream, and holds through Redis with its TTL", async () => {
    // Each instance its own presence (the 10-minute rule), as createServices builds it.
    const presence = () => createCallPresence({ db: t.services.db, now: t.clock.now, audit: t.services.audit }, { finalise: async () => {} });
    const [a, b] = buses.map((bus) => createVideoKycSignalling({ db: t.services.db, now: t.clock.now, audit: t.services.audit, bus, presence: presence() }));
    const { c, official } = await inCall();
    // Held on instance A (no stream yet), given to the customer's stream on instance B.
    await a!.fromOfficial(official, c.sessionId, OFFER);
    const ttl = await connections[0]!.pttl(`${prefix}vkyc:held:${c.sessionId}:customer`);
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    const toCustomer = collector();
    const toOfficial = collector();
    const customerStream = await b!.openForCustomer(c.profileId, c.sessionId, toCustomer.deliver);
    const officialStream = await a!.openForOfficial(official, c.sessionId, toOfficial.deliver);
    expect(toCustomer.got).toEqual([OFFER]);
    // Live both ways across the instances.
    const arrived = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (toOfficial.got.length === 1 && toCustomer.got.length === 2) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    expect(await b!.fromCustomer(c.profileId, c.sessionId, { type: "answer", generation: GEN, sdp: "v=0\r\n" })).toEqual({ delivered: true });
    expect(await a!.fromOfficial(official, c.sessionId, CANDIDATE)).toEqual({ delivered: true });
    await arrived;
    expect(toOfficial.got).toEqual([{ type: "answer", generation: GEN, sdp: "v=0\r\n" }]);
    expect(toCustomer.got).toEqual([OFFER, CANDIDATE]);
    // Delivered live, nothing stays held.
    expect(await connections[0]!.exists(`${prefix}vkyc:held:${c.sessionId}:official`)).toBe(0);
    await customerStream.close();
    await officialStream.close();
  });

  it("a second device's stream on the other instance ends the older one, with its reason", async () => {
    const presence = () => createCallPresence({ db: t.services.db, now: t.clock.now, audit: t.services.audit }, { finalise: async () => {} });
    const [a, b] = buses.map((bus) => createVideoKycSignalling({ db: t.services.db, now: t.clock.now, audit: t.services.audit, bus, presence: presence() }));
    const { c } = await inCall();
    let ended = "";
    const phone = await a!.openForCustomer(c.profileId, c.sessionId, () => {}, { device: "phone-tab-0001", end: (data) => void (ended = data) });
    const laptop = await b!.openForCustomer(c.profileId, c.sessionId, () => {}, { device: "laptop-tab-0002", end: () => {} });
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (ended) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    expect(ended).toBe(STREAM_REPLACED);
    await phone.close();
    await laptop.close();
  });
});

/** Reads a server-sent event stream one event at a time (comments skipped). */
function events(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; data: string }> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n");
          const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
          if (!event) continue;
          return {
            event,
            data: lines
              .filter((l) => l.startsWith("data: "))
              .map((l) => l.slice(6))
              .join("\n"),
          };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}

describe("signalling over HTTP", () => {
  it("streams the official's posts to the customer and back; bad input is a 400 with its message; others 403/404", async () => {
    const c = await waitingCustomer();
    const who = await enrolledStaff(t.services, "video_kyc");
    const { token, principal } = await signInStaff(t.services, who);
    await vkyc().desk.take(principal, c.sessionId);
    const staffHeaders = { cookie: `sot_staff=${token}`, origin: "http://localhost", "content-type": "application/json" };
    const customerHeaders = { "auth-token": c.token, "content-type": "application/json" };
    const customerPost = (body: unknown, raw?: string) => t.post(body, { path: apiPath("sendVideoKycSignal"), headers: customerHeaders, raw });
    const officialPost = async (body: unknown, headers: Record<string, string> = staffHeaders, raw?: string) => {
      const res = await t.app.request(fillPath(apiPath("videoKycCallSignal"), { sessionId: c.sessionId }), {
        method: "POST",
        headers,
        body: raw ?? JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { Status: number; Message: string; Data?: unknown } };
    };

    const customerStream = await t.app.request(`${apiPath("videoKycSignals")}?session_id=${c.sessionId}`, { headers: { "auth-token": c.token } });
    expect(customerStream.status).toBe(200);
    expect(customerStream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(customerStream.headers.get("x-accel-buffering")).toBe("no");
    const officialStream = await t.app.request(fillPath(apiPath("videoKycCallSignals"), { sessionId: c.sessionId }), {
      headers: { cookie: `sot_staff=${token}` },
    });
    expect(officialStream.status).toBe(200);
    const atCustomer = events(customerStream);
    const atOfficial = events(officialStream);

    expect(await officialPost({ message: OFFER })).toMatchObject({ status: 200, body: { Status: 1, Data: { delivered: true } } });
    expect(await atCustomer.next()).toEqual({ event: "signal", data: JSON.stringify(OFFER) });
    const answer = { type: "answer", generation: GEN, sdp: "v=0\r\na=group:BUNDLE 0 1\r\n" };
    expect(await customerPost({ session_id: c.sessionId, message: answer })).toMatchObject({ status: 200, body: { Status: 1, Data: { delivered: true } } });
    expect(await atOfficial.next()).toEqual({ event: "signal", data: JSON.stringify(answer) });

    // Bad input: a clear 400, never a 500; too large a 413.
    expect(await customerPost(null, "{not json")).toMatchObject({ status: 400, body: { Status: 2, Message: "The request body is not valid JSON." } });
    expect(await customerPost(null, "[1]")).toMatchObject({ status: 400, body: { Message: "The request body must be a JSON object." } });
    expect(await customerPost({ message: answer })).toMatchObject({ status: 400, body: { Status: 2, Message: "session_id is required." } });
    expect(await customerPost({ session_id: c.sessionId, message: { type: "offer", generation: GEN, sdp: "v=0" } })).toMatchObject({
      status: 400,
      body: { Status: 2, Message: "This call message cannot be read: type must be one of ready, answer, candidate, hangup." },
    });
    expect(await customerPost({ session_id: c.sessionId, message: { type: "candidate", generation: GEN, candidate: { candidate: 7 } } })).toMatchObject({
      status: 400,
      body: { Message: "This call message cannot be read: candidate.candidate must be a string." },
    });
    expect((await customerPost(null, JSON.stringify({ session_id: c.sessionId, message: { ...answer, sdp: "x".repeat(40_000) } }))).status).toBe(413);
    expect(await officialPost(null, staffHeaders, "")).toMatchObject({ status: 400, body: { Message: "The request body is not valid JSON." } });

    // Others: another customer 404, another official 403, no origin 403, nobody signed in 401; none relayed.
    const other = await waitingCustomer();
    const otherStream = await t.app.request(`${apiPath("videoKycSignals")}?session_id=${c.sessionId}`, { headers: { "auth-token": other.token } });
    expect(otherStream.status).toBe(404);
    expect(await otherStream.json()).toMatchObject({ Status: 2, Message: "We could not find your video KYC. Please start it again." });
    expect(
      await t.post({ session_id: c.sessionId, message: { type: "hangup" } }, { path: apiPath("sendVideoKycSignal"), headers: { "auth-token": other.token } }),
    ).toMatchObject({ status: 404 });
    const second = await signInStaff(t.services, await enrolledStaff(t.services, "video_kyc"));
    const secondHeaders = { ...staffHeaders, cookie: `sot_staff=${second.token}` };
    expect(await officialPost({ message: OFFER }, secondHeaders)).toMatchObject({ status: 403, body: { Message: "This call was taken by another official." } });
    const secondStream = await t.app.request(fillPath(apiPath("videoKycCallSignals"), { sessionId: c.sessionId }), {
      headers: { cookie: `sot_staff=${second.token}` },
    });
    expect(secondStream.status).toBe(403);
    expect(await officialPost({ message: OFFER }, { "content-type": "application/json", cookie: `sot_staff=${token}` })).toMatchObject({ status: 403 });
    expect(await officialPost({ message: OFFER }, { "content-type": "application/json", origin: "http://localhost" })).toMatchObject({
      status: 401,
      body: { Message: "Please sign in." },
    });

    // Nothing of theirs reached the streams: the next event each side sees is the next real message.
    await officialPost({ message: { type: "hangup" } });
    expect(await atCustomer.next()).toEqual({ event: "signal", data: '{"type":"hangup"}' });
    await atCustomer.close();
    await atOfficial.close();
  });
});
