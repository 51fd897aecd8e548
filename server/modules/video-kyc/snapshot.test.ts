// Issue 33: the official's face and PAN card snapshots, and the liveness action shown to the customer. A
// snapshot only from the official who took the call, only while IN_CALL, only a JPEG within 1 MB; its SHA-256
// in the audit chain; read by those who may read the call (no-store). An approval needs both snapshots; a
// rejection none. The liveness action goes to the customer's stream as its key, recorded on the session.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, fillPath, JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { LIVENESS_ACTIONS } from "../../../core/video-kyc.ts";
import { auditLog, videoKycSessions, videoKycSnapshots } from "../../db/schema/index.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { videoKycHelpers } from "../../test-support/video-kyc.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const vkyc = () => t.services.videoKyc;
const { waitingCustomer, jpeg, snapshotsTaken } = videoKycHelpers(() => t, Buffer.from("photo"));
const ORIGIN = "http://localhost";
const ALL_TICKED = { no_prompting: true, same_person: true, pan_legible: true, face_match: true, liveness_done: true };

async function signedIn(role: "video_kyc" | "auditor") {
  const who = await enrolledStaff(t.services, role);
  return signInStaff(t.services, who);
}

/** A customer in a call taken by a signed-in official. */
async function inCall() {
  const c = await waitingCustomer();
  const { token, principal } = await signedIn("video_kyc");
  await vkyc().desk.take(principal, c.sessionId);
  return { c, sessionId: c.sessionId, official: principal, token };
}

