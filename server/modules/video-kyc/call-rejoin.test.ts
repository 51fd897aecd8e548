// Issue 33: a dropped video KYC call and a second device, with the injected clock. The customer's side gone 9
// minutes rejoins the same call; gone 11 minutes, the call has ended as DROPPED (no one's decision, the
// recordings closed with their hash) and a new video KYC starts. The job ends calls nobody reads. A second
// device's stream replaces the older, which ends with its reason; the official is told, and the call's record
// and the audit chain keep it. Over HTTP: the older stream's `end` event names the reason.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../../core/contract/index.ts";
import { auditLog, videoKycRecordingChunks, videoKycRecordings } from "../../db/schema/index.ts";
import { JOB_NAMES } from "../../jobs/job-names.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { videoKycHelpers } from "../../test-support/video-kyc.ts";
import { STREAM_REPLACED } from "./signalling.ts";
import { createRecordingCheck } from "./recording-check.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;
const vkyc = () => t.services.videoKyc;
const signalling = () => t.services.videoKyc.signalling;
const { staff, waitingCustomer } = videoKycHelpers(() => t, Buffer.from("photo"));
const noop = () => {};

/** A customer in a call with an official (taken through the desk). */
async function inCall() {
  const c = await waitingCustomer();
  const official = await staff("video_kyc");
  await vkyc().desk.take(official, c.sessionId);
  return { c, official };
}

/** The audit chain's entries of an action for the session. */
const entries = (action: string, sessionId: string) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, sessionId)));

