// Issue 33: the video KYC call's recordings. Chunks from the official who took the call only, while in the
// call (or just after its decision); the same chunk twice kept once; bad input a 400 (never a 500); the
// decision finalises each recording with the SHA-256 over its chunks in order, into the audit chain; a call
// cut mid-way keeps what was uploaded; the auditor lists and plays it.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, fillPath } from "../../../core/contract/index.ts";
import { auditLog, videoKycRecordingChunks } from "../../db/schema/index.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { videoKycHelpers } from "../../test-support/video-kyc.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const vkyc = () => t.services.videoKyc;
const { waitingCustomer } = videoKycHelpers(() => t, Buffer.from("photo"));
const ORIGIN = "http://localhost";
const bytes = (text: string) => new TextEncoder().encode(text);

/** A customer in a call taken by a signed-in official (the staff cookie's token with it). */
async function inCall() {
  const { sessionId } = await waitingCustomer();
  const who = await enrolledStaff(t.services, "video_kyc");
  const { token, principal } = await signInStaff(t.services, who);
  await vkyc().desk.take(principal, sessionId);
  return { sessionId, official: principal, token };
}

async function signedIn(role: "video_kyc" | "auditor") {
  const who = await enrolledStaff(t.services, role);
  return signInStaff(t.services, who);
}

