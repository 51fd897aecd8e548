import { describe, expect, it } from "vitest";
import { parseCkycUpload, readCkycRecord } from "./ckyc-reader.ts";
import { ckycFileText, ckycUploadZip, toCkycRecord, type CkycCustomerInput, type CkycHeader, type CkycInstitution, type CkycRecord } from "./ckyc-file.ts";
import { crc32, readZip, writeZip } from "./zip.ts";

// Tiny stand-ins for JPEGs: the start-of-image mark, a byte, the end mark.
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x01, 0xff, 0xd9]);
const POA = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x02, 0xff, 0xd9]);
const SIGN = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x03, 0xff, 0xd9]);

const institution: CkycInstitution = {
  fiCode: "IN1234",
  regionCode: "KA01",
  branchCode: "HO",
  orgName: "SalaryOnTime",
  declarationPlace: "Bengaluru",
  verifier: { name: "Meera Rao", designation: "KYC Officer", employeeCode: "E042" },
};

const customer = (over: Partial<CkycCustomerInput> = {}): CkycCustomerInput => ({
  reference: "SOT-1A2B3C4D-V1",
  ckycNumber: null,
  name: "Asha Kumari Verma",
  relative: { kind: "father", name: "Ramesh Verma" },
  gender: 2,
  dob: "1990-06-15",
  pan: "ABCPV1234K",
  mobile: "9876543210",
  email: "asha@example.com",
  address: { line1: "14 Demo Residency, 5th Cross", line2: "Koramangala", city: "Bengaluru", state: "Karnataka", pincode: "560034" },
  aadhaarLast4: "4321",
  kycMode: "DIGITAL_KYC",
  verifiedOn: "2027-01-05",
  images: { photo: PHOTO, proofOfAddress: POA, signature: SIGN },
  ...over,
});

const header: CkycHeader = { batchNumber: "B000001", fiCode: "IN1234", regionCode: "KA01", createdOn: "2027-01-07", version: "V1.3" };

function built(over: Partial<CkycCustomerInput> = {}): CkycRecord {
  const r = toCkycRecord(customer(over), institution);
  if (!r.ok) throw new Error(r.problems.join(" "));
  return r.record;
}

describe("CKYC upload writer", () => {
  it("writes the header, the detail, address, identity and image records, pipe-delimited, dates DD-MM-YYYY", () => {
    expect(ckycFileText(header, [built()]).split("\r\n")).toEqual([
      "10|B000001|IN1234|KA01|1|07-01-2027|V1.3||||",
      "20|1|01|HO|SOT-1A2B3C4D-V1||01|01|MS|ASHA|KUMARI|VERMA|01|MR|RAMESH||VERMA|F|15-06-1990|IN|01|ABCPV1234K|91|9876543210|ASHA@EXAMPLE.COM|1|2|3|05-01-2027|BENGALURU|05-01-2027|04|MEERA RAO|KYC OFFICER|E042|SALARYONTIME|IN1234",
      "35|1|03|14 DEMO RESIDENCY, 5TH CROSS, KORAMANGALA|||BENGALURU|BENGALURU|29|560034|IN|E",
      "30|1|C|ABCPV1234K||01|01",
      "30|1|E|XXXXXXXX4321||01|01",
      "70|1|PHOTOGRAPH.jpg|02|HO",
      "70|1|PROOF_OF_ADDRESS.jpg|03|HO",
      "70|1|SIGNATURE.jpg|04|HO",
      "",
    ]);
  });

  it("an update carries the CKYC identifier and application type 03; a one-word name is a first name alone", () => {
    const text = ckycFileText(header, [
      built({ ckycNumber: "50000012345678", name: "Asha", aadhaarLast4: null, images: { photo: PHOTO, proofOfAddress: POA, signature: null } }),
    ]);
    expect(text.split("\r\n")[1]).toBe(
      "20|1|03|HO|SOT-1A2B3C4D-V1|50000012345678|01|01|MS|ASHA|||01|MR|RAMESH||VERMA|F|15-06-1990|IN|01|ABCPV1234K|91|9876543210|ASHA@EXAMPLE.COM|1|1|2|05-01-2027|BENGALURU|05-01-2027|04|MEERA RAO|KYC OFFICER|E042|SALARYONTIME|IN1234",
    );
    expect(text.split("\r\n")[2]).toBe("35|1|03|14 DEMO RESIDENCY, 5TH CROSS, KORAMANGALA|||BENGALURU|BENGALURU|29|560034|IN|C");
  });

  it("the ZIP holds the record file and the customer's image ZIP, the images named as the image records name them", () => {
    const { fileName, zip } = ckycUploadZip(header, [built()]);
    expect(fileName).toBe("IN1234_07012027_B000001.zip");
    const outer = readZip(zip);
    if (!outer.ok) throw new Error(outer.error);
    expect(outer.entries.map((e) => e.name)).toEqual(["IN1234_07012027_B000001.txt", "1.zip"]);
    const inner = readZip(outer.entries[1].data);
    if (!inner.ok) throw new Error(inner.error);
    expect(inner.entries).toEqual([
      { name: "PHOTOGRAPH.jpg", data: PHOTO },
      { name: "PROOF_OF_ADDRESS.jpg", data: POA },
      { name: "SIGNATURE.jpg", data: SIGN },
    ]);
  });
});

