// Issue 33: the video KYC's HTTP edge through the running app: the customer's calls (the offline e-KYC ZIP
// as multipart) and the officials' under /admin with the staff cookie; bad input gets its message and a
// 4xx envelope, never a 500, and another customer's session is not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, fillPath, API_ROUTES } from "../../../core/contract/index.ts";
import { sandboxOfflineEkyc, type SandboxOfflineEkycInput } from "../../providers/offline-ekyc/sandbox-file.ts";
import { reachEkyc } from "../../test-support/kyc.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createTestApp } from "../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ORIGIN = "http://localhost";
const zipOf = async (over: Partial<SandboxOfflineEkycInput> = {}) =>
  sandboxOfflineEkyc(
    {
      aadhaarLast4: "5608",
      shareCode: "7240",
      generatedAt: new Date(t.clock.now().getTime() - 3_600_000),
      name: "Ravi Kumar Sharma",
      dob: "1990-01-15",
      gender: "M",
      address: { vtc: "Pune", state: "Maharashtra", pincode: "411004" },
      photo: Buffer.from("photo"),
      ...over,
    },
    await t.services.sandboxPages!.uidai.signingKey(),
  );

async function upload(token: string, fields: Record<string, string>, zip?: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (zip) form.set("file", new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "offlineaadhaar.zip");
  const res = await t.app.request(apiPath("submitVideoKycEkyc"), { method: "POST", headers: { "auth-token": token }, body: form });
  return { status: res.status, body: (await res.json()) as { Status: number; Message: string; Data?: any; errors?: Record<string, string> } };
}

async function asStaff(role: "video_kyc" | "auditor") {
  const who = await enrolledStaff(t.services, role);
  const { token } = await signInStaff(t.services, who);
  const call = async (name: "videoKycQueue" | "videoKycTake" | "videoKycDecide" | "videoKycAudit", sessionId = "", body?: unknown) => {
    const path = fillPath(apiPath(name), { sessionId });
    const method = API_ROUTES[name].method;
    const headers: Record<string, string> = { cookie: `sot_staff=${token}`, origin: ORIGIN, "content-type": "application/json" };
    const res = await t.app.request(path, { method, headers, body: method === "POST" ? JSON.stringify(body ?? {}) : undefined });
    return { status: res.status, body: (await res.json()) as { Status: number; Message: string; Data?: any; errors?: Record<string, string> } };
  };
  return Object.assign(call, { token });
}

/** A snapshot (a JPEG's first bytes and one more) posted over HTTP with the staff cookie of `token`. */
async function snapshot(token: string, sessionId: string, kind: "face" | "pan") {
  const path = `${fillPath(apiPath("videoKycSnapshot"), { sessionId })}?kind=${kind}`;
  const res = await t.app.request(path, {
    method: "POST",
    headers: { cookie: `sot_staff=${token}`, origin: ORIGIN, "content-type": "image/jpeg" },
    body: Uint8Array.from([0xff, 0xd8, 0xff, 0x01]),
  });
  return res.status;
}

