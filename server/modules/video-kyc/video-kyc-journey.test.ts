// Issue 33: an approved video KYC counts as the customer's Aadhaar eKYC. A customer whose DigiLocker failed
// moves on to the step DigiLocker's success leads to, and the credit review shows the eKYC with its source;
// a rejection leaves the journey where it was; an approval the audit overturns counts for nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../../core/staff.ts";
import { aadhaarKyc, staffAccounts } from "../../db/schema/index.ts";
import { sandboxOfflineEkyc } from "../../providers/offline-ekyc/sandbox-file.ts";
import { nextStepOf, reachEkyc, throughDigiLocker } from "../../test-support/kyc.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const vkyc = () => t.services.videoKyc;
const CUSTOMER_DETAILS = "/Api/Website/RepeatInstantJourneyController/getCustomerDetails";
const ALL_TICKED = { no_prompting: true, same_person: true, pan_legible: true, face_match: true, liveness_done: true };
const KYC_GAP = "KYC is not done: the Aadhaar is not verified by DigiLocker eKYC (and there is no approved video KYC).";

async function staff(role: StaffRole): Promise<StaffActor> {
  const at = t.clock.now();
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@salaryontime.test`;
  const [row] = await t.services.db.insert(staffAccounts).values({ email, role, createdAt: at, updatedAt: at }).returning();
  return { staffId: row!.id, role, email };
}

/** A customer whose DigiLocker answered with another Aadhaar's last four digits: back at the Aadhaar step. */
async function digiLockerFailed() {
  const c = await reachEkyc(t);
  await throughDigiLocker(t, c, { typed: "5608", consentLast4: "1111" });
  expect((await c.send({ event_name: "ekyc_verified" })).body.Status).toBe(2);
  expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");
  return c;
}

/** Their video KYC, with the file UIDAI would give them, taken by an official. */
async function inCall(c: Awaited<ReturnType<typeof reachEkyc>>) {
  const started = await vkyc().customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
  const zip = await sandboxOfflineEkyc(
    {
      aadhaarLast4: "5608",
      shareCode: "7240",
      generatedAt: new Date(t.clock.now().getTime() - 3_600_000),
      name: "Asha Rani Kulkarni",
      dob: "1991-03-09",
      gender: "F",
      address: { house: "5", street: "FC Road", vtc: "Pune", district: "Pune", state: "Maharashtra", pincode: "411004" },
      photo: Buffer.from("the JPEG of Asha's Aadhaar photo"),
      mobile: c.mobile,
    },
    await t.services.sandboxPages!.uidai.signingKey(),
  );
  await vkyc().customer.submitOfflineEkyc(c.profileId, started.id, { zip, shareCode: "7240" });
  await vkyc().customer.joinQueue(c.profileId, started.id, { latitude: 18.5204, longitude: 73.8567, accuracy: 25 });
  const official = await staff("video_kyc");
  await vkyc().desk.take(official, started.id);
  // The face and PAN card snapshots an approval needs (FF D8 FF: a JPEG's first bytes).
  for (const kind of ["face", "pan"] as const)
    await vkyc().snapshots.take(official, started.id, { kind, contentType: "image/jpeg", bytes: Uint8Array.from([0xff, 0xd8, 0xff, 1]) });
  return { sessionId: started.id, official };
}

const review = async (leadId: string) => t.services.credit.desk.review(await staff("auditor"), leadId);
const details = async (c: Awaited<ReturnType<typeof reachEkyc>>) =>
  (await t.post({ profile_id: c.profileId }, { headers: c.headers, path: CUSTOMER_DETAILS })).body.Data.lead_customer_details;

describe("an approved video KYC counts as the Aadhaar eKYC (issue 33)", () => {
  it("DigiLocker failed → video KYC approved: the journey moves on as DigiLocker's success would, the credit review shows the eKYC by video KYC", async () => {
    const c = await digiLockerFailed();
    expect((await review(c.leadId)).ekyc).toMatchObject({ ekyc_source: null, customer_digital_ekyc_flag: 0 });
    const { sessionId, official } = await inCall(c);
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");

    await vkyc().desk.decide(official, sessionId, { outcome: "APPROVE", reason: "All checks passed", checks: ALL_TICKED });
    expect(await nextStepOf(t, c.profileId)).toBe("account_aggregator_verify");
    // No DigiLocker record is made: the video KYC session is the record (name, date of birth, address, photo).
    expect(await t.services.db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, c.profileId))).toEqual([]);

    const pending = await review(c.leadId);
    expect(pending.ekyc).toMatchObject({
      ekyc_source: "video_kyc",
      video_kyc_audit: "pending",
      aadhar_no: "5608",
      aadhar_masked: "XXXX-XXXX-5608",
      customer_digital_ekyc_flag: 1,
      ekyc_verified_on: t.clock.now().toISOString(),
    });
    expect(pending.missingForSanction).not.toContain(KYC_GAP);
    // The customer's own details say the same, so the journey's pages see their Aadhaar as verified.
    expect(await details(c)).toMatchObject({ ekyc_source: "video_kyc", customer_digital_ekyc_flag: 1, aadhar_masked: "XXXX-XXXX-5608" });
    // The next step is the one DigiLocker's success leads to: the account aggregator answers.
    expect((await c.send({ event_name: "account_aggregator_verify", action: "consent" })).body.Status).toBe(1);

    await vkyc().desk.audit(await staff("auditor"), sessionId, { outcome: "CONFIRMED" });
    expect((await review(c.leadId)).ekyc).toMatchObject({ ekyc_source: "video_kyc", video_kyc_audit: "confirmed" });
  });

  it("a rejection leaves the journey where it was and the eKYC not done", async () => {
    const c = await digiLockerFailed();
    const { sessionId, official } = await inCall(c);
    await vkyc().desk.decide(official, sessionId, { outcome: "REJECT", reason: "The PAN card was not legible" });
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");
    const after = await review(c.leadId);
    expect(after.ekyc).toMatchObject({ ekyc_source: null, customer_digital_ekyc_flag: 0, video_kyc_audit: null });
    expect(after.missingForSanction).toContain(KYC_GAP);
    // DigiLocker is still there for them.
    expect((await c.send({ event_name: "ekyc_initiated", aadhaar_no: "5608", run_ekyc_flag: 1 })).body.Status).toBe(1);
  });

  it("an approval the audit overturns no longer counts: the review shows no eKYC and sanction needs KYC again", async () => {
    const c = await digiLockerFailed();
    const { sessionId, official } = await inCall(c);
    await vkyc().desk.decide(official, sessionId, { outcome: "APPROVE", reason: "All checks passed", checks: ALL_TICKED });
    await vkyc().desk.audit(await staff("auditor"), sessionId, { outcome: "OVERTURNED", note: "A second voice prompted the answers" });
    const after = await review(c.leadId);
    expect(after.ekyc).toMatchObject({ ekyc_source: null, customer_digital_ekyc_flag: 0 });
    expect(after.missingForSanction).toContain(KYC_GAP);
    expect((await vkyc().customer.latestFor(c.profileId, c.leadId))?.mayStartAgain).toBe(true);
  });
});
