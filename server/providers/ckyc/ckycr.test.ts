// The production skeleton against a stub answering in the shape the adapter expects (not a recording of
// CKYCR: docs/decisions/compliance.md, issue 33): the calls it makes and how it reads the answers.
import { describe, expect, it } from "vitest";
import { fakeFetch } from "../../test-support/fake-fetch.ts";
import { createCkycrGateway } from "./ckycr.ts";

const config = { url: "https://ckyc.example/api/", fiCode: "IN1234", apiKey: "k3y" };
const record = {
  ckyc_no: "50000012345678",
  name: "ASHA KUMARI VERMA",
  father_or_spouse_name: "RAMESH VERMA",
  gender: "F",
  dob: "15-06-1990",
  pan: "ABCPV1234K",
  mobile: "9876543210",
  email: null,
  address: { line1: "14 DEMO RESIDENCY", line2: "KORAMANGALA", line3: null, city: "BENGALURU", state_code: "29", pincode: "560034" },
  updated_on: "05-01-2027",
};

describe("CKYCR gateway (production skeleton)", () => {
  it("searches by PAN as identity type C, with our FI code and key", async () => {
    const fake = fakeFetch(
      { json: { status: "FOUND", ckyc_no_masked: "XXXXXXXXXX5678", ckyc_reference_id: "R-77", name: "ASHA KUMARI VERMA" } },
      { json: { status: "NOT_FOUND" } },
    );
    const port = createCkycrGateway({ ...config, fetch: fake.fetch });
    expect(await port.search({ pan: "ABCPV1234K", requestId: "Q1" })).toEqual({
      found: true,
      maskedCkycNumber: "XXXXXXXXXX5678",
      ckycReference: "R-77",
      name: "ASHA KUMARI VERMA",
    });
    expect(await port.search({ pan: "BCDPS6789L", requestId: "Q2" })).toEqual({ found: false });
    expect(fake.calls[0]).toMatchObject({
      url: "https://ckyc.example/api/search",
      method: "POST",
      headers: { authorization: "Bearer k3y", "x-fi-code": "IN1234" },
    });
    expect(JSON.parse(String(fake.calls[0].body))).toEqual({ fi_code: "IN1234", request_id: "Q1", id_type: "C", id_no: "ABCPV1234K" });
  });

  it("downloads with the date of birth as auth factor 01 in DD-MM-YYYY, or a mobile code; a refusal is AUTH_FAILED", async () => {
    const fake = fakeFetch({ json: { status: "SUCCESS", record } }, { status: 401, json: { status: "AUTH_FAILED" } }, { status: 404, json: {} });
    const port = createCkycrGateway({ ...config, fetch: fake.fetch });
    expect(await port.download({ ckycReference: "R-77", auth: { kind: "dob", dob: "1990-06-15" }, requestId: "D1" })).toEqual({
      ok: true,
      record: {
        ckycNumber: "50000012345678",
        name: "ASHA KUMARI VERMA",
        relativeName: "RAMESH VERMA",
        gender: "F",
        dob: "1990-06-15",
        pan: "ABCPV1234K",
        mobile: "9876543210",
        email: null,
        address: { lines: ["14 DEMO RESIDENCY", "KORAMANGALA"], city: "BENGALURU", stateCode: "29", pincode: "560034" },
        updatedOn: "2027-01-05",
      },
    });
    expect(JSON.parse(String(fake.calls[0].body))).toEqual({
      fi_code: "IN1234",
      request_id: "D1",
      ckyc_reference_id: "R-77",
      auth_factor_type: "01",
      auth_factor: "15-06-1990",
    });
    expect(await port.download({ ckycReference: "R-77", auth: { kind: "mobile-code", code: "123456" }, requestId: "D2" })).toEqual({
      ok: false,
      reason: "AUTH_FAILED",
    });
    expect(JSON.parse(String(fake.calls[1].body))).toMatchObject({ auth_factor_type: "OTP", auth_factor: "123456" });
    expect(await port.download({ ckycReference: "R-0", auth: { kind: "dob", dob: "1990-06-15" }, requestId: "D3" })).toEqual({
      ok: false,
      reason: "NOT_FOUND",
    });
  });

  it("uploads the ZIP as a file with the reference; reads the identifier or the reasons", async () => {
    const fake = fakeFetch(
      { json: { status: "ACCEPTED", ckyc_no: "50000012345678" } },
      { json: { status: "REJECTED", errors: [{ code: "R105", message: "PAN missing or invalid." }] } },
    );
    const port = createCkycrGateway({ ...config, fetch: fake.fetch });
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06]);
    expect(await port.upload({ reference: "SOT-1-V1", fileName: "IN1234_07012027_B1.zip", zip })).toEqual({
      reference: "SOT-1-V1",
      status: "ACCEPTED",
      ckycNumber: "50000012345678",
    });
    const form = fake.calls[0].body as FormData;
    expect([fake.calls[0].url, form.get("reference"), form.get("fi_code"), (form.get("file") as File).name]).toEqual([
      "https://ckyc.example/api/upload",
      "SOT-1-V1",
      "IN1234",
      "IN1234_07012027_B1.zip",
    ]);
    expect(new Uint8Array(await (form.get("file") as File).arrayBuffer())).toEqual(zip);
    expect(await port.upload({ reference: "SOT-1-V2", fileName: "x.zip", zip })).toEqual({
      reference: "SOT-1-V2",
      status: "REJECTED",
      reasons: [{ code: "R105", message: "PAN missing or invalid." }],
    });
  });
});