describe("video KYC over HTTP (issue 33)", () => {
  it("the customer starts, uploads the ZIP as multipart, joins the queue; an official takes, approves; another audits", async () => {
    const c = await reachEkyc(t);
    const headers = { "auth-token": c.token };
    const refused = await t.post({ lead_id: c.leadId }, { path: apiPath("startVideoKyc"), headers });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ Status: 2, Message: "Please read the notice and tick the box to agree before you go on." });
    const started = await t.post({ lead_id: c.leadId, consent: 1 }, { path: apiPath("startVideoKyc"), headers });
    expect(started.body).toMatchObject({
      Status: 1,
      Message: "Your video KYC has started. Next, upload your Aadhaar offline e-KYC file.",
      Data: { status: "STARTED" },
    });
    const sessionId = started.body.Data.session_id as string;

    // A stale file and a missing one: each its message, on its field.
    const stale = await upload(
      c.token,
      { session_id: sessionId, share_code: "7240" },
      await zipOf({ generatedAt: new Date(t.clock.now().getTime() - 80 * 3_600_000) }),
    );
    expect(stale).toMatchObject({ status: 422, body: { Status: 2, Message: "This file is more than 3 days old. Please download a new file from UIDAI." } });
    expect(stale.body.errors).toHaveProperty("file");
    const none = await upload(c.token, { session_id: sessionId, share_code: "7240" });
    expect(none).toMatchObject({ status: 422, body: { Message: "Please upload the ZIP file you downloaded from UIDAI." } });
    const read = await upload(c.token, { session_id: sessionId, share_code: "7240" }, await zipOf());
    expect(read).toMatchObject({ status: 200, body: { Status: 1, Data: { status: "IDENTITY_READ" } } });

    const badPlace = await t.post(
      { session_id: sessionId, latitude: "north", longitude: 73.85, accuracy: 20 },
      { path: apiPath("joinVideoKycQueue"), headers },
    );
    expect(badPlace).toMatchObject({ status: 422, body: { Status: 2, errors: { latitude: "The location's latitude must be a number between -90 and 90." } } });
    const queued = await t.post({ session_id: sessionId, latitude: 18.52, longitude: 73.85, accuracy: 20 }, { path: apiPath("joinVideoKycQueue"), headers });
    expect(queued.body).toMatchObject({ Status: 1, Data: { status: "WAITING", queue_position: expect.any(Number) } });

    const official = await asStaff("video_kyc");
    const queue = await official("videoKycQueue");
    expect(queue.status).toBe(200);
    expect(queue.body.Data.queue).toEqual(expect.arrayContaining([expect.objectContaining({ session_id: sessionId, name: "Ravi S." })]));
    expect((await official("videoKycTake", sessionId)).body).toMatchObject({ Status: 1, Data: { status: "IN_CALL", name: "Ravi Kumar Sharma" } });
    const second = await asStaff("video_kyc");
    expect(await second("videoKycTake", sessionId)).toMatchObject({
      status: 400,
      body: { Status: 2, Message: "Another official has already taken this call." },
    });

    const missing = await official("videoKycDecide", sessionId, { outcome: "APPROVE", reason: "Checked", checks: { no_prompting: true } });
    expect(missing.status).toBe(422);
    expect(missing.body.Message).toMatch(/^An approval needs every check ticked\. Not ticked: The same person throughout the call;/);
    const checks = { no_prompting: true, same_person: true, pan_legible: true, face_match: true, liveness_done: true };
    // Every tick but no snapshot: refused, naming both; then both taken over HTTP.
    expect(await official("videoKycDecide", sessionId, { outcome: "APPROVE", reason: "Checked", checks })).toMatchObject({
      status: 422,
      body: {
        Message: "Take the face snapshot before approving. Take the PAN card snapshot before approving.",
        errors: { "snapshots.face": "Take the face snapshot before approving.", "snapshots.pan": "Take the PAN card snapshot before approving." },
      },
    });
    expect(await snapshot(official.token, sessionId, "face")).toBe(200);
    expect(await snapshot(official.token, sessionId, "pan")).toBe(200);
    expect((await official("videoKycDecide", sessionId, { outcome: "APPROVE", reason: "Checked", checks })).body).toMatchObject({
      Status: 1,
      Data: { status: "APPROVED" },
    });
    expect(await official("videoKycAudit", sessionId, { outcome: "CONFIRMED" })).toMatchObject({
      status: 400,
      body: { Message: "You took this call: a second person must audit it." },
    });
    expect((await second("videoKycAudit", sessionId, { outcome: "CONFIRMED" })).body).toMatchObject({ Status: 1, Data: { audit_outcome: "CONFIRMED" } });

    const mine = await t.post({ session_id: sessionId }, { path: apiPath("getVideoKyc"), headers });
    expect(mine.body.Data.session).toMatchObject({ status: "APPROVED", audited: true });

    // My data exports it: in the JSON under the Aadhaar e-KYC, and in the PDF.
    const exported = (await (await t.app.request(apiPath("getMyDataJson"), { headers })).json()) as { aadhaar_ekyc: { video_kyc: unknown[] } };
    expect(exported.aadhaar_ekyc.video_kyc).toEqual([
      expect.objectContaining({
        status: "APPROVED",
        aadhaar: "XXXX XXXX 5608",
        name: "Ravi Kumar Sharma",
        audit: expect.objectContaining({ outcome: "CONFIRMED" }),
      }),
    ]);
    const pdf = await t.app.request(apiPath("getMyDataPdf"), { headers });
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, " ");
    expect(text).toContain("Video KYC with our official");
    expect(text).toContain("Approved Checked");
  });

  it("another customer's session is not found, a bad id is not a 500, and without a staff sign-in the desk refuses", async () => {
    const owner = await reachEkyc(t);
    const other = await reachEkyc(t);
    const started = await t.post({ lead_id: owner.leadId, consent: 1 }, { path: apiPath("startVideoKyc"), headers: { "auth-token": owner.token } });
    const sessionId = started.body.Data.session_id as string;
    const peek = await t.post({ session_id: sessionId }, { path: apiPath("getVideoKyc"), headers: { "auth-token": other.token } });
    expect(peek).toMatchObject({ status: 404, body: { Status: 2, Message: "We could not find your video KYC. Please start it again." } });
    const theirs = await upload(other.token, { session_id: sessionId, share_code: "7240" }, await zipOf());
    expect(theirs.status).toBe(404);
    const junk = await t.post({ session_id: "'; drop table" }, { path: apiPath("getVideoKyc"), headers: { "auth-token": other.token } });
    expect(junk.status).toBe(404);

    // Multipart is let through to the upload only; a form from another site is refused there too.
    const form = new FormData();
    form.set("lead_id", owner.leadId);
    expect((await t.app.request(apiPath("startVideoKyc"), { method: "POST", headers: { "auth-token": owner.token }, body: form })).status).toBe(415);
    const crossSite = await t.app.request(apiPath("submitVideoKycEkyc"), {
      method: "POST",
      headers: { "auth-token": owner.token, origin: "https://evil.example" },
      body: form,
    });
    expect(crossSite.status).toBe(403);

    // A body beyond the ZIP's 2 MB and its fields is refused before it is read.
    expect((await upload(owner.token, { session_id: sessionId, share_code: "7240" }, new Uint8Array(3 * 1024 * 1024))).status).toBe(413);

    const anonymous = await t.app.request(apiPath("videoKycQueue"));
    expect(anonymous.status).toBe(401);
    const auditor = await asStaff("auditor");
    expect((await auditor("videoKycTake", sessionId)).status).toBe(403);
    expect((await auditor("videoKycDecide", "not-a-uuid", { outcome: "MAYBE" })).status).toBe(403);
  });
});