describe("bad records are refused whole, with every reason", () => {
  it.each([
    [{ pan: null }, "The PAN is missing."],
    [{ pan: "ABC1234" }, "The PAN is not in the form ABCDE1234F."],
    [{ name: null }, "The customer's name is missing."],
    [{ name: "R4hul Kumar" }, "The name has characters CKYCR's format does not allow (letters, spaces, dots, hyphens and apostrophes only)."],
    [{ relative: null }, "The father's or spouse's name is missing (CKYCR's template asks for one)."],
    [{ gender: null }, "The gender is missing."],
    [{ dob: "2010-01-01" }, "The date of birth makes the customer younger than 18."],
    [{ mobile: "12345" }, "The mobile number is not 10 digits starting 6-9."],
    [{ ckycNumber: "1234" }, "The CKYC identifier is not 14 digits."],
    [{ images: { photo: null, proofOfAddress: POA, signature: null } }, "The photograph is missing or not a JPEG."],
    [{ images: { photo: PHOTO, proofOfAddress: new Uint8Array([1, 2, 3, 4, 5]), signature: null } }, "The proof of address image is missing or not a JPEG."],
  ] as [Partial<CkycCustomerInput>, string][])("%j", (over, problem) => {
    expect(toCkycRecord(customer(over), institution)).toEqual({ ok: false, problems: [problem] });
  });

  it("missing PAN and name together, with an unknown state: all three reasons", () => {
    expect(toCkycRecord(customer({ pan: " ", name: "", address: { ...customer().address, state: "Atlantis" } }), institution)).toEqual({
      ok: false,
      problems: ["The customer's name is missing.", "The PAN is missing.", "The address has no state CKYCR has a code for."],
    });
  });
});

