// The sandbox CKYC registry (issue 33). It keeps records in the database (sandbox_ckyc_records, so every
// instance answers alike), answers a search by PAN, answers a download only to the record's date of birth
// or to the code it "sent" to the record's mobile, and reads an upload with the same reader the tests use
// (core/ckyc/ckyc-reader.ts): a record that fails CKYCR's checks (an invalid PAN, no photograph, ...) is
// rejected with reason codes; an accepted one gets a 14-digit identifier. An accepted reference (customer
// and version) sent again is answered the same, never a second record. Never used in production mode.
import { createHash, randomInt } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { parseCkycUpload, readCkycRecord, reason, type CkycReason } from "../../../core/ckyc/ckyc-reader.ts";
import { APPLICATION_NEW, FILE_VERSION, ckycUploadZip, toCkycRecord, type CkycRecord } from "../../../core/ckyc/ckyc-file.ts";
import type { Db } from "../../db/client.ts";
import { sandboxCkycRecords, sandboxCkycUploads } from "../../db/schema/index.ts";
import { createMemorySandboxStore, type SandboxStore } from "../sandbox-store.ts";
import { maskCkycNumber, type CkycDownloadedRecord, type CkycPort, type CkycUploadResult } from "./port.ts";

/** The FI code the sandbox registry knows us by (the header's FI code must be it). */
export const SANDBOX_CKYC_FI_CODE = "SBX0001";
const CODE_KIND = "ckyc-download-code";
const CODE_TTL_MS = 10 * 60 * 1000;

/** What the registry keeps of a record: its fields, the images by name and size only. */
type StoredRecord = Omit<CkycRecord, "images"> & { images: { fileName: string; typeCode: string; bytes: number }[] };

/** Fourteen digits derived from the PAN, so the same customer gets the same identifier in every run. */
export function sandboxCkycNumber(pan: string): string {
  const digits = BigInt(`0x${createHash("sha256").update(`ckyc:${pan}`).digest("hex").slice(0, 15)}`) % 10n ** 13n;
  return `5${digits.toString().padStart(13, "0")}`;
}

const fullName = (first: string, middle: string | null, last: string | null) => [first, middle, last].filter(Boolean).join(" ");

type RecordRow = typeof sandboxCkycRecords.$inferSelect;

/** A held record as a download answers it. */
function downloaded(row: RecordRow): CkycDownloadedRecord {
  const r = row.record as StoredRecord;
  const address = r.addresses[0];
  return {
    ckycNumber: row.ckycNumber,
    name: fullName(r.firstName, r.middleName, r.lastName),
    relativeName: fullName(r.relativeFirstName, r.relativeMiddleName, r.relativeLastName) || null,
    gender: r.gender as CkycDownloadedRecord["gender"],
    dob: r.dob,
    pan: r.pan,
    mobile: r.mobile,
    email: r.email,
    address: { lines: address.lines.filter((l): l is string => !!l), city: address.city, stateCode: address.stateCode, pincode: address.pincode },
    updatedOn: todayInIndia(row.updatedAt),
  };
}

