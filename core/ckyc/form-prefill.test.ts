// Issue 33: a confirmed CKYC record on the journey's forms, in the forms' own values; a saved value wins.
import { describe, expect, it } from "vitest";
import { addressLinesOf, ckycFormPrefill, type CkycRecordForForms, type SavedForForms } from "./form-prefill.ts";

const record: CkycRecordForForms = {
  gender: "F",
  dob: "1990-05-20",
  email: "ASHA@EXAMPLE.COM",
  address: { lines: ["14 DEMO RESIDENCY, 5TH CROSS, KORAMANGALA"], pincode: "560034" },
  spouseName: null,
};
const nothing: SavedForForms = {
  gender: null,
  personal_email: "",
  dob: null,
  spouse_name: null,
  residence_address_1: "",
  residence_address_2: null,
  residence_pincode: "",
};

describe("the CKYC prefill", () => {
  it("fills every empty field in the form's values", () => {
    expect(ckycFormPrefill({ ...record, spouseName: "RAVI VERMA" }, nothing)).toEqual({
      gender: "2",
      dob: "1990-05-20",
      personal_email: "asha@example.com",
      spouse_name: "RAVI VERMA",
      residence_address_1: "14 DEMO RESIDENCY",
      residence_address_2: "5TH CROSS, KORAMANGALA",
      residence_pincode: "560034",
    });
    expect(ckycFormPrefill({ ...record, gender: "M" }, nothing).gender).toBe("1");
  });

  it("leaves what the customer saved, and fills no address over any saved part of one", () => {
    expect(ckycFormPrefill(record, { ...nothing, gender: 1, personal_email: "own@example.com", dob: "1991-01-01", residence_pincode: "201301" })).toEqual({});
  });

  it("fills nothing the form cannot take", () => {
    const odd = { ...record, gender: "T" as const, dob: "20-05-1990", email: "not an e-mail", spouseName: "R4vi", address: { lines: [], pincode: "060034" } };
    expect(ckycFormPrefill(odd, nothing)).toEqual({});
  });

  it("puts CKYCR's up to three lines on the form's two", () => {
    expect(addressLinesOf(["FLAT 2", " MG ROAD ", "NEAR  PARK"])).toEqual(["FLAT 2", "MG ROAD, NEAR PARK"]);
    expect(addressLinesOf(["FLAT 2 MG ROAD"])).toEqual(["FLAT 2 MG ROAD", ""]);
    expect(addressLinesOf([])).toEqual(["", ""]);
  });
});
