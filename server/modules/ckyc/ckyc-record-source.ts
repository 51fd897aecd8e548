// What a customer's CKYC record is built from (issue 33): the profile (as the bureau's file reads it), the
// CKYC row (father's or spouse's name, the identifier, the desk's corrections), the Aadhaar eKYC or audited
// video KYC (the KYC mode, the Aadhaar's last four, the day verified), the selfie and the proof of address.
import { and, desc, eq, inArray } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { KycMode } from "../../../core/ckyc/ckyc-file.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, ckycCustomers, customerProfiles, leadDocuments, uploadedFiles, videoKycSessions } from "../../db/schema/index.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { CreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import { asCkycJpeg } from "./ckyc-images.ts";
import { checkRelativeName } from "./ckyc-journey.ts";
import { applyCorrections, recordHash, type CkycCorrectable, type Input } from "./ckyc-record.ts";

export function createCkycRecordSource(deps: { db: Db; subjects: CreditReportSubjects; storage: StoragePort }) {
  const { db, subjects, storage } = deps;

  /** The photograph is the profile's selfie; the proof of address the newest Aadhaar front or utility bill uploaded. */
  async function newestFile(customerId: string, kinds: { selfie?: true; docTypes?: string[] }): Promise<Uint8Array | null> {
    const [row] = kinds.selfie
      ? await db
          .select({ key: uploadedFiles.storageKey })
          .from(customerProfiles)
          .innerJoin(uploadedFiles, eq(uploadedFiles.id, customerProfiles.selfieFileId))
          .where(eq(customerProfiles.id, customerId))
      : await db
          .select({ key: uploadedFiles.storageKey })
          .from(leadDocuments)
          .innerJoin(uploadedFiles, eq(uploadedFiles.id, leadDocuments.fileId))
          .where(and(eq(leadDocuments.profileId, customerId), inArray(leadDocuments.docType, kinds.docTypes ?? [])))
          .orderBy(desc(uploadedFiles.createdAt))
          .limit(1);
    return row ? await storage.get(row.key) : null;
  }

  /** The customer's record as our data holds it now, the desk's corrections applied, and its hash; null without a profile. */
  async function inputOf(customerId: string, firstPaidOut: IsoDate): Promise<{ input: Input; hash: string } | null> {
    const subject = await subjects.subjectOf(customerId);
    if (!subject) return null;
    const [ckyc] = await db.select().from(ckycCustomers).where(eq(ckycCustomers.customerId, customerId));
    const [profile] = await db.select({ spouseName: customerProfiles.spouseName }).from(customerProfiles).where(eq(customerProfiles.id, customerId));
    const [aadhaar] = await db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, customerId));
    const [video] = await db
      .select({ decidedAt: videoKycSessions.decidedAt, last4: videoKycSessions.aadhaarLast4 })
      .from(videoKycSessions)
      .where(and(eq(videoKycSessions.profileId, customerId), eq(videoKycSessions.status, "APPROVED"), eq(videoKycSessions.auditOutcome, "CONFIRMED")))
      .orderBy(desc(videoKycSessions.decidedAt))
      .limit(1);
    const spouse = checkRelativeName(profile?.spouseName);
    const relative: Input["relative"] =
      ckyc?.relativeKind && ckyc.relativeName ? { kind: ckyc.relativeKind, name: ckyc.relativeName } : spouse ? { kind: "spouse", name: spouse } : null;
    // Decision (kyc.md): DigiLocker's Aadhaar is an officially valid document in electronic form; a video KYC is V-CIP.
    const kycMode: KycMode = aadhaar ? "E_DOCUMENT" : video ? "VIDEO_KYC" : "DIGITAL_KYC";
    const verifiedAt = aadhaar?.verifiedAt ?? video?.decidedAt ?? null;
    const input: Input = {
      ckycNumber: ckyc?.ckycNumber ?? null,
      name: subject.name,
      relative,
      gender: subject.gender,
      dob: subject.dob,
      pan: subject.pan,
      mobile: subject.mobile,
      email: subject.email,
      address: {
        line1: subject.address.line1,
        line2: subject.address.line2,
        city: subject.address.city,
        state: subject.address.state,
        pincode: subject.address.pincode,
      },
      aadhaarLast4: aadhaar?.aadhaarLast4 ?? video?.last4 ?? null,
      kycMode,
      verifiedOn: verifiedAt ? todayInIndia(verifiedAt) : firstPaidOut,
      images: {
        photo: await newestFile(customerId, { selfie: true }),
        proofOfAddress: await newestFile(customerId, { docTypes: ["aadhaar_front", "utility_bill"] }),
        signature: null,
      },
    };
    const corrections = (ckyc?.corrections ?? {}) as Partial<Record<CkycCorrectable, string>>;
    // The hash is of the stored files, so a new version of the converter does not make every record "changed".
    const hash = recordHash(input, corrections);
    // CKYCR takes JPEG only; our selfies are WebP and uploads may be PNG (ckyc-images.ts).
    const images = { ...input.images, photo: await asCkycJpeg(input.images.photo), proofOfAddress: await asCkycJpeg(input.images.proofOfAddress) };
    return { input: applyCorrections({ ...input, images }, corrections), hash };
  }

  return { inputOf };
}
