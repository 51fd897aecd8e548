// The production upload skeleton: one multipart POST with the member's credentials, then the error
// report by reference, mapped to the port's answer. The bureau here is a stub answering in the shape
// the adapter expects (not a recording of a live bureau; see docs/decisions/compliance.md, issue 22).
import { describe, expect, it } from "vitest";
import { createCibilUpload } from "./cibil-upload.ts";

function stub(report: unknown) {
  const calls: { url: string; method: string; auth: string | null; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? "GET", auth: new Headers(init.headers).get("authorization"), body: init.body });
    if (url.endsWith("/data-upload")) return Response.json({ reference: "UP-42" });
    return Response.json(report);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const send = (fetch: typeof globalThis.fetch) =>
  createCibilUpload({ url: "https://bureau.example/api/", memberId: "NB12340001", password: "secret-pw", fetch }).submit({
    fileName: "NB12340001_20270115.tudf",
    content: "TUDF12…TRLR",
    periodEnd: "2027-01-15",
    memberId: "NB12340001",
  });

describe("CIBIL data upload (production skeleton)", () => {
  it("uploads the file with the member's credentials and reads the per-record report", async () => {
    const { calls, fetch } = stub({ accepted: 3, records: [{ sequence: 2, accountNumber: "SOT0002", errors: ["Invalid PAN"] }] });
    expect(await send(fetch)).toEqual({
      reference: "UP-42",
      status: "PARTLY_ACCEPTED",
      acceptedCount: 3,
      rejectedCount: 1,
      fileError: null,
      recordErrors: [{ position: 2, loanNo: "SOT0002", errors: ["Invalid PAN"] }],
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST https://bureau.example/api/data-upload",
      "GET https://bureau.example/api/data-upload/UP-42/report",
    ]);
    expect(calls[0].auth).toBe(`Basic ${Buffer.from("NB12340001:secret-pw").toString("base64")}`);
    const form = calls[0].body as FormData;
    expect(form.get("memberId")).toBe("NB12340001");
    expect((form.get("file") as File).name).toBe("NB12340001_20270115.tudf");
    expect(await (form.get("file") as File).text()).toBe("TUDF12…TRLR");
  });

  it("a file the bureau refuses whole is REJECTED with its reason", async () => {
    const { fetch } = stub({ fileError: "Header member id mismatch", accepted: 0, records: [] });
    expect(await send(fetch)).toMatchObject({ status: "REJECTED", fileError: "Header member id mismatch", acceptedCount: 0, rejectedCount: 0 });
  });
});