describe("a dropped call: rejoined within 10 minutes, otherwise it starts again (issue 33)", () => {
  it("9 minutes away: reopening the page rejoins the same call", async () => {
    const { c, official } = await inCall();
    const stream = await signalling().openForCustomer(c.profileId, c.sessionId, noop);
    await stream.close(); // the customer's page goes: last seen now
    t.clock.advance(9 * MINUTE);
    expect((await vkyc().customer.mine(c.profileId, c.sessionId)).status).toBe("IN_CALL");
    expect((await vkyc().desk.call(official, c.sessionId)).status).toBe("IN_CALL");
    const again = await signalling().openForCustomer(c.profileId, c.sessionId, noop);
    expect(await again.stillAllowed()).toBe(true);
    // Seen again at the reopening: 9 more minutes still leave the call open.
    t.clock.advance(9 * MINUTE);
    expect(await again.stillAllowed()).toBe(true);
    await again.close();
    expect(await entries("video_kyc.dropped", c.sessionId)).toEqual([]);
  });

  it("11 minutes away: the call has ended as dropped, what was uploaded is kept, and a new video KYC starts", async () => {
    const { c, official } = await inCall();
    const officialStream = await signalling().openForOfficial(official, c.sessionId, noop);
    const stream = await signalling().openForCustomer(c.profileId, c.sessionId, noop);
    // One chunk of the customer's recording arrived before the cut.
    const recordingId = randomUUID();
    const at = t.clock.now().getTime();
    const chunk = { recordingId, stream: "customer", seq: 0, startedAt: at, endedAt: at + 5_000, bytes: new TextEncoder().encode("abc") };
    expect(await vkyc().recordings.upload(official, c.sessionId, chunk)).toEqual({ stored: true });
    await stream.close();
    t.clock.advance(11 * MINUTE);

    // The official's stream is no longer allowed (its heartbeat sends `end`); the call reads as dropped.
    expect(await officialStream.stillAllowed()).toBe(false);
    await officialStream.close();
    const call = await vkyc().desk.call(official, c.sessionId);
    expect(call).toMatchObject({ status: "DROPPED", decisionReason: null, auditOutcome: null });
    expect(call.droppedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const view = await vkyc().customer.mine(c.profileId, c.sessionId);
    expect(view).toMatchObject({ status: "DROPPED", mayStartAgain: true, iceServers: [] });
    await expect(signalling().openForCustomer(c.profileId, c.sessionId, noop)).rejects.toMatchObject({ kind: "refused" });
    // Nobody decides or audits a dropped call.
    await expect(vkyc().desk.decide(official, c.sessionId, { outcome: "REJECT", reason: "Too late", checks: {}, questions: [] })).rejects.toMatchObject({
      message: "This call is not in progress, so it cannot be decided.",
    });

    // Ended once, by no one, in the audit chain; the recording closed with the SHA-256 of "abc" (FIPS 180-2's example).
    const dropped = await entries("video_kyc.dropped", c.sessionId);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ actorId: null, after: { status: "DROPPED" } });
    const [recording] = await t.services.db.select().from(videoKycRecordings).where(eq(videoKycRecordings.id, recordingId));
    expect(recording).toMatchObject({ chunkCount: 1, sizeBytes: 3, sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" });
    const [closed] = await entries("video_kyc.recording", c.sessionId);
    expect(closed?.after).toMatchObject({ recordingId, sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" });

    // A new video KYC: a session of its own, from the start.
    const fresh = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
    expect(fresh.id).not.toBe(c.sessionId);
    expect(fresh.status).toBe("STARTED");
    expect((await vkyc().customer.latestFor(c.profileId, c.leadId))?.id).toBe(fresh.id);
  });

  it("a start after 11 minutes away ends the old call first (nothing read it meanwhile)", async () => {
    const { c } = await inCall();
    t.clock.advance(11 * MINUTE);
    const fresh = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
    expect(fresh.id).not.toBe(c.sessionId);
    expect((await vkyc().customer.mine(c.profileId, c.sessionId)).status).toBe("DROPPED");
  });

  it("the job ends the calls whose customer has gone, and only those", async () => {
    const gone = await inCall();
    t.clock.advance(6 * MINUTE);
    const here = await inCall(); // taken 6 minutes later
    const stream = await signalling().openForCustomer(here.c.profileId, here.c.sessionId, noop);
    t.clock.advance(5 * MINUTE); // the first 11 minutes without its customer; the second's customer connected
    const result = (await t.services.jobHandlers[JOB_NAMES.videoKycDroppedCalls]()) as { dropped: number };
    expect(result.dropped).toBeGreaterThanOrEqual(1);
    expect((await vkyc().desk.call(gone.official, gone.c.sessionId)).status).toBe("DROPPED");
    expect((await vkyc().desk.call(here.official, here.c.sessionId)).status).toBe("IN_CALL");
    // Run again: nothing more of the first (ended once).
    await t.services.jobHandlers[JOB_NAMES.videoKycDroppedCalls]();
    expect(await entries("video_kyc.dropped", gone.c.sessionId)).toHaveLength(1);
    await stream.close();
  });
});

describe("the waiting room: a customer whose page has not read their place for 10 minutes leaves the queue (issue 33)", () => {
  const inQueue = async (sessionId: string) => (await vkyc().desk.queue(await staff("video_kyc"))).some((q) => q.id === sessionId);

  it("reads keep the place; 11 minutes unread, out of the queue with the file kept, and joining again puts them at the back", async () => {
    const c = await waitingCustomer();
    t.clock.advance(9 * MINUTE);
    // The waiting room's read at 9 minutes: still waiting, and seen now.
    expect((await vkyc().customer.mine(c.profileId, c.sessionId)).status).toBe("WAITING");
    t.clock.advance(9 * MINUTE);
    expect(await inQueue(c.sessionId)).toBe(true);
    expect((await vkyc().customer.mine(c.profileId, c.sessionId)).status).toBe("WAITING");

    // 11 minutes with no read: the job takes them out of the queue, once, by no one.
    t.clock.advance(11 * MINUTE);
    const result = (await t.services.jobHandlers[JOB_NAMES.videoKycDroppedCalls]()) as { leftQueue: number };
    expect(result.leftQueue).toBeGreaterThanOrEqual(1);
    expect(await inQueue(c.sessionId)).toBe(false);
    await t.services.jobHandlers[JOB_NAMES.videoKycDroppedCalls]();
    const left = await entries("video_kyc.left_queue", c.sessionId);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ actorId: null, after: { status: "IDENTITY_READ" } });
    // An official who still had the old queue on screen cannot take it.
    await expect(vkyc().desk.take(await staff("video_kyc"), c.sessionId)).rejects.toMatchObject({ message: "This call is not waiting in the queue." });

    // Their page says why; the file read stays, so the next step is the camera and the location again.
    const back = await vkyc().customer.mine(c.profileId, c.sessionId);
    expect(back).toMatchObject({ status: "IDENTITY_READ", leftQueue: true, queuePosition: null });
    const someoneElse = await waitingCustomer(); // joined while they were away
    t.clock.advance(MINUTE);
    const again = await vkyc().customer.joinQueue(c.profileId, c.sessionId, { latitude: 18.52, longitude: 73.85, accuracy: 20 });
    expect(again).toMatchObject({ status: "WAITING", leftQueue: false });
    const queue = await vkyc().desk.queue(await staff("video_kyc"));
    const position = (id: string) => queue.find((q) => q.id === id)!.position;
    expect(position(c.sessionId)).toBeGreaterThan(position(someoneElse.sessionId));
  });

  it("a read at the 11th minute, before the job, also takes them out (every read applies the rule)", async () => {
    const c = await waitingCustomer();
    t.clock.advance(11 * MINUTE);
    expect(await vkyc().customer.mine(c.profileId, c.sessionId)).toMatchObject({ status: "IDENTITY_READ", leftQueue: true });
    expect(await entries("video_kyc.left_queue", c.sessionId)).toHaveLength(1);
  });
});

describe("a second device for the same customer (issue 33)", () => {
  it("the newest stream replaces the older, which ends with its reason; the official is told and the call keeps it", async () => {
    const { c, official } = await inCall();
    const notes: { json: string; event?: string }[] = [];
    const officialStream = await signalling().openForOfficial(official, c.sessionId, (json, event) => void notes.push({ json, event }));
    const ended: string[] = [];
    const phone = await signalling().openForCustomer(c.profileId, c.sessionId, noop, { device: "phone-tab-0001", end: (d) => ended.push(`phone:${d}`) });
    expect(ended).toEqual([]);
    expect(notes).toEqual([]); // the first device is no news

    const laptop = await signalling().openForCustomer(c.profileId, c.sessionId, noop, { device: "laptop-tab-0002", end: (d) => ended.push(`laptop:${d}`) });
    expect(ended).toEqual([`phone:${STREAM_REPLACED}`]);
    expect(JSON.parse(STREAM_REPLACED)).toEqual({ reason: "other_device" });
    expect(notes).toEqual([{ json: JSON.stringify({ kind: "other_device", at: t.clock.now().toISOString() }), event: "note" }]);
    const call = await vkyc().desk.call(official, c.sessionId);
    expect(call.events).toEqual([{ kind: "other_device", at: t.clock.now().toISOString() }]);
    expect(await entries("video_kyc.other_device", c.sessionId)).toHaveLength(1);

    // The laptop's page reloads (the same tab's id): the older stream ends, but it is no other device.
    const reloaded = await signalling().openForCustomer(c.profileId, c.sessionId, noop, { device: "laptop-tab-0002", end: noop });
    expect(ended).toEqual([`phone:${STREAM_REPLACED}`, `laptop:${STREAM_REPLACED}`]);
    expect(notes).toHaveLength(1);
    expect((await vkyc().desk.call(official, c.sessionId)).events).toHaveLength(1);
    for (const s of [phone, laptop, reloaded, officialStream]) await s.close();
  });

  it("over HTTP: the older stream's `end` event says another device took the call", async () => {
    const { c } = await inCall();
    const open = (device: string) =>
      t.app.request(`${apiPath("videoKycSignals")}?session_id=${c.sessionId}&device=${device}`, { headers: { "auth-token": c.token } });
    const first = await open("phone-tab-0001");
    expect(first.status).toBe(200);
    const second = await open("laptop-tab-0002");
    expect(second.status).toBe(200);
    const text = await first.text(); // ended by the server: the body completes
    expect(text).toContain(`event: end\ndata: ${STREAM_REPLACED}\n\n`);
    await second.body?.cancel();
  });
});

describe("the recordings' re-check against the audit chain (issue 33)", () => {
  it("reports a chunk whose stored bytes changed and a chunk gone from storage; the others match", async () => {
    const { c, official } = await inCall();
    const at = t.clock.now().getTime();
    const upload = (recordingId: string, seq: number, text: string) =>
      vkyc().recordings.upload(official, c.sessionId, {
        recordingId,
        stream: "customer",
        seq,
        startedAt: at + seq * 5_000,
        endedAt: at + (seq + 1) * 5_000,
        bytes: new TextEncoder().encode(text),
      });
    const [intact, tampered, missing] = [randomUUID(), randomUUID(), randomUUID()];
    await upload(intact, 0, "abc");
    await upload(tampered, 0, "abc");
    await upload(missing, 0, "abc");
    await vkyc().desk.decide(official, c.sessionId, { outcome: "REJECT", reason: "PAN not shown", checks: {}, questions: [] });

    // Tampered: the object under the chunk's key now holds other bytes ("abd"); gone: the object deleted.
    const chunkKey = async (recordingId: string) =>
      (await t.services.db.select().from(videoKycRecordingChunks).where(eq(videoKycRecordingChunks.recordingId, recordingId)))[0]!.storageKey;
    const tamperedKey = await chunkKey(tampered);
    await t.services.storage.delete(await chunkKey(missing));
    const storage = t.services.storage;
    const check = createRecordingCheck({
      db: t.services.db,
      now: t.clock.now,
      storage: { ...storage, get: async (key) => (key === tamperedKey ? new TextEncoder().encode("abd") : storage.get(key)) },
    });
    const report = await check.run();
    const ours = report.problems.filter((p) => p.sessionId === c.sessionId);
    // The SHA-256 of "abd" (printf abd | sha256sum), not the audit entry's: that of "abc".
    const abd = "a52d159f262b2c6ddb724a61840befc36eb30c88877a4030b65cbe86298449c9";
    expect(ours).toEqual([
      {
        recordingId: tampered,
        sessionId: c.sessionId,
        result: "MISMATCH",
        detail: `The stored bytes hash to ${abd}; the audit entry says ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.`,
      },
      { recordingId: missing, sessionId: c.sessionId, result: "MISSING", detail: "Chunk 0 is missing from storage." },
    ]);
    const rows = await t.services.db.select().from(videoKycRecordings).where(eq(videoKycRecordings.sessionId, c.sessionId));
    const result = Object.fromEntries(rows.map((r) => [r.id, r.checkResult]));
    expect(result).toEqual({ [intact]: "MATCHES", [tampered]: "MISMATCH", [missing]: "MISSING" });
  });
});
