// Issue 33: what the video KYC tests make: staff members with a real account (a session row names them), and
// offline e-KYC files in UIDAI's format signed by the key the sandbox trusts (Asha's, unless told otherwise).
import type { StaffRole } from "../../core/staff.ts";
import { ekycRequests, staffAccounts } from "../db/schema/index.ts";
import { reachEkyc } from "./kyc.ts";
import type { StaffActor } from "../modules/credit/credit.service.ts";
import { sandboxOfflineEkyc, type SandboxOfflineEkycInput } from "../providers/offline-ekyc/sandbox-file.ts";
import type { createTestApp } from "./test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export function videoKycHelpers(app: () => TestApp, photo: Buffer) {
  /** A staff member with a real account (the session row names them). */
  async function staff(role: StaffRole): Promise<StaffActor> {
    const t = app();
    const at = t.clock.now();
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@salaryontime.test`;
    const [row] = await t.services.db.insert(staffAccounts).values({ email, role, createdAt: at, updatedAt: at }).returning();
    return { staffId: row!.id, role, email };
  }

  /** An offline e-KYC file made two hours ago, Aadhaar ending 5608, share code 7240. */
  const file = (over: Partial<SandboxOfflineEkycInput> = {}): SandboxOfflineEkycInput => ({
    aadhaarLast4: "5608",
    shareCode: "7240",
    generatedAt: new Date(app().clock.now().getTime() - 2 * 3_600_000),
    name: "Asha Rani Kulkarni",
    dob: "1991-03-09",
    gender: "F",
    address: { house: "5", street: "FC Road", vtc: "Pune", district: "Pune", state: "Maharashtra", pincode: "411004" },
    photo,
    ...over,
  });
  const zipOf = async (over: Partial<SandboxOfflineEkycInput> = {}) => sandboxOfflineEkyc(file(over), await app().services.sandboxPages!.uidai.signingKey());

  /** A customer at eKYC who chose video KYC: consent, the offline e-KYC file, a location in Pune; waiting in the queue. */
  async function waitingCustomer() {
    const t = app();
    const vkyc = t.services.videoKyc;
    const c = await reachEkyc(t);
    const at = t.clock.now();
    await t.services.db
      .insert(ekycRequests)
      .values({ profileId: c.profileId, leadId: c.leadId, state: `st-${c.leadId}`, typedLast4: "5608", createdAt: at, updatedAt: at });
    const started = await vkyc.customer.start(c.profileId, { leadId: c.leadId, consent: true, language: "en" });
    await vkyc.customer.submitOfflineEkyc(c.profileId, started.id, { zip: await zipOf({ mobile: c.mobile }), shareCode: "7240" });
    await vkyc.customer.joinQueue(c.profileId, started.id, { latitude: 18.52, longitude: 73.85, accuracy: 20 });
    return { ...c, sessionId: started.id };
  }

  /** A small JPEG's bytes (the magic FF D8 FF, then `text`): what the service checks of a snapshot. */
  const jpeg = (text: string) => Uint8Array.from([0xff, 0xd8, 0xff, ...new TextEncoder().encode(text)]);

  /** The official who took the call takes both snapshots (face and PAN card), as an approval needs. */
  async function snapshotsTaken(official: StaffActor, sessionId: string) {
    const vkyc = app().services.videoKyc;
    for (const kind of ["face", "pan"] as const) await vkyc.snapshots.take(official, sessionId, { kind, contentType: "image/jpeg", bytes: jpeg(kind) });
  }

  return { staff, file, zipOf, waitingCustomer, jpeg, snapshotsTaken };
}
