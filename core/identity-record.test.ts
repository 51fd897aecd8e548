import { describe, expect, it } from "vitest";
import { checkIdentity, packWords, stateCode, type IdentityInput } from "./identity-record.ts";

const wording = { person: "customer", format: "CKYCR's format", registry: "CKYCR", emailMax: 20 };
const person = (over: Partial<IdentityInput> = {}): IdentityInput => ({
  name: "Asha Verma",
  dob: "1990-06-15",
  gender: 2,
  pan: "abcpv1234k",
  mobile: "9876543210",
  email: null,
  address: { line1: " 14 Demo Residency ", line2: null, city: "Bengaluru", state: "KARNATAKA", pincode: "560034" },
  ...over,
});

describe("one identity check for every registry file", () => {
  it("a good person: no problems, the values trimmed and the PAN upper-cased", () => {
    const { problems, values } = checkIdentity(person(), "2027-01-05", wording);
    expect(problems).toEqual([]);
    expect(values).toMatchObject({ name: "Asha Verma", pan: "ABCPV1234K", street: ["14 Demo Residency"], stateCode: "29", gender: 2 });
  });

  it("every problem at once, in the wording's words, in a fixed order", () => {
    const { problems } = checkIdentity(
      person({
        name: "R4hul",
        dob: "2010-01-01",
        gender: null,
        pan: "X",
        mobile: "123",
        email: "a-very-long-address@example.com",
        address: { line1: "*", line2: null, city: null, state: "Atlantis", pincode: "1" },
      }),
      "2027-01-05",
      wording,
    );
    expect(problems).toEqual([
      "The name has characters CKYCR's format does not allow (letters, spaces, dots, hyphens and apostrophes only).",
      "The date of birth makes the customer younger than 18.",
      "The gender is missing.",
      "The PAN is not in the form ABCDE1234F.",
      "The mobile number is not 10 digits starting 6-9.",
      "The e-mail address is not a valid address.",
      "The address has characters CKYCR's format does not allow.",
      "The address has no state CKYCR has a code for.",
      "The PIN code is not 6 digits.",
    ]);
  });

  it("packs words into widths and finds state codes however an address spells them", () => {
    expect(packWords(["AB", "CD", "EFGH"], 5)).toEqual(["AB CD", "EFGH"]);
    expect(packWords(["TOOLONG"], 5)).toBeNull();
    expect(stateCode("Jammu & Kashmir")).toBe("01");
    expect(stateCode("Atlantis")).toBeUndefined();
  });
});
