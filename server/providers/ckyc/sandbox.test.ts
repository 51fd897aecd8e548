// The sandbox CKYC registry on a real (embedded) database: search, download authenticated by the date of
// birth or a code sent to the mobile, uploads accepted with an identifier or rejected with reason codes,
// and the same upload sent twice answered once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../db/client.ts";
import { migrate } from "../../db/migrate.ts";
import { ckycRecordOf, ckycUploadOf } from "../../test-support/ckyc.ts";
import { createMemorySandboxStore } from "../sandbox-store.ts";
import { createSandboxCkyc, sandboxCkycNumber } from "./sandbox.ts";

let database: Database;
let registry: ReturnType<typeof createSandboxCkyc>;
const at = new Date("2027-01-07T06:00:00Z");

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
  await migrate(database);
});
afterAll(async () => database.close());
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM sandbox_ckyc_records`);
  await database.db.execute(sql`DELETE FROM sandbox_ckyc_uploads`);
  registry = createSandboxCkyc({ db: database.db, now: () => at, store: createMemorySandboxStore(() => at.getTime()) });
});

const upload = (over: Parameters<typeof ckycRecordOf>[0] = {}) => registry.port.upload(ckycUploadOf(ckycRecordOf(over)));

describe("sandbox CKYC registry", () => {
  it("identifiers are 14 digits, the same for the same PAN", () => {
    expect(sandboxCkycNumber("ABCPV1234K")).toMatch(/^5\d{13}$/);
    expect(sandboxCkycNumber("ABCPV1234K")).toBe(sandboxCkycNumber("ABCPV1234K"));
    expect(sandboxCkycNumber("BCDPS6789L")).not.toBe(sandboxCkycNumber("ABCPV1234K"));
  });

  it("an upload is accepted with a 14-digit identifier; the PAN is then found, masked, and not found before", async () => {
    expect(await registry.port.search({ pan: "ABCPV1234K", requestId: "S1" })).toEqual({ found: false });
    const ckycNumber = sandboxCkycNumber("ABCPV1234K");
    expect(await upload()).toEqual({ reference: "SOT-1A2B3C4D-V1", status: "ACCEPTED", ckycNumber });
    expect(await registry.port.search({ pan: "abcpv1234k", requestId: "S2" })).toEqual({
      found: true,
      maskedCkycNumber: `XXXXXXXXXX${ckycNumber.slice(-4)}`,
      ckycReference: ckycNumber,
      name: "ASHA KUMARI VERMA",
    });
    expect(await registry.port.search({ pan: "BCDPS6789L", requestId: "S3" })).toEqual({ found: false });
  });

  it("downloads with the right date of birth; a wrong one is refused and answers nothing", async () => {
    const accepted = await upload();
    const ckycReference = accepted.status === "ACCEPTED" ? accepted.ckycNumber : "";
    expect(await registry.port.download({ ckycReference, auth: { kind: "dob", dob: "1990-06-16" }, requestId: "D1" })).toEqual({
      ok: false,
      reason: "AUTH_FAILED",
    });
    expect(await registry.port.download({ ckycReference, auth: { kind: "dob", dob: "1990-06-15" }, requestId: "D2" })).toEqual({
      ok: true,
      record: {
        ckycNumber: ckycReference,
        name: "ASHA KUMARI VERMA",
        relativeName: "RAMESH VERMA",
        gender: "F",
        dob: "1990-06-15",
        pan: "ABCPV1234K",
        mobile: "9876543210",
        email: "ASHA@EXAMPLE.COM",
        address: { lines: ["14 DEMO RESIDENCY, 5TH CROSS, KORAMANGALA"], city: "BENGALURU", stateCode: "29", pincode: "560034" },
        updatedOn: "2027-01-07",
      },
    });
    expect(await registry.port.download({ ckycReference: "50000000000000", auth: { kind: "dob", dob: "1990-06-15" }, requestId: "D3" })).toEqual({
      ok: false,
      reason: "NOT_FOUND",
    });
  });

  it("downloads with the code sent to the record's mobile, once; a wrong code is refused", async () => {
    const accepted = await upload();
    const ckycReference = accepted.status === "ACCEPTED" ? accepted.ckycNumber : "";
    expect(await registry.port.sendDownloadCode({ ckycReference, requestId: "C1" })).toEqual({ sentTo: "XXXXXX3210" });
    const code = (await registry.sentCode(ckycReference))!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await registry.port.download({ ckycReference, auth: { kind: "mobile-code", code: wrong }, requestId: "D1" })).toEqual({
      ok: false,
      reason: "AUTH_FAILED",
    });
    expect(await registry.port.download({ ckycReference, auth: { kind: "mobile-code", code }, requestId: "D2" })).toMatchObject({
      ok: true,
      record: { pan: "ABCPV1234K" },
    });
    expect(await registry.port.download({ ckycReference, auth: { kind: "mobile-code", code }, requestId: "D3" })).toEqual({ ok: false, reason: "AUTH_FAILED" });
  });

  it("rejects an invalid PAN and a missing photograph with reason codes, and keeps nothing", async () => {
    const bad = { ...ckycRecordOf(), pan: "ABCP1234K" };
    expect(await registry.port.upload(ckycUploadOf(bad))).toEqual({
      reference: "SOT-1A2B3C4D-V1",
      status: "REJECTED",
      reasons: [
        { code: "R105", message: "PAN missing or invalid." },
        { code: "R111", message: "No PAN identity record matching the detail record." },
      ],
    });
    const good = ckycRecordOf();
    const noPhoto = { ...good, images: good.images.filter((i) => i.fileName !== "PHOTOGRAPH.jpg") };
    expect(await registry.port.upload(ckycUploadOf(noPhoto))).toEqual({
      reference: "SOT-1A2B3C4D-V1",
      status: "REJECTED",
      reasons: [{ code: "R112", message: "Photograph missing." }],
    });
    expect((await registry.list()).records).toEqual([]);
  });

  it("a rejected upload corrected and sent again under the same reference is accepted", async () => {
    const good = ckycRecordOf();
    expect(await registry.port.upload(ckycUploadOf({ ...good, pan: "ABCP1234K" }))).toMatchObject({ status: "REJECTED" });
    expect(await registry.port.upload(ckycUploadOf(good))).toEqual({
      reference: good.reference,
      status: "ACCEPTED",
      ckycNumber: sandboxCkycNumber("ABCPV1234K"),
    });
  });

  it("refuses an upload whose FI code is not ours, or that is not a ZIP", async () => {
    expect(await registry.port.upload(ckycUploadOf(ckycRecordOf(), "OTHER01"))).toMatchObject({ status: "REJECTED", reasons: [{ code: "F02" }] });
    expect(await registry.port.upload({ reference: "SOT-X-V1", fileName: "x.zip", zip: new Uint8Array([1, 2, 3]) })).toMatchObject({
      status: "REJECTED",
      reasons: [{ code: "F01" }],
    });
  });

  it("is idempotent per customer and version: the same upload twice is one record, one identifier; a new version updates it", async () => {
    const first = await upload();
    expect(await upload()).toEqual(first);
    const ckycNumber = sandboxCkycNumber("ABCPV1234K");
    // The same PAN under another customer's reference as a new record: CKYCR already holds it.
    expect(await upload({ reference: "SOT-99AA00BB-V1" })).toEqual({
      reference: "SOT-99AA00BB-V1",
      status: "REJECTED",
      reasons: [{ code: "R201", message: "A record for this PAN is already held: upload an update with its CKYC identifier." }],
    });
    // Version 2 of the first customer, a new address, sent as an update with the identifier.
    const v2 = {
      reference: "SOT-1A2B3C4D-V2",
      ckycNumber,
      address: { line1: "7 Lake View", line2: null, city: "Mysuru", state: "Karnataka", pincode: "570001" },
    };
    expect(await upload(v2)).toEqual({ reference: "SOT-1A2B3C4D-V2", status: "ACCEPTED", ckycNumber });
    expect(await upload({ reference: "SOT-1A2B3C4D-V3", ckycNumber: "50000000000000" })).toMatchObject({ status: "REJECTED", reasons: [{ code: "R202" }] });
    const held = await registry.list();
    expect(held.records).toEqual([
      {
        ckyc_number: ckycNumber,
        pan: "XXXXXX234K",
        name: "ASHA KUMARI VERMA",
        reference: "SOT-1A2B3C4D-V2",
        images: ["PHOTOGRAPH.jpg", "PROOF_OF_ADDRESS.jpg", "SIGNATURE.jpg"],
        created_at: "2027-01-07T06:00:00.000Z",
        updated_at: "2027-01-07T06:00:00.000Z",
      },
    ]);
    expect(held.uploads.map((u) => [u.reference, u.status, u.ckyc_number])).toEqual([
      ["SOT-1A2B3C4D-V1", "ACCEPTED", ckycNumber],
      ["SOT-99AA00BB-V1", "REJECTED", null],
      ["SOT-1A2B3C4D-V2", "ACCEPTED", ckycNumber],
      ["SOT-1A2B3C4D-V3", "REJECTED", null],
    ]);
    const download = await registry.port.download({ ckycReference: ckycNumber, auth: { kind: "dob", dob: "1990-06-15" }, requestId: "D" });
    expect(download.ok && download.record.address).toEqual({ lines: ["7 LAKE VIEW"], city: "MYSURU", stateCode: "29", pincode: "570001" });
  });
});