/** A snapshot's upload over HTTP with the staff cookie of `token` (none: nobody signed in). */
async function post(token: string | null, sessionId: string, kind: string, body: Uint8Array, contentType = "image/jpeg") {
  const path = `${fillPath(apiPath("videoKycSnapshot"), { sessionId })}?kind=${kind}`;
  const res = await t.app.request(path, {
    method: "POST",
    headers: { ...(token ? { cookie: `sot_staff=${token}` } : {}), origin: ORIGIN, "content-type": contentType },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: (await res.json()) as { Message: string; Data?: any } };
}

async function get(token: string, sessionId: string, snapshotId: string) {
  return t.app.request(fillPath(apiPath("videoKycSnapshotFile"), { sessionId, snapshotId }), { headers: { cookie: `sot_staff=${token}` } });
}

describe("video KYC snapshots (issue 33)", () => {
  it("stores the official's JPEG with its SHA-256, into the audit chain, and serves it to those who may read the call", async () => {
    const { sessionId, official, token } = await inCall();
    // FF D8 FF then "abc": by hand, printf '\xff\xd8\xffabc' | sha256sum.
    const expected = "bb50305eeb037e9f042bb96a4b894d570a7cdb7735d1599c80bc470943138a08";
    const sent = await post(token, sessionId, "face", jpeg("abc"));
    expect(sent.status).toBe(200);
    expect(sent.body.Data).toMatchObject({ kind: "face", sha256: expected, size_bytes: 6 });
    const snapshotId = sent.body.Data.snapshot_id as string;

    const [row] = await t.services.db.select().from(videoKycSnapshots).where(eq(videoKycSnapshots.id, snapshotId));
    expect(row).toMatchObject({ sessionId, kind: "face", sha256: expected, sizeBytes: 6, officialId: official.staffId });
    expect(Array.from((await t.services.storage.get(row!.storageKey))!)).toEqual(Array.from(jpeg("abc")));
    const entries = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "video_kyc.snapshot"), eq(auditLog.targetId, sessionId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(official.staffId);
    expect(entries[0]!.after).toEqual({ snapshotId, kind: "face", sizeBytes: 6, sha256: expected });

    // The official who took it reads it: the bytes, as a JPEG, not cached.
    const mine = await get(token, sessionId, snapshotId);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(mine.headers.get("cache-control")).toBe("no-store");
    expect(Array.from(new Uint8Array(await mine.arrayBuffer()))).toEqual(Array.from(jpeg("abc")));
    // Another official not before the decision; the auditor always; nobody signed in never.
    const other = await signedIn("video_kyc");
    const auditor = await signedIn("auditor");
    expect((await get(other.token, sessionId, snapshotId)).status).toBe(403);
    expect((await get(auditor.token, sessionId, snapshotId)).status).toBe(200);
    const nobody = await t.app.request(fillPath(apiPath("videoKycSnapshotFile"), { sessionId, snapshotId }));
    expect(nobody.status).toBe(401);
    // Another call's id with this snapshot: not found.
    const elsewhere = await inCall();
    expect((await get(elsewhere.token, elsewhere.sessionId, snapshotId)).status).toBe(404);

    // A retake: both kept, the newest counts on the call screen (the official's, and the auditor's masked view).
    t.clock.advance(60_000);
    const again = await post(token, sessionId, "face", jpeg("abd"));
    expect(again.status).toBe(200);
    expect(await t.services.db.select().from(videoKycSnapshots).where(eq(videoKycSnapshots.sessionId, sessionId))).toHaveLength(2);
    const screen = await vkyc().screen.call(official, sessionId);
    expect(screen.snapshots.face).toMatchObject({ id: again.body.Data.snapshot_id, sha256: again.body.Data.sha256 });
    expect(screen.snapshots.face?.src).toBe(fillPath(apiPath("videoKycSnapshotFile"), { sessionId, snapshotId: again.body.Data.snapshot_id }));
    expect(screen.snapshots.pan).toBeNull();
    const audited = await vkyc().screen.call(auditor.principal, sessionId);
    expect(audited.masked).toBe(true);
    expect(audited.snapshots.face?.id).toBe(again.body.Data.snapshot_id);

    // Decided, another official may read it too (the second person's audit).
    await vkyc().desk.decide(official, sessionId, { outcome: "REJECT", reason: "PAN card not shown" });
    expect((await get(other.token, sessionId, snapshotId)).status).toBe(200);
  });

  it("refuses another official, an auditor, nobody, a bad kind, a body that is not a JPEG, too large, and a call not in progress", async () => {
    const { sessionId, official, token } = await inCall();
    const other = await signedIn("video_kyc");
    const auditor = await signedIn("auditor");
    expect(await post(other.token, sessionId, "face", jpeg("x"))).toMatchObject({
      status: 403,
      body: { Message: "Only the official who took this call may take its snapshots." },
    });
    expect(await post(auditor.token, sessionId, "face", jpeg("x"))).toMatchObject({ status: 403, body: { Message: "Your role cannot do this." } });
    expect((await post(null, sessionId, "face", jpeg("x"))).status).toBe(401);
    expect(await post(token, sessionId, "selfie", jpeg("x"))).toMatchObject({
      status: 400,
      body: { Message: "Say which snapshot this is: kind must be face or pan." },
    });
    expect(await post(token, sessionId, "face", new TextEncoder().encode("\x89PNG not a jpeg"))).toMatchObject({
      status: 400,
      body: { Message: "The snapshot is not a JPEG image (its bytes must begin FF D8 FF)." },
    });
    expect(await post(token, sessionId, "face", jpeg("x"), "image/png")).toMatchObject({ status: 400, body: { Message: "Send the snapshot as image/jpeg." } });
    expect(await post(token, sessionId, "face", new Uint8Array(0))).toMatchObject({ status: 400, body: { Message: "The snapshot is empty." } });
    // Over 1 MB (1,048,576 bytes): refused before it is read whole.
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect((await post(token, sessionId, "face", big)).status).toBe(413);
    // A waiting call (no official yet), and this call once decided.
    const waiting = await waitingCustomer();
    expect((await post(token, waiting.sessionId, "face", jpeg("x"))).status).toBe(403);
    await vkyc().desk.decide(official, sessionId, { outcome: "REJECT", reason: "PAN card not shown" });
    expect(await post(token, sessionId, "pan", jpeg("x"))).toMatchObject({
      status: 400,
      body: { Message: "This call is not in progress, so no snapshot can be taken." },
    });
    // Nothing stored for any of them.
    expect(await t.services.db.select().from(videoKycSnapshots).where(eq(videoKycSnapshots.sessionId, sessionId))).toEqual([]);
  });

  it("refuses an approval without both snapshots, naming each; a rejection needs none", async () => {
    const { sessionId, official } = await inCall();
    const approve = { outcome: "APPROVE", reason: "All checks passed", checks: ALL_TICKED };
    await expect(vkyc().desk.decide(official, sessionId, approve)).rejects.toMatchObject({
      kind: "invalid-input",
      message: "Take the face snapshot before approving. Take the PAN card snapshot before approving.",
    });
    await vkyc().snapshots.take(official, sessionId, { kind: "face", contentType: "image/jpeg", bytes: jpeg("face") });
    await expect(vkyc().desk.decide(official, sessionId, approve)).rejects.toMatchObject({
      message: "Take the PAN card snapshot before approving.",
      errors: { "snapshots.pan": "Take the PAN card snapshot before approving." },
    });
    // Refused, nothing moved: the call is still in progress.
    const [still] = await t.services.db.select().from(videoKycSessions).where(eq(videoKycSessions.id, sessionId));
    expect(still?.status).toBe("IN_CALL");
    await snapshotsTaken(official, sessionId);
    expect((await vkyc().desk.decide(official, sessionId, approve)).status).toBe("APPROVED");

    const rejected = await inCall();
    expect((await vkyc().desk.decide(rejected.official, rejected.sessionId, { outcome: "REJECT", reason: "Not the same person" })).status).toBe("REJECTED");
  });
});

describe("My data names the snapshots (issue 33)", () => {
  it("lists each snapshot's kind, time and SHA-256 in the JSON and the PDF, never the image", async () => {
    const { c, sessionId, official } = await inCall();
    const face = await vkyc().snapshots.take(official, sessionId, { kind: "face", contentType: "image/jpeg", bytes: jpeg("abc") });
    t.clock.advance(5_000);
    await vkyc().snapshots.take(official, sessionId, { kind: "pan", contentType: "image/jpeg", bytes: jpeg("abd") });
    const headers = { "auth-token": c.token };
    const data = (await (await t.app.request(`${JOURNEY_CONTROLLER}/getMyDataJson`, { headers })).json()) as any;
    const attempt = data.aadhaar_ekyc.video_kyc.find((v: { started_at: string }) => v.started_at);
    expect(attempt.snapshots).toEqual([
      { kind: "face", taken_at: face.takenAt.toISOString(), size_bytes: 6, sha256: "bb50305eeb037e9f042bb96a4b894d570a7cdb7735d1599c80bc470943138a08" },
      { kind: "pan", taken_at: new Date(face.takenAt.getTime() + 5_000).toISOString(), size_bytes: 6, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(JSON.stringify(data)).not.toContain("/snapshots/");
    const pdf = await t.app.request(`${JOURNEY_CONTROLLER}/getMyDataPdf`, { headers });
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, " ");
    expect(text).toContain("Snapshots our official took in the call");
    expect(text).toContain("Your face");
    expect(text).toContain("Your PAN card");
    // The hash in two halves (a cell wraps at spaces only).
    expect(text).toContain("bb50305eeb037e9f042bb96a4b894d57 0a7cdb7735d1599c80bc470943138a08");
  });
});

describe("the liveness action shown to the customer (issue 33)", () => {
  it("goes to the customer's stream as the session's key when the official asks, recorded on the session and in the audit chain", async () => {
    const { c, sessionId, official } = await inCall();
    const [row] = await t.services.db.select().from(videoKycSessions).where(eq(videoKycSessions.id, sessionId));
    const action = row!.livenessAction!;
    expect(LIVENESS_ACTIONS).toContain(action);
    const got: unknown[] = [];
    const stream = await vkyc().signalling.openForCustomer(c.profileId, sessionId, (json) => void got.push(JSON.parse(json)));

    t.clock.advance(30_000);
    expect(await vkyc().signalling.fromOfficial(official, sessionId, { type: "liveness" })).toEqual({ delivered: true });
    expect(got).toEqual([{ type: "liveness", action }]);
    const [after] = await t.services.db.select().from(videoKycSessions).where(eq(videoKycSessions.id, sessionId));
    expect(after!.callEvents).toEqual([{ kind: "liveness_asked", at: t.clock.now().toISOString(), action }]);
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "video_kyc.liveness_asked"), eq(auditLog.targetId, sessionId)));
    expect(entry?.after).toEqual({ action });
    expect((await vkyc().screen.call(official, sessionId)).events).toEqual([{ kind: "liveness_asked", at: t.clock.now().toISOString(), action }]);

    // The official names no action (the server's is sent); the customer may not send one.
    await expect(vkyc().signalling.fromOfficial(official, sessionId, { type: "liveness", action: "smile" })).rejects.toMatchObject({ kind: "malformed" });
    await expect(vkyc().signalling.fromCustomer(c.profileId, sessionId, { type: "liveness", action })).rejects.toMatchObject({
      kind: "malformed",
      message: "This call message cannot be read: type must be one of ready, answer, candidate, hangup.",
    });
    expect(got).toHaveLength(1);
    await stream.close();
  });

  it("maps a session that stored the action's English words (before migration 1730) to its key", async () => {
    const { c, sessionId, official } = await inCall();
    await t.services.db.update(videoKycSessions).set({ livenessAction: "turn your head to the left" }).where(eq(videoKycSessions.id, sessionId));
    expect((await vkyc().screen.call(official, sessionId)).livenessAction).toEqual({ key: "turn_head_left", label: "turn your head to the left" });
    const got: unknown[] = [];
    const stream = await vkyc().signalling.openForCustomer(c.profileId, sessionId, (json) => void got.push(JSON.parse(json)));
    await vkyc().signalling.fromOfficial(official, sessionId, { type: "liveness" });
    expect(got).toEqual([{ type: "liveness", action: "turn_head_left" }]);
    await stream.close();
  });
});