/** A chunk's upload over HTTP with the staff cookie of `token`. */
async function post(token: string, sessionId: string, query: Record<string, string>, body: Uint8Array) {
  const path = `${fillPath(apiPath("videoKycRecordingChunk"), { sessionId })}?${new URLSearchParams(query)}`;
  const res = await t.app.request(path, {
    method: "POST",
    headers: { cookie: `sot_staff=${token}`, origin: ORIGIN, "content-type": "video/webm" },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: (await res.json()) as { Status: number; Message: string; Data?: any } };
}

const chunkQuery = (recordingId: string, seq: number, startMs: number) => ({
  recording_id: recordingId,
  stream: "customer",
  seq: String(seq),
  started_at: String(startMs),
  ended_at: String(startMs + 5_000),
});

describe("video KYC recordings (issue 33)", () => {
  it("takes chunks from the official who took the call, keeps a chunk sent twice once, and the decision writes the SHA-256 into the audit chain", async () => {
    const { sessionId, official, token } = await inCall();
    const recordingId = randomUUID();
    const start = Date.UTC(2026, 10, 29, 7, 0, 0);
    expect(await post(token, sessionId, chunkQuery(recordingId, 0, start), bytes("first-"))).toMatchObject({ status: 200, body: { Data: { stored: true } } });
    // Sent again (a retry): kept once; the same sequence number with other bytes is refused.
    expect(await post(token, sessionId, chunkQuery(recordingId, 0, start), bytes("first-"))).toMatchObject({ status: 200, body: { Data: { stored: false } } });
    expect(await post(token, sessionId, chunkQuery(recordingId, 0, start), bytes("other"))).toMatchObject({
      status: 400,
      body: { Message: "This chunk was already received with other bytes." },
    });
    // Out of order: kept by its sequence number.
    expect((await post(token, sessionId, chunkQuery(recordingId, 2, start + 10_000), bytes("third"))).status).toBe(200);
    expect((await post(token, sessionId, chunkQuery(recordingId, 1, start + 5_000), bytes("second-"))).status).toBe(200);
    const rows = await t.services.db.select().from(videoKycRecordingChunks).where(eq(videoKycRecordingChunks.recordingId, recordingId));
    expect(rows.map((r) => [r.seq, r.sizeBytes]).sort()).toEqual([
      [0, 6],
      [1, 7],
      [2, 5],
    ]);

    await vkyc().desk.decide(official, sessionId, { outcome: "REJECT", reason: "The PAN card was not legible" });
    // By hand (sha256sum of "first-second-third", the chunks in sequence order).
    const expected = "a4080b4d3844c5f0cd486735f71c9e365556ddc2d002e6821b9dda308ac92e1a";
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "video_kyc.recording"), eq(auditLog.targetId, sessionId)));
    expect(entry?.actorId).toBe(official.staffId);
    expect(entry?.after).toEqual({ recordingId, stream: "customer", chunks: 3, sizeBytes: 18, durationMs: 15_000, sha256: expected });

    // After the decision the recording is closed: a new chunk is refused, the one already kept still answers.
    expect(await post(token, sessionId, chunkQuery(recordingId, 3, start + 15_000), bytes("late"))).toMatchObject({
      status: 400,
      body: { Message: "This recording is closed." },
    });
    expect((await post(token, sessionId, chunkQuery(recordingId, 2, start + 10_000), bytes("third"))).body.Data).toEqual({ stored: false });
    // A recording begun after the decision is refused too, within the grace.
    expect(await post(token, sessionId, chunkQuery(randomUUID(), 0, start + 20_000), bytes("new"))).toMatchObject({
      status: 400,
      body: { Message: "This call is no longer being recorded." },
    });

    // The auditor lists it with its duration and SHA-256, and plays it: the chunks one after another.
    const auditor = await signedIn("auditor");
    const headers = { cookie: `sot_staff=${auditor.token}` };
    const list = await t.app.request(fillPath(apiPath("videoKycRecordings"), { sessionId }), { headers });
    expect(((await list.json()) as any).Data.recordings).toEqual([
      {
        recording_id: recordingId,
        stream: "customer",
        chunks: 3,
        size_bytes: 18,
        started_at: "2026-11-29T07:00:00.000Z",
        ended_at: "2026-11-29T07:00:15.000Z",
        duration_ms: 15_000,
        sha256: expected,
      },
    ]);
    // The call screen the auditor opens shows the same.
    const screen = await vkyc().screen.call(auditor.principal, sessionId);
    expect(screen.recordings).toEqual([
      {
        id: recordingId,
        stream: "customer",
        chunks: 3,
        sizeBytes: 18,
        startedAt: "2026-11-29T07:00:00.000Z",
        durationMs: 15_000,
        sha256: expected,
        check: null, // not re-checked yet (npm run recordings:check)
      },
    ]);
    const file = await t.app.request(fillPath(apiPath("videoKycRecordingFile"), { sessionId, recordingId }), { headers });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/webm");
    expect(await file.text()).toBe("first-second-third");
  });

  it("refuses chunks from anyone but the official who took the call, and bad input with a 400", async () => {
    const { sessionId, token } = await inCall();
    const recordingId = randomUUID();
    const start = Date.UTC(2026, 10, 29, 7, 0, 0);
    const other = await signedIn("video_kyc");
    expect(await post(other.token, sessionId, chunkQuery(recordingId, 0, start), bytes("x"))).toMatchObject({
      status: 403,
      body: { Message: "Only the official who took this call may record it." },
    });
    const auditor = await signedIn("auditor");
    expect((await post(auditor.token, sessionId, chunkQuery(recordingId, 0, start), bytes("x"))).status).toBe(403);
    // Another official may not list the recordings of a call not yet decided (the desk's own rule).
    const list = await t.app.request(fillPath(apiPath("videoKycRecordings"), { sessionId }), { headers: { cookie: `sot_staff=${other.token}` } });
    expect(list.status).toBe(403);

    const bad: [Record<string, string>, Uint8Array, string][] = [
      [{ ...chunkQuery("not-a-uuid", 0, start) }, bytes("x"), "The chunk's recording id is missing or not valid."],
      [{ ...chunkQuery(recordingId, 0, start), stream: "both" }, bytes("x"), "The chunk's stream is missing or not valid."],
      [{ ...chunkQuery(recordingId, 0, start), seq: "-1" }, bytes("x"), "The chunk's sequence number is missing or not valid."],
      [{ ...chunkQuery(recordingId, 0, start), started_at: "yesterday" }, bytes("x"), "The chunk's start time is missing or not valid."],
      [{ ...chunkQuery(recordingId, 0, start), ended_at: String(start - 1) }, bytes("x"), "The chunk's end time is missing or not valid."],
      [chunkQuery(recordingId, 0, start), new Uint8Array(0), "The chunk is empty."],
    ];
    for (const [query, body, message] of bad) expect(await post(token, sessionId, query, body)).toMatchObject({ status: 400, body: { Message: message } });
    const tooLarge = await post(token, sessionId, chunkQuery(recordingId, 0, start), new Uint8Array(4 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect((await post(token, randomUUID(), chunkQuery(recordingId, 0, start), bytes("x"))).status).toBe(404);
  });

  it("a call cut mid-way keeps what was uploaded: the decision finalises it", async () => {
    const { sessionId, official, token } = await inCall();
    const recordingId = randomUUID();
    await post(token, sessionId, { ...chunkQuery(recordingId, 0, Date.UTC(2026, 10, 29, 7, 0, 0)), stream: "official" }, bytes("only"));
    await vkyc().desk.decide(official, sessionId, { outcome: "REJECT", reason: "The call dropped and did not come back" });
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "video_kyc.recording"), eq(auditLog.targetId, sessionId)));
    expect(entry?.after).toMatchObject({
      stream: "official",
      chunks: 1,
      sizeBytes: 4,
      sha256: "f905b19542ed08c9a9c26543cca32e5711d207dcffb81b4cdb44ce0b989431c9",
    });
  });
});
