// Issue 33: the video KYC's backbone on the real services and database, with offline e-KYC files made by
// the sandbox's file maker and signed by the key the sandbox trusts: the whole path from consent to the
// audit, files refused with nothing kept, one official per call, no self-audit, no payout before the
// audit, and no customer reading another's session.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aadhaarKyc, consents, creditManagers, ekycRequests, leads, videoKycSessions } from "../../db/schema/index.ts";
import { offlineEkycXml, offlineEkycZip, signOfflineEkycXml } from "../../providers/offline-ekyc/sandbox-file.ts";
import { createMemoryPubSub } from "../../providers/pubsub/memory.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { reachEkyc } from "../../test-support/kyc.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { videoKycHelpers } from "../../test-support/video-kyc.ts";
import { LIVENESS_ACTIONS } from "../../../core/video-kyc.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import { createVideoKycService, VIDEO_KYC_DESK_MESSAGES } from "./video-kyc.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
// A STUN server and a TURN server whose credentials are minted per call (ice-servers.test.ts checks the HMAC).
const ICE_SERVERS = '[{"urls": "stun:turn.salaryontime.test:3478"}, {"urls": "turn:turn.salaryontime.test:3478"}]';
beforeAll(async () => {
  t = await createTestApp({ env: { ICE_SERVERS, TURN_SECRET: "coturn-shared-secret-2026" } });
});
afterAll(() => t?.close());

const vkyc = () => t.services.videoKyc;
const PHOTO = Buffer.from("the JPEG of Asha's Aadhaar photo");
const ALL_TICKED = { no_prompting: true, same_person: true, pan_legible: true, face_match: true, liveness_done: true };
const LOCATION = { latitude: 18.5204, longitude: 73.8567, accuracy: 25 };

const { staff, file, zipOf, snapshotsTaken } = videoKycHelpers(() => t, PHOTO);

/** A customer at the Aadhaar step who typed `typed` as their Aadhaar's last four digits. */
async function customer(typed = "5608") {
  const c = await reachEkyc(t);
  const at = t.clock.now();
  await t.services.db
    .insert(ekycRequests)
    .values({ profileId: c.profileId, leadId: c.leadId, state: `st-${c.leadId}`, typedLast4: typed, createdAt: at, updatedAt: at });
  return c;
}

/** A customer's session in the queue. */
async function waiting(c: { profileId: string; leadId: string; mobile: string }) {
  const started = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
  await vkyc().customer.submitOfflineEkyc(c.profileId, started.id, { zip: await zipOf({ mobile: c.mobile }), shareCode: "7240" });
  return vkyc().customer.joinQueue(c.profileId, started.id, LOCATION);
}

const rowOf = async (id: string) => (await t.services.db.select().from(videoKycSessions).where(eq(videoKycSessions.id, id)))[0]!;

