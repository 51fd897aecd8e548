// Issue 32: form F01's fields read with the website's own rules; ONDC's 80217 for what is missing, 80216 for
// what is invalid, every field at fault named in `paths`.
import { describe, expect, it } from "vitest";
import { readF01 } from "./form-f01.ts";

const today = () => "2026-11-22";

/** A complete submission of our own making, as a browser posts the form (every value a string). */
const complete = {
  panName: "Asha Verma",
  firstName: "Asha",
  lastName: "Verma",
  dob: "1994-03-15",
  gender: "female",
  pan: "abcpv1234f",
  contactNumber: "9876543210",
  personalemail: "Asha.Verma@Example.com",
  officialemail: "",
  employmentType: "salaried",
  income: "45000",
  companyName: "Example Technologies Pvt Ltd",
  udyamNumber: "",
  addressL1: "12 Residency Road",
  addressL2: "",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560025",
  aa_id: "",
  endUse: "health",
  bureauConsent: "on",
  formId: "F01",
};

describe("form F01", () => {
  it("reads a complete submission into clean values (PAN upper-cased, e-mail lower-cased, income in rupees)", () => {
    expect(readF01(complete, today)).toEqual({
      ok: true,
      values: {
        panName: "Asha Verma",
        firstName: "Asha",
        lastName: "Verma",
        dob: "1994-03-15",
        gender: "female",
        pan: "ABCPV1234F",
        contactNumber: "9876543210",
        personalEmail: "asha.verma@example.com",
        officialEmail: null,
        employmentType: "salaried",
        income: 45000,
        companyName: "Example Technologies Pvt Ltd",
        udyamNumber: null,
        endUse: "health",
        address: { line1: "12 Residency Road", line2: null, city: "Bengaluru", state: "Karnataka", pincode: "560025" },
        aaId: null,
        bureauConsent: true,
      },
    });
  });

  it("answers 80217 Missing Data naming every required field left out or empty", () => {
    expect(readF01({ formId: "F01", pan: "  " }, today)).toMatchObject({
      ok: false,
      error: {
        code: "80217",
        message: "Required: panName, dob, gender, pan, contactNumber, employmentType, income, companyName, endUse, pincode, bureauConsent.",
        paths: "panName, dob, gender, pan, contactNumber, employmentType, income, companyName, endUse, pincode, bureauConsent",
      },
    });
  });

  it("answers 80216 Invalid Input naming each field our rules refuse", () => {
    const result = readF01(
      {
        ...complete,
        pan: "ABC12",
        contactNumber: "5123456789",
        dob: "2010-01-01",
        gender: "unknown",
        income: "4,50,000",
        pincode: "060025",
        bureauConsent: "off",
      },
      today,
    );
    expect(result).toMatchObject({ ok: false, error: { code: "80216", paths: "dob, gender, pan, contactNumber, income, pincode, bureauConsent" } });
    if (result.ok) throw new Error("refused above");
    expect(result.error.message).toMatch(
      /^dob: .+; gender: must be one of male, female, transgender; pan: .+; contactNumber: .+; income: .+; pincode: .+; bureauConsent: must be ticked/,
    );
  });
});
