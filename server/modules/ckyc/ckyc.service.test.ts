// The ckyc service against the sandbox registry on a real (embedded) database: one row per customer and
// version, a rejection kept with CKYCR's reasons, corrected and sent again; an accepted version never sent twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.ts";
import { migrate } from "../../db/migrate.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import type { CkycPort } from "../../providers/ckyc/port.ts";
import { createSandboxCkyc, sandboxCkycNumber } from "../../providers/ckyc/sandbox.ts";
import { createMemorySandboxStore } from "../../providers/sandbox-store.ts";
import { ckycCustomer, ckycRecordOf, ckycUploadOf, testInstitution } from "../../test-support/ckyc.ts";
import { ckycReference, createCkycService } from "./ckyc.service.ts";

let database: Database;
const at = new Date("2027-01-07T06:00:00Z");
const now = () => at;
let customers = 0;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
  await migrate(database);
});
afterAll(async () => database.close());

async function setUp(pan: string) {
  const [profile] = await database.db
    .insert(customerProfiles)
    .values({ mobile: `90000000${String((customers += 1)).padStart(2, "0")}` })
    .returning();
  const registry = createSandboxCkyc({ db: database.db, now, store: createMemorySandboxStore(() => at.getTime()) });
  const service = createCkycService({ db: database.db, now, port: registry.port, institution: testInstitution });
  const data = (over: Parameters<typeof ckycCustomer>[0] = {}) => {
    const { reference: _reference, ...rest } = ckycCustomer({ pan, ...over });
    return rest;
  };
  const uploadsOf = async (reference: string) => (await registry.list()).uploads.filter((u) => u.reference === reference).map((u) => u.status);
  return { customerId: profile.id, registry, service, data, uploadsOf };
}

describe("ckyc service", () => {
  it("a rejected upload is kept with CKYCR's reason, corrected and sent again, then never sent twice", async () => {
    const { customerId, registry, service, data, uploadsOf } = await setUp("CDEPK4321M");
    // Another institution's upload already holds this PAN at CKYCR.
    const held = await registry.port.upload(ckycUploadOf(ckycRecordOf({ reference: "BANK-0001-V1", pan: "CDEPK4321M" })));
    expect(held.status).toBe("ACCEPTED");
    const reference = ckycReference(customerId, 1);
    expect(reference).toBe(`SOT-${customerId.replace(/-/g, "").slice(0, 8).toUpperCase()}-V1`);

    expect(await service.send(customerId, 1, data())).toEqual({
      customerId,
      version: 1,
      reference,
      status: "REJECTED",
      ckycNumber: null,
      reasons: [{ code: "R201", message: "A record for this PAN is already held: upload an update with its CKYC identifier." }],
      attempts: 1,
    });
    // Corrected: the identifier CKYCR holds, so the record goes as an update of it.
    const ckycNumber = sandboxCkycNumber("CDEPK4321M");
    expect(await service.send(customerId, 1, data({ ckycNumber }))).toEqual({
      customerId,
      version: 1,
      reference,
      status: "ACCEPTED",
      ckycNumber,
      reasons: [],
      attempts: 2,
    });
    // Sent again: answered from our row, nothing reaches CKYCR.
    expect(await service.send(customerId, 1, data({ ckycNumber }))).toMatchObject({ status: "ACCEPTED", ckycNumber, attempts: 2 });
    expect(await uploadsOf(reference)).toEqual(["REJECTED", "ACCEPTED"]);
    // A change of details is a new version: its own row and upload.
    expect(await service.send(customerId, 2, data({ ckycNumber, mobile: "9123456780" }))).toMatchObject({
      version: 2,
      status: "ACCEPTED",
      ckycNumber,
      attempts: 1,
    });
    expect(await service.state(customerId, 1)).toMatchObject({ status: "ACCEPTED", attempts: 2 });
  });

  it("a record our checks refuse is kept NOT_SENT with the reasons and sent once corrected", async () => {
    const { customerId, service, data, uploadsOf } = await setUp("DEFPL5432N");
    expect(await service.send(customerId, 1, data({ pan: null, relative: null }))).toMatchObject({
      status: "NOT_SENT",
      attempts: 0,
      reasons: [
        { code: "SOT", message: "The PAN is missing." },
        { code: "SOT", message: "The father's or spouse's name is missing (CKYCR's template asks for one)." },
      ],
    });
    expect(await uploadsOf(ckycReference(customerId, 1))).toEqual([]);
    expect(await service.send(customerId, 1, data())).toMatchObject({
      status: "ACCEPTED",
      ckycNumber: sandboxCkycNumber("DEFPL5432N"),
      attempts: 1,
      reasons: [],
    });
  });

  it("CKYCR not answering keeps the record FAILED, to be sent again", async () => {
    const { customerId, registry, data } = await setUp("EFGPM6543P");
    let down = true;
    const flaky: CkycPort = {
      ...registry.port,
      upload: (input) => (down ? Promise.reject(new Error("CKYC /upload answered 503")) : registry.port.upload(input)),
    };
    const service = createCkycService({ db: database.db, now, port: flaky, institution: testInstitution });
    await expect(service.send(customerId, 1, data())).rejects.toThrow("CKYC /upload answered 503");
    expect(await service.state(customerId, 1)).toMatchObject({ status: "FAILED", attempts: 1, reasons: [{ code: "UNANSWERED" }] });
    down = false;
    expect(await service.send(customerId, 1, data())).toMatchObject({ status: "ACCEPTED", attempts: 2 });
  });
});