describe("video KYC: the whole path (issue 33)", () => {
  it("started with consent → identity read → waiting → in call → approved with every check → audited by a second person", async () => {
    const c = await customer();
    await expect(vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: false, language: "en" })).rejects.toMatchObject({
      kind: "invalid-input",
      message: "Please read the notice and tick the box to agree before you go on.",
    });
    const started = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "hi" });
    expect(started).toMatchObject({ status: "STARTED", leadId: c.leadId, queuePosition: null, audited: false, mayStartAgain: false });
    // The consent is recorded with the notice's version and language; starting again gives the same session.
    const [consent] = await t.services.db
      .select()
      .from(consents)
      .where(and(eq(consents.profileId, c.profileId), eq(consents.purpose, "video_kyc")));
    expect(consent).toMatchObject({ action: "grant", noticeVersion: 1, language: "hi", source: "video_kyc_start" });
    expect(await rowOf(started.id)).toMatchObject({ consentNoticeVersion: 1, consentLanguage: "hi" });
    expect((await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "hi" })).id).toBe(started.id);

    const read = await vkyc().customer.submitOfflineEkyc(c.profileId, started.id, { zip: await zipOf({ mobile: c.mobile }), shareCode: "7240" });
    expect(read.status).toBe("IDENTITY_READ");
    const row = await rowOf(started.id);
    expect(row).toMatchObject({
      aadhaarLast4: "5608",
      name: "Asha Rani Kulkarni",
      dob: "1991-03-09",
      gender: "F",
      mobileMatches: true,
      address: expect.objectContaining({ house: "5", street: "FC Road", vtc: "Pune", state: "Maharashtra", pincode: "411004" }),
    });
    // The photo is in the storage port, not in the row.
    expect(Buffer.from((await t.services.storage.get(row.photoKey!))!)).toEqual(PHOTO);

    const queued = await vkyc().customer.joinQueue(c.profileId, started.id, LOCATION);
    expect(queued).toMatchObject({ status: "WAITING", waitingMinutes: 0 });
    // Waiting, the customer's browser gets the call's ICE servers: TURN's username names the expiry (two hours
    // on) and the session, nothing personal; before the queue it got none.
    expect(read.iceServers).toEqual([]);
    const expiry = Math.floor(t.clock.now().getTime() / 1000) + 2 * 60 * 60;
    expect(queued.iceServers).toEqual([
      { urls: ["stun:turn.salaryontime.test:3478"] },
      { urls: ["turn:turn.salaryontime.test:3478"], username: `${expiry}:${started.id}`, credential: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/) },
    ]);
    expect(await rowOf(started.id)).toMatchObject({ latitude: 18.5204, longitude: 73.8567, locationAccuracyM: 25 });

    const official = await staff("video_kyc");
    t.clock.advance(3 * 60_000);
    const line = (await vkyc().desk.queue(official)).find((q) => q.id === started.id)!;
    // The name masked as staff lists show it, and the minutes waited.
    expect(line).toMatchObject({ name: "Asha K.", waitingMinutes: 3 });
    expect((await vkyc().customer.mine(c.profileId, started.id)).queuePosition).toBe(line.position);

    const call = await vkyc().desk.take(official, started.id);
    expect(call).toMatchObject({
      status: "IN_CALL",
      officialId: official.staffId,
      name: "Asha Rani Kulkarni",
      location: { latitude: 18.5204, longitude: 73.8567, accuracy: 25 },
    });
    expect(LIVENESS_ACTIONS).toContain(call.livenessAction);
    // The official in the call gets them too; another official looking at it does not.
    expect((await vkyc().screen.call(official, started.id)).iceServers).toHaveLength(2);
    expect((await vkyc().screen.call(await staff("auditor"), started.id)).iceServers).toEqual([]);

    // An approval needs every RBI check and the liveness action: each missing one is named.
    await expect(
      vkyc().desk.decide(official, started.id, {
        outcome: "APPROVE",
        reason: "All checks passed",
        checks: { ...ALL_TICKED, pan_legible: false, liveness_done: false },
      }),
    ).rejects.toMatchObject({
      kind: "invalid-input",
      message: "An approval needs every check ticked. Not ticked: The PAN card is legible on camera; The liveness action was done.",
    });
    expect((await rowOf(started.id)).status).toBe("IN_CALL");
    await snapshotsTaken(official, started.id);
    const approved = await vkyc().desk.decide(official, started.id, { outcome: "APPROVE", reason: "All checks passed", checks: ALL_TICKED });
    expect(approved).toMatchObject({ status: "APPROVED", decisionReason: "All checks passed", checks: ALL_TICKED });

    // The official who took the call cannot audit it; a second video KYC official can, once.
    await expect(vkyc().desk.audit(official, started.id, { outcome: "CONFIRMED" })).rejects.toThrow(VIDEO_KYC_DESK_MESSAGES.ownCall);
    const second = await staff("video_kyc");
    expect(await vkyc().desk.audit(second, started.id, { outcome: "CONFIRMED" })).toMatchObject({ status: "APPROVED", auditOutcome: "CONFIRMED" });
    await expect(vkyc().desk.audit(await staff("auditor"), started.id, { outcome: "OVERTURNED", note: "Too late" })).rejects.toThrow(
      VIDEO_KYC_DESK_MESSAGES.alreadyAudited,
    );
    expect(await vkyc().customer.mine(c.profileId, started.id)).toMatchObject({ status: "APPROVED", audited: true, mayStartAgain: false });
    expect(await rowOf(started.id)).toMatchObject({ auditorId: second.staffId, officialId: official.staffId });
  });

  it("a rejection gives its reason and lets the customer start again; an auditor may audit it", async () => {
    const c = await customer();
    const queued = await waiting(c);
    const official = await staff("video_kyc");
    await vkyc().desk.take(official, queued.id);
    await expect(vkyc().desk.decide(official, queued.id, { outcome: "REJECT", reason: "" })).rejects.toMatchObject({
      kind: "invalid-input",
      errors: { reason: "Give a reason of 3 to 500 characters." },
    });
    await vkyc().desk.decide(official, queued.id, { outcome: "REJECT", reason: "The PAN card was not shown" });
    await expect(vkyc().desk.take(await staff("video_kyc"), queued.id)).rejects.toThrow(VIDEO_KYC_DESK_MESSAGES.notWaiting);
    expect(await vkyc().customer.mine(c.profileId, queued.id)).toMatchObject({
      status: "REJECTED",
      rejectionReason: "The PAN card was not shown",
      mayStartAgain: true,
    });
    expect(await vkyc().desk.audit(await staff("auditor"), queued.id, { outcome: "CONFIRMED" })).toMatchObject({ auditOutcome: "CONFIRMED" });
    const again = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
    expect(again.id).not.toBe(queued.id);
    expect(again.status).toBe("STARTED");
  });

  it("is not offered once DigiLocker has verified the customer's Aadhaar", async () => {
    const c = await customer();
    await t.services.db.insert(aadhaarKyc).values({
      profileId: c.profileId,
      leadId: c.leadId,
      aadhaarLast4: "5608",
      aadhaarMasked: "XXXXXXXX5608",
      name: "Asha Rani Kulkarni",
      digilockerReference: "dl-ref",
      verifiedAt: t.clock.now(),
    });
    await expect(vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" })).rejects.toMatchObject({
      kind: "refused",
      message: "Your Aadhaar is already verified through DigiLocker, so a video KYC is not needed.",
    });
  });
});