describe("CKYC upload reader", () => {
  it("reads a written upload back field by field", () => {
    const second = built({
      reference: "SOT-99AA00BB-V2",
      name: "Ravi Shankar",
      gender: 1,
      relative: { kind: "spouse", name: "Latha Shankar" },
      email: null,
      aadhaarLast4: null,
      pan: "BCDPS6789L",
    });
    const parsed = parseCkycUpload(ckycUploadZip(header, [built(), second]).zip);
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(parsed.fileName).toBe("IN1234_07012027_B000001.txt");
    expect(parsed.header).toEqual(header);
    const [a, b] = parsed.records.map(readCkycRecord);
    expect(a).toEqual({
      ok: true,
      record: {
        reference: "SOT-1A2B3C4D-V1",
        applicationType: "01",
        ckycNumber: null,
        branchCode: "HO",
        constitutionType: "01",
        accountType: "01",
        prefix: "MS",
        firstName: "ASHA",
        middleName: "KUMARI",
        lastName: "VERMA",
        relativeType: "01",
        relativePrefix: "MR",
        relativeFirstName: "RAMESH",
        relativeMiddleName: null,
        relativeLastName: "VERMA",
        gender: "F",
        dob: "1990-06-15",
        nationality: "IN",
        residentialStatus: "01",
        pan: "ABCPV1234K",
        mobileCountryCode: "91",
        mobile: "9876543210",
        email: "ASHA@EXAMPLE.COM",
        declarationDate: "2027-01-05",
        declarationPlace: "BENGALURU",
        verificationDate: "2027-01-05",
        kycModeCode: "04",
        verifierName: "MEERA RAO",
        verifierDesignation: "KYC OFFICER",
        verifierEmployeeCode: "E042",
        orgName: "SALARYONTIME",
        orgCode: "IN1234",
        addresses: [
          {
            type: "03",
            lines: ["14 DEMO RESIDENCY, 5TH CROSS, KORAMANGALA", null, null],
            city: "BENGALURU",
            district: "BENGALURU",
            stateCode: "29",
            pincode: "560034",
            country: "IN",
            proofType: "E",
          },
        ],
        identities: [
          { type: "C", number: "ABCPV1234K", verified: true },
          { type: "E", number: "XXXXXXXX4321", verified: true },
        ],
        images: [
          { fileName: "PHOTOGRAPH.jpg", typeCode: "02", data: PHOTO },
          { fileName: "PROOF_OF_ADDRESS.jpg", typeCode: "03", data: POA },
          { fileName: "SIGNATURE.jpg", typeCode: "04", data: SIGN },
        ],
      },
    });
    expect(b.ok && [b.record.prefix, b.record.firstName, b.record.middleName, b.record.lastName, b.record.gender]).toEqual([
      "MR",
      "RAVI",
      null,
      "SHANKAR",
      "M",
    ]);
    expect(b.ok && [b.record.relativeType, b.record.relativePrefix, b.record.relativeFirstName, b.record.email, b.record.identities.length]).toEqual([
      "02",
      "MRS",
      "LATHA",
      null,
      1,
    ]);
  });

  it("answers a record that fails CKYCR's checks with reason codes (a bad PAN, so no PAN identity matches; a missing photograph)", () => {
    const bad = { ...built(), pan: "ABC1234", images: built().images.filter((i) => i.typeCode !== "02") };
    const parsed = parseCkycUpload(ckycUploadZip(header, [bad]).zip);
    if (!parsed.ok) throw new Error(parsed.detail);
    const read = readCkycRecord(parsed.records[0]);
    expect(read.ok ? [] : read.reasons.map((r) => r.code)).toEqual(["R105", "R111", "R112"]);
  });

  it("refuses a file that is not a ZIP, a wrong header count, a stray record", () => {
    expect(parseCkycUpload(new TextEncoder().encode("10|B|X"))).toMatchObject({ ok: false, reason: { code: "F01" } });
    const text = (t: string) => writeZip([{ name: "X.txt", data: new TextEncoder().encode(t) }]);
    expect(parseCkycUpload(text("10|B1|IN1234|KA01|2|07-01-2027|V1.3||||\r\n"))).toMatchObject({ ok: false, reason: { code: "F03" } });
    expect(parseCkycUpload(text("10|B1|IN1234|KA01|0|07-01-2027|V1.3||||\r\n30|1|C|ABCPV1234K||01|01\r\n"))).toMatchObject({
      ok: false,
      reason: { code: "F04" },
    });
    expect(parseCkycUpload(text("10|B1|IN1234|KA01|0|2027-01-07|V1.3||||\r\n"))).toMatchObject({ ok: false, reason: { code: "F02" } });
  });
});

describe("ZIP", () => {
  it("CRC-32 of a known string", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });

  it("a damaged entry fails its CRC check", () => {
    const zip = writeZip([{ name: "a.txt", data: new TextEncoder().encode("hello") }]);
    zip[30 + 5] ^= 0xff;
    expect(readZip(zip)).toEqual({ ok: false, error: 'The ZIP\'s entry "a.txt" fails its CRC check.' });
  });
});