/** A held record as /dev/ckyc.json lists it: the PAN masked, the images by name. */
function listed(row: RecordRow) {
  const r = row.record as StoredRecord;
  return {
    ckyc_number: row.ckycNumber,
    pan: `XXXXXX${row.pan.slice(-4)}`,
    name: fullName(r.firstName, r.middleName, r.lastName),
    reference: row.reference,
    images: r.images.map((i) => i.fileName),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Sandbox only (/dev/ckyc/record): another institution's record for a PAN, as if it had uploaded it
 * earlier, so the journey's search finds one. Its mobile is 9876543210 (the download code's), its
 * father's name Ramesh Verma; answers the identifier.
 */
async function seedCkycRecord(port: CkycPort, fiCode: string, input: { pan: string; dob: string }, today: string): Promise<string> {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0xff, 0xd9]);
  const built = toCkycRecord(
    {
      reference: `SBX-${input.pan}`,
      ckycNumber: null,
      name: "Asha Kumari Verma",
      relative: { kind: "father", name: "Ramesh Verma" },
      gender: 2,
      dob: input.dob,
      pan: input.pan,
      mobile: "9876543210",
      email: "asha@example.com",
      address: { line1: "14 Demo Residency, 5th Cross", line2: "Koramangala", city: "Bengaluru", state: "Karnataka", pincode: "560034" },
      aadhaarLast4: null,
      kycMode: "DIGITAL_KYC",
      verifiedOn: today,
      images: { photo: jpeg, proofOfAddress: jpeg, signature: null },
    },
    {
      fiCode,
      regionCode: "SBX",
      branchCode: "HO",
      orgName: "Sandbox Bank",
      declarationPlace: "Mumbai",
      verifier: { name: "Sandbox Officer", designation: "KYC Officer", employeeCode: "S001" },
    },
  );
  if (!built.ok) throw new Error(built.problems.join(" "));
  const { fileName, zip } = ckycUploadZip({ batchNumber: "SEED", fiCode, regionCode: "SBX", createdOn: today, version: FILE_VERSION }, [built.record]);
  const answer = await port.upload({ reference: built.record.reference, fileName, zip });
  if (answer.status !== "ACCEPTED") throw new Error(answer.reasons.map((r) => r.code).join(" "));
  return answer.ckycNumber;
}