describe("the offline e-KYC file: a bad one stores nothing", () => {
  it("stale, tampered, wrong share code, other digits: each refused with its message, no photo put, the session unchanged", async () => {
    const puts: number[] = [];
    const storage: StoragePort = { ...t.services.storage, put: async (bytes) => (puts.push(bytes.byteLength), t.services.storage.put(bytes)) };
    const service = createVideoKycService({
      db: t.services.db,
      now: t.clock.now,
      storage,
      offlineEkycTrust: t.services.offlineEkycTrust,
      consents: t.services.consents,
      audit: t.services.audit,
      ice: t.services.env.ice,
      signals: createMemoryPubSub(),
    });
    const c = await customer("5608");
    const s = await service.customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
    const submit = (zip: Uint8Array | null, shareCode = "7240") => service.customer.submitOfflineEkyc(c.profileId, s.id, { zip, shareCode });

    const stale = await zipOf({ generatedAt: new Date(t.clock.now().getTime() - 73 * 3_600_000) });
    await expect(submit(stale)).rejects.toMatchObject({
      kind: "invalid-input",
      message: "This file is more than 3 days old. Please download a new file from UIDAI.",
    });

    // Signed, then a name changed inside: UIDAI's signature no longer holds.
    const signed = signOfflineEkycXml(offlineEkycXml(file()), await t.services.sandboxPages!.uidai.signingKey());
    const tampered = await offlineEkycZip(signed.replace('name="Asha Rani Kulkarni"', 'name="Someone Else"'), "7240");
    await expect(submit(tampered)).rejects.toMatchObject({
      message: "We could not verify UIDAI's signature on this file. Please download a new file from UIDAI and upload it unchanged.",
      errors: { file: expect.anything() },
    });
    await expect(submit(await zipOf(), "1111")).rejects.toMatchObject({ errors: { share_code: expect.anything() } });
    await expect(submit(await zipOf(), "12a4")).rejects.toMatchObject({
      message: "The share code is the 4 digits you chose when you downloaded the file from UIDAI.",
    });
    await expect(submit(await zipOf({ aadhaarLast4: "9999" }))).rejects.toMatchObject({
      message: "The Aadhaar in this file does not end in the 4 digits you entered. Please upload the file of your own Aadhaar.",
    });
    await expect(submit(new TextEncoder().encode("not a zip"))).rejects.toMatchObject({
      message: "This is not an Aadhaar offline e-KYC file. Please upload the ZIP file you downloaded from UIDAI.",
    });
    await expect(submit(null)).rejects.toMatchObject({ message: "Please upload the ZIP file you downloaded from UIDAI." });

    expect(puts).toEqual([]);
    expect(await rowOf(s.id)).toMatchObject({ status: "STARTED", name: null, photoKey: null, aadhaarLast4: null, identityReadAt: null });
    // The queue is closed until the identity is read.
    await expect(service.customer.joinQueue(c.profileId, s.id, LOCATION)).rejects.toMatchObject({ kind: "refused" });
  });

  it("a location out of range is refused with each field's message", async () => {
    const c = await customer();
    const s = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
    await vkyc().customer.submitOfflineEkyc(c.profileId, s.id, { zip: await zipOf(), shareCode: "7240" });
    await expect(vkyc().customer.joinQueue(c.profileId, s.id, { latitude: 91, longitude: "east", accuracy: 10 })).rejects.toMatchObject({
      kind: "invalid-input",
      errors: {
        latitude: "The location's latitude must be a number between -90 and 90.",
        longitude: "The location's longitude must be a number between -180 and 180.",
      },
    });
    expect((await rowOf(s.id)).status).toBe("IDENTITY_READ");
  });

  it("a location outside India is refused, and nothing of it is stored", async () => {
    const c = await customer();
    const s = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
    await vkyc().customer.submitOfflineEkyc(c.profileId, s.id, { zip: await zipOf(), shareCode: "7240" });
    // Lahore, 25 km from the border at Wagah.
    await expect(vkyc().customer.joinQueue(c.profileId, s.id, { latitude: 31.55, longitude: 74.34, accuracy: 20 })).rejects.toMatchObject({
      kind: "invalid-input",
      message: "A video KYC can be done only from within India. Please try again when you are in India.",
      errors: { location: { key: "journey.msg.vkyc.outsideIndia" } },
    });
    expect(await rowOf(s.id)).toMatchObject({ status: "IDENTITY_READ", latitude: null, longitude: null, queuedAt: null });
  });
});

