// GET /dev/ckyc.json (issue 33): what the sandbox CKYC registry holds and the uploads it answered, read
// by tests and the sandbox; production mode mounts none of /dev (production-mode.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ckycRecordOf, ckycUploadOf } from "../../test-support/ckyc.ts";
import { createTestApp } from "../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("GET /dev/ckyc.json", () => {
  it("lists the registry's records, PANs masked, and every upload with its outcome", async () => {
    const empty = await t.app.request("/dev/ckyc.json");
    expect(empty.headers.get("cache-control")).toBe("no-store");
    expect(await empty.json()).toEqual({ records: [], uploads: [] });
    const port = t.services.sandboxCkyc!.port;
    const rejected = await port.upload(ckycUploadOf({ ...ckycRecordOf(), pan: "ABCP1234K" }));
    const accepted = await port.upload(ckycUploadOf(ckycRecordOf()));
    expect([rejected.status, accepted.status]).toEqual(["REJECTED", "ACCEPTED"]);
    const body = (await (await t.app.request("/dev/ckyc.json")).json()) as {
      records: { ckyc_number: string; pan: string; name: string }[];
      uploads: { reference: string; status: string; reasons: { code: string }[] }[];
    };
    expect(body.records.map((r) => [r.ckyc_number, r.pan, r.name])).toEqual([
      [accepted.status === "ACCEPTED" && accepted.ckycNumber, "XXXXXX234K", "ASHA KUMARI VERMA"],
    ]);
    expect(body.uploads.map((u) => [u.reference, u.status, u.reasons.map((r) => r.code)])).toEqual([
      ["SOT-1A2B3C4D-V1", "REJECTED", ["R105", "R111"]],
      ["SOT-1A2B3C4D-V1", "ACCEPTED", []],
    ]);
  });
});