export function createSandboxCkyc(options: { db: Db; now?: () => Date; store?: SandboxStore; fiCode?: string }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const store = options.store ?? createMemorySandboxStore(() => now().getTime());
  const fiCode = options.fiCode ?? SANDBOX_CKYC_FI_CODE;

  const held = async (ckycNumber: string) => {
    const [row] = await db.select().from(sandboxCkycRecords).where(eq(sandboxCkycRecords.ckycNumber, ckycNumber));
    return row ?? null;
  };

  async function answer(reference: string, fileName: string, result: { ckycNumber: string } | { reasons: CkycReason[] }): Promise<CkycUploadResult> {
    const accepted = "ckycNumber" in result;
    await db
      .insert(sandboxCkycUploads)
      .values({
        reference,
        fileName,
        status: accepted ? "ACCEPTED" : "REJECTED",
        ckycNumber: accepted ? result.ckycNumber : null,
        reasons: accepted ? [] : result.reasons,
        receivedAt: now(),
      })
      .onConflictDoNothing();
    return accepted ? { reference, status: "ACCEPTED", ckycNumber: result.ckycNumber } : { reference, status: "REJECTED", reasons: result.reasons };
  }

  async function acceptedBefore(reference: string) {
    const [row] = await db
      .select({ ckycNumber: sandboxCkycUploads.ckycNumber })
      .from(sandboxCkycUploads)
      .where(and(eq(sandboxCkycUploads.reference, reference), eq(sandboxCkycUploads.status, "ACCEPTED")));
    return row?.ckycNumber ?? null;
  }

  const port: CkycPort = {
    async search({ pan }) {
      const [row] = await db.select().from(sandboxCkycRecords).where(eq(sandboxCkycRecords.pan, pan.trim().toUpperCase()));
      if (!row) return { found: false };
      const r = row.record as StoredRecord;
      return {
        found: true,
        maskedCkycNumber: maskCkycNumber(row.ckycNumber),
        ckycReference: row.ckycNumber,
        name: fullName(r.firstName, r.middleName, r.lastName),
      };
    },

    async sendDownloadCode({ ckycReference }) {
      const row = await held(ckycReference);
      if (!row) return null;
      await store.put(CODE_KIND, row.ckycNumber, { code: String(randomInt(0, 1_000_000)).padStart(6, "0") }, CODE_TTL_MS);
      return { sentTo: `XXXXXX${row.mobile.slice(-4)}` };
    },

    async download({ ckycReference, auth }) {
      const row = await held(ckycReference);
      if (!row) return { ok: false, reason: "NOT_FOUND" };
      if (auth.kind === "dob") {
        if (auth.dob !== row.dob) return { ok: false, reason: "AUTH_FAILED" };
      } else {
        const sent = await store.get<{ code: string }>(CODE_KIND, row.ckycNumber);
        if (!sent || sent.code !== auth.code) return { ok: false, reason: "AUTH_FAILED" };
        // A code is used once.
        await store.take(CODE_KIND, row.ckycNumber);
      }
      return { ok: true, record: downloaded(row) };
    },

    async upload({ reference, fileName, zip }) {
      const before = await acceptedBefore(reference);
      if (before) return { reference, status: "ACCEPTED", ckycNumber: before };
      const parsed = parseCkycUpload(zip);
      if (!parsed.ok) return answer(reference, fileName, { reasons: [{ ...parsed.reason, message: `${parsed.reason.message} ${parsed.detail}` }] });
      if (parsed.header.fiCode !== fiCode)
        return answer(reference, fileName, { reasons: [{ ...reason("F02"), message: "The header's FI code is not the uploader's." }] });
      if (parsed.records.length !== 1)
        return answer(reference, fileName, { reasons: [{ ...reason("F04"), message: "An upload carries one customer's record." }] });
      const read = readCkycRecord(parsed.records[0]);
      if (!read.ok) return answer(reference, fileName, { reasons: read.reasons });
      const r = read.record;
      if (r.reference !== reference)
        return answer(reference, fileName, { reasons: [{ ...reason("F04"), message: "The record's reference is not the upload's." }] });
      const stored: StoredRecord = { ...r, images: r.images.map((i) => ({ fileName: i.fileName, typeCode: i.typeCode, bytes: i.data.length })) };
      const at = now();
      if (r.applicationType === APPLICATION_NEW) {
        const ckycNumber = sandboxCkycNumber(r.pan);
        const inserted = await db
          .insert(sandboxCkycRecords)
          .values({ ckycNumber, pan: r.pan, dob: r.dob, mobile: r.mobile, record: stored, reference, createdAt: at, updatedAt: at })
          .onConflictDoNothing()
          .returning({ ckycNumber: sandboxCkycRecords.ckycNumber });
        if (!inserted.length) {
          // The same upload racing on another instance created it: answer as it was answered.
          const again = await acceptedBefore(reference);
          if (again) return { reference, status: "ACCEPTED", ckycNumber: again };
          return answer(reference, fileName, { reasons: [reason("R201")] });
        }
        return answer(reference, fileName, { ckycNumber });
      }
      const existing = await held(r.ckycNumber!);
      if (!existing) return answer(reference, fileName, { reasons: [reason("R202")] });
      await db
        .update(sandboxCkycRecords)
        .set({ pan: r.pan, dob: r.dob, mobile: r.mobile, record: stored, reference, updatedAt: at })
        .where(eq(sandboxCkycRecords.ckycNumber, existing.ckycNumber));
      return answer(reference, fileName, { ckycNumber: existing.ckycNumber });
    },
  };

  return {
    port,
    seed: (input: { pan: string; dob: string }) => seedCkycRecord(port, fiCode, input, todayInIndia(now())),
    /** Sandbox and tests only: the download code last "sent" for a record, as the customer's phone would show it. */
    async sentCode(ckycNumber: string): Promise<string | null> {
      return (await store.get<{ code: string }>(CODE_KIND, ckycNumber))?.code ?? null;
    },
    /** What the registry holds and every upload it answered, oldest first (GET /dev/ckyc.json); PANs masked. */
    async list() {
      const records = await db.select().from(sandboxCkycRecords).orderBy(asc(sandboxCkycRecords.createdAt), asc(sandboxCkycRecords.ckycNumber));
      const uploads = await db.select().from(sandboxCkycUploads).orderBy(asc(sandboxCkycUploads.id));
      return {
        records: records.map(listed),
        uploads: uploads.map((u) => ({
          reference: u.reference,
          file_name: u.fileName,
          status: u.status,
          ckyc_number: u.ckycNumber,
          reasons: u.reasons as CkycReason[],
          received_at: u.receivedAt.toISOString(),
        })),
      };
    },
  };
}

export type SandboxCkyc = ReturnType<typeof createSandboxCkyc>;