describe("atomic rules and ownership", () => {
  it("two officials taking the same call at once: one wins, the other is told", async () => {
    const queued = await waiting(await customer());
    const [a, b] = [await staff("video_kyc"), await staff("video_kyc")];
    const results = await Promise.allSettled([vkyc().desk.take(a, queued.id), vkyc().desk.take(b, queued.id)]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ kind: "refused", message: VIDEO_KYC_DESK_MESSAGES.taken });
    const winner = (won[0] as PromiseFulfilledResult<{ officialId: string }>).value.officialId;
    expect((await rowOf(queued.id)).officialId).toBe(winner);
    // The loser cannot decide it either.
    const loser = winner === a.staffId ? b : a;
    await expect(vkyc().desk.decide(loser, queued.id, { outcome: "REJECT", reason: "Not mine" })).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("roles: only video KYC officials take calls; other roles are refused the queue", async () => {
    const queued = await waiting(await customer());
    await expect(vkyc().desk.take(await staff("auditor"), queued.id)).rejects.toMatchObject({ kind: "forbidden" });
    // A waiting call cannot be decided before it is taken; a decided one cannot be taken.
    await expect(vkyc().desk.decide(await staff("video_kyc"), queued.id, { outcome: "REJECT", reason: "Not taken" })).rejects.toThrow(
      VIDEO_KYC_DESK_MESSAGES.notInCall,
    );
    await expect(vkyc().desk.queue(await staff("credit_manager"))).rejects.toMatchObject({ kind: "forbidden" });
    await expect(vkyc().desk.queue(null)).rejects.toMatchObject({ kind: "not-authenticated" });
    await expect(vkyc().desk.take(await staff("video_kyc"), "not-an-id")).rejects.toMatchObject({ kind: "not-found" });
    // A waiting call is opened only by taking it.
    await expect(vkyc().desk.call(await staff("video_kyc"), queued.id)).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("a customer cannot read or change another's session, nor start one on another's application", async () => {
    const mine = await customer();
    const theirs = await customer();
    const s = await vkyc().customer.start(theirs.profileId, { leadId: theirs.leadId, consent: true, language: "en" });
    const notFound = { kind: "not-found", message: "We could not find your video KYC. Please start it again." };
    await expect(vkyc().customer.mine(mine.profileId, s.id)).rejects.toMatchObject(notFound);
    await expect(vkyc().customer.submitOfflineEkyc(mine.profileId, s.id, { zip: await zipOf(), shareCode: "7240" })).rejects.toMatchObject(notFound);
    await expect(vkyc().customer.joinQueue(mine.profileId, s.id, LOCATION)).rejects.toMatchObject(notFound);
    await expect(vkyc().customer.start(mine.profileId, { leadId: theirs.leadId, consent: true, language: "en" })).rejects.toMatchObject({
      kind: "not-found",
      message: "This application does not exist.",
    });
    expect((await rowOf(s.id)).status).toBe("STARTED");
  });
});

describe("no payout before the audit (RBI KYC Directions, section 18)", () => {
  it("a loan whose KYC is a video KYC is sanctioned on the approval, refused payout until the audit confirms, then paid out", async () => {
    const user = await customerAtBanking(t);
    await completeBankingAndEsign(t, user);
    // This customer's KYC is by video: no DigiLocker.
    await t.services.db.delete(aadhaarKyc).where(eq(aadhaarKyc.profileId, user.profileId));
    const queued = await waiting({ profileId: user.profileId, leadId: user.leadId, mobile: user.mobile });
    const official = await staff("video_kyc");
    await vkyc().desk.take(official, queued.id);
    await snapshotsTaken(official, queued.id);
    await vkyc().desk.decide(official, queued.id, { outcome: "APPROVE", reason: "All checks passed", checks: ALL_TICKED });

    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, user.leadId));
    const [manager] = await t.services.db.select().from(creditManagers).where(eq(creditManagers.id, lead!.creditManagerId!));
    const cm: StaffActor = { staffId: "00000000-0000-4000-8000-000000003301", role: "credit_manager", email: manager!.email };
    const head: StaffActor = { staffId: "00000000-0000-4000-8000-000000003302", role: "credit_head" };
    const payer: StaffActor = { staffId: "00000000-0000-4000-8000-000000003303", role: "disbursal" };
    await t.services.credit.desk.recommend(cm, { leadId: lead!.id, outcome: "SANCTION", reasonCode: "POLICY_MET" });
    expect(await t.services.credit.desk.decide(head, { leadId: lead!.id, outcome: "SANCTION", reasonCode: "POLICY_MET" })).toEqual({
      outcome: "SANCTIONED",
      leadId: lead!.id,
    });

    await expect(t.services.disbursal.desk.disburse(payer, { leadId: lead!.id })).rejects.toMatchObject({
      kind: "refused",
      message:
        "This loan cannot be paid out yet. The video KYC is not audited yet: a second person (an auditor, or a video KYC official who did not take the call) must confirm it first.",
    });
    expect((await selectLeads(t.services.db).where(eq(leads.id, lead!.id)))[0]!.status).toBe("SANCTIONED");

    await vkyc().desk.audit(await staff("auditor"), queued.id, { outcome: "CONFIRMED" });
    expect(await t.services.disbursal.desk.disburse(payer, { leadId: lead!.id })).toMatchObject({ loanId: lead!.id, attempt: 1 });
  });
});

describe("the back office's call screen (/admin/video-kyc)", () => {
  it("the official in the call sees the full record, photo, location and three questions; the audit sees it masked with the marks", async () => {
    const c = await customer();
    const queued = await waiting(c);
    const [official, second] = [await staff("video_kyc"), await staff("video_kyc")];
    const screen = vkyc().screen;
    const line = (await screen.queue(official)).find((q) => q.id === queued.id)!;
    expect(line).toMatchObject({ name: "Asha K.", waitingMinutes: 0 });
    expect(typeof line.queuedAt).toBe("string");

    await screen.take(official, queued.id);
    await expect(screen.take(second, queued.id)).rejects.toMatchObject({ message: VIDEO_KYC_DESK_MESSAGES.taken });
    expect((await screen.mine(official)).map((r) => r.id)).toContain(queued.id);
    expect((await screen.mine(second)).map((r) => r.id)).not.toContain(queued.id);
    // Before the decision the second official may not open it.
    await expect(screen.call(second, queued.id)).rejects.toMatchObject({ kind: "forbidden" });

    const call = await screen.call(official, queued.id);
    expect(call).toMatchObject({ mine: true, canAudit: false, masked: false, status: "IN_CALL" });
    expect(call.aadhaar).toMatchObject({ name: "Asha Rani Kulkarni", last4: "XXXXXXXX5608", pincode: "411004" });
    expect(call.aadhaar.address).toContain("FC Road");
    expect(call.aadhaar.photo).toBe(`data:image/jpeg;base64,${PHOTO.toString("base64")}`);
    expect(call.location).toMatchObject({ inIndia: true, fromAddress: { km: 0, town: "Pune" } });
    expect(call.questions).toHaveLength(3);
    expect(call.questions.every((q) => q.answer !== "" && q.correct === null)).toBe(true);
    expect((await screen.call(official, queued.id)).questions).toEqual(call.questions);

    const marks = call.questions.map((q, i) => ({ topic: q.topic, correct: i !== 1 }));
    await snapshotsTaken(official, queued.id);
    await screen.decide(official, queued.id, { outcome: "APPROVE", reason: "All checks passed", checks: ALL_TICKED, questions: marks });
    expect((await screen.toAudit(official)).map((r) => r.id)).not.toContain(queued.id);
    expect((await screen.toAudit(second)).map((r) => r.id)).toContain(queued.id);

    const audited = await screen.call(second, queued.id);
    expect(audited).toMatchObject({ mine: false, canAudit: true, masked: true, checks: ALL_TICKED });
    expect(audited.aadhaar.name).toBe("Asha K.");
    expect(audited.aadhaar.dob).toBe("XX-XX-1991");
    expect(audited.aadhaar.address).not.toContain("FC Road");
    expect(audited.questions.map((q) => [q.answer, q.correct])).toEqual([
      ["", true],
      ["", false],
      ["", true],
    ]);
    expect((await screen.call(official, queued.id)).canAudit).toBe(false);
    await expect(screen.audit(official, queued.id, { outcome: "CONFIRMED" })).rejects.toMatchObject({ message: VIDEO_KYC_DESK_MESSAGES.ownCall });
    expect(await screen.audit(second, queued.id, { outcome: "CONFIRMED", note: "" })).toEqual({ id: queued.id, auditOutcome: "CONFIRMED" });
    expect((await screen.toAudit(second)).map((r) => r.id)).not.toContain(queued.id);
  });
});
