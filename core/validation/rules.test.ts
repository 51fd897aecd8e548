import { describe, expect, it } from "vitest";
import { messageFor } from "./primitives.ts";
import {
  aadhaarLast4Check,
  accountNumberCheck,
  dobCheck,
  emailCheck,
  gstNumberCheck,
  ifscCheck,
  incomeFormIncomeCheck,
  mobileCheck,
  mobileNumberCheck,
  nameCheck,
  officialEmailCheck,
  otpCheck,
  panCheck,
  panNumberCheck,
  panScreenIncomeCheck,
  passwordCheck,
  pinCodeCheck,
  spouseNumberCheck,
} from "./rules.ts";

const MOBILE = "The Mobile field must be at least 10 characters in length.";

describe("login mobile", () => {
  it("accepts 10 digits starting 6 to 9", () => {
    for (const m of ["6000000000", "7123456789", "8999999999", "9876543210", " 9876543210 "]) {
      expect(messageFor(mobileCheck, m)).toBeNull();
    }
    expect(mobileCheck(9876543210)).toEqual({ ok: true, value: "9876543210" });
  });

  it("refuses too short, too long, empty and non-digits with the spec message", () => {
    for (const m of ["", "987654321", "98765432100", "58765432", "98765x3210", "+919876543210", undefined]) {
      expect(messageFor(mobileCheck, m)).toBe(MOBILE);
    }
  });

  it("tells a full-length number with a first digit 0-5 which digits start a mobile (decision 33)", () => {
    for (const m of ["0876543210", "1234567890", "5876543210", " 5876543210 ", 5876543210]) {
      expect(messageFor(mobileCheck, m)).toBe("Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9.");
    }
  });
});

describe("login code", () => {
  it("needs exactly 4 digits", () => {
    expect(messageFor(otpCheck, "0123")).toBeNull();
    for (const v of ["", "123", "12345", "12a4", undefined]) expect(messageFor(otpCheck, v)).toBe("Please enter 4-digit OTP");
  });
});

describe("PAN", () => {
  it("upper-cases and checks 5 letters, 4 digits, 1 letter", () => {
    expect(panCheck(" abcde1234f ")).toEqual({ ok: true, value: "ABCDE1234F" });
    for (const v of ["", "ABCD1234F", "ABCDE12345", "ABCDE1234FF", "1BCDE1234F", "ABCDE123AF"]) {
      expect(messageFor(panCheck, v)).toBe("Please enter a valid PAN number");
    }
  });

  it("has the generic panNumber messages too", () => {
    expect(messageFor(panNumberCheck, "")).toBe("Pan number is required!");
    expect(messageFor(panNumberCheck, "ABC")).toBe("Please enter valid pan number!");
    expect(panNumberCheck("abcde1234f")).toEqual({ ok: true, value: "ABCDE1234F" });
  });
});

describe("monthly income on the PAN screen", () => {
  it("is required", () => {
    expect(messageFor(panScreenIncomeCheck, "")).toBe("Monthly income is required");
    expect(messageFor(panScreenIncomeCheck, undefined)).toBe("Monthly income is required");
  });

  it("takes 5 to 10 digits on submit and returns a number", () => {
    expect(panScreenIncomeCheck("10000")).toEqual({ ok: true, value: 10_000 });
    expect(panScreenIncomeCheck(9_999_999_999)).toEqual({ ok: true, value: 9_999_999_999 });
    for (const v of ["9999", "12345678901", "5000a", "05000", "50000.5"]) {
      expect(messageFor(panScreenIncomeCheck, v)).toBe("Monthly income must be between 5 and 10 digits");
    }
  });
});

describe("monthly income on the income form", () => {
  it("takes up to 7 digits and refuses zero", () => {
    expect(incomeFormIncomeCheck("45000")).toEqual({ ok: true, value: 45_000 });
    expect(incomeFormIncomeCheck(9_999_999)).toEqual({ ok: true, value: 9_999_999 });
    expect(messageFor(incomeFormIncomeCheck, "12345678")).toBe("Monthly income can have at most 7 digits.");
    expect(messageFor(incomeFormIncomeCheck, "45,000")).toBe("Monthly income must contain digits only.");
    expect(messageFor(incomeFormIncomeCheck, "")).toBe("Monthly Income is required!");
    expect(messageFor(incomeFormIncomeCheck, "0")).toBe("Monthly Income is required!");
    expect(messageFor(incomeFormIncomeCheck, 0)).toBe("Monthly Income is required!");
  });
});

describe("PIN code (decision 13)", () => {
  it("accepts Indian 6-digit codes with a first digit 1-9", () => {
    expect(pinCodeCheck("110001")).toEqual({ ok: true, value: "110001" });
    expect(pinCodeCheck(560001)).toEqual({ ok: true, value: "560001" });
    expect(messageFor(pinCodeCheck, "999999")).toBeNull();
  });

  it("refuses 4-digit, 0-led and other codes", () => {
    expect(messageFor(pinCodeCheck, "")).toBe("Pin code is required!");
    for (const v of ["1100", "011001", "11000", "1100011", "11000a"]) expect(messageFor(pinCodeCheck, v)).toBe("Pin code invalid!");
  });
});

describe("e-mail", () => {
  it("requires a valid address and lower-cases it", () => {
    expect(emailCheck(" Asha.Rao@Example.co.in ")).toEqual({ ok: true, value: "asha.rao@example.co.in" });
    expect(messageFor(emailCheck, "a+tag@mail.example.com")).toBeNull();
    expect(messageFor(emailCheck, "")).toBe("Email is required!");
    for (const v of ["asha", "asha@", "@example.com", "asha@example", "a..b@example.com", "asha @example.com", ".a@example.com", "a@example.c0m"]) {
      expect(messageFor(emailCheck, v)).toBe("This is not a valid email format!");
    }
    expect(messageFor(emailCheck, `${"a".repeat(250)}@x.in`)).toBe("This is not a valid email format!");
  });

  it("lets the official e-mail be blank but not malformed", () => {
    expect(officialEmailCheck("")).toEqual({ ok: true, value: null });
    expect(messageFor(officialEmailCheck, "hr@company")).toBe("Please enter a valid email address.");
  });
});

describe("generic password, mobileNumber and gstNumber", () => {
  it("requires a password", () => {
    expect(messageFor(passwordCheck, "")).toBe("Password is required!");
    expect(messageFor(passwordCheck, undefined)).toBe("Password is required!");
    expect(passwordCheck(" secret ")).toEqual({ ok: true, value: " secret " });
  });

  it("checks a mobile number with one message", () => {
    expect(messageFor(mobileNumberCheck, "9876543210")).toBeNull();
    expect(messageFor(mobileNumberCheck, "")).toBe("Mobile number invalid!");
    expect(messageFor(mobileNumberCheck, "1234567890")).toBe("Mobile number invalid!");
  });

  it("checks the GST pattern", () => {
    expect(gstNumberCheck("27aapfu0939f1zv")).toEqual({ ok: true, value: "27AAPFU0939F1ZV" });
    expect(messageFor(gstNumberCheck, "")).toBe("GST number is required!");
    // 13th character must be a non-zero alphanumeric, 14th must be Z.
    expect(messageFor(gstNumberCheck, "27AAPFU0939F0ZV")).toBe("Please enter valid GST Number!");
    expect(messageFor(gstNumberCheck, "27AAPFU0939F1YV")).toBe("Please enter valid GST Number!");
    expect(messageFor(gstNumberCheck, "2AAAPFU0939F1ZV")).toBe("Please enter valid GST Number!");
  });
});

describe("names", () => {
  const spouse = nameCheck("Spouse Name");
  it("accepts names with spaces, dots, apostrophes, hyphens and Indian scripts", () => {
    for (const v of ["Asha Rao", "D'Souza", "K. S. Mary-Ann", "आशा राव"]) expect(messageFor(spouse, v)).toBeNull();
  });

  it("refuses digits, symbols and over-long names", () => {
    expect(messageFor(spouse, "Asha7")).toBe("Please enter a valid name.");
    expect(messageFor(spouse, "<script>")).toBe("Please enter a valid name.");
    expect(messageFor(spouse, "a".repeat(101))).toBe("Spouse Name must be at most 100 characters.");
    expect(messageFor(spouse, "")).toBe("Spouse Name is required!");
  });
});

describe("spouse number", () => {
  it("needs exactly 10 digits starting 6-9", () => {
    expect(spouseNumberCheck("9123456789")).toEqual({ ok: true, value: "9123456789" });
    for (const v of ["", undefined, "912345678", "91234567890", "91234 6789"]) {
      expect(messageFor(spouseNumberCheck, v)).toBe("Spouse number must be exactly 10 digits.");
    }
    expect(messageFor(spouseNumberCheck, "5123456789")).toBe("Mobile number invalid!");
  });
});

describe("banking identifiers", () => {
  it("checks IFSC: 4 letters, 0, 6 letters or digits", () => {
    expect(ifscCheck("sbin0001234")).toEqual({ ok: true, value: "SBIN0001234" });
    expect(messageFor(ifscCheck, "HDFC0ABC12Z")).toBeNull();
    expect(messageFor(ifscCheck, "")).toBe("IFSC Code is required!");
    for (const v of ["SBIN1001234", "SBI00001234", "SBIN000123", "SBIN00012345"]) expect(messageFor(ifscCheck, v)).toBe("Please enter a valid IFSC code.");
  });

  it("checks an account number of 9 to 18 digits", () => {
    const acct = accountNumberCheck("Account Number");
    expect(messageFor(acct, "123456789")).toBeNull();
    expect(messageFor(acct, "123456789012345678")).toBeNull();
    expect(messageFor(acct, "12345678")).toBe("Please enter a valid account number.");
    expect(messageFor(acct, "1234567890123456789")).toBe("Please enter a valid account number.");
    expect(messageFor(acct, "")).toBe("Account Number is required!");
  });

  it("takes exactly 4 Aadhaar digits", () => {
    expect(messageFor(aadhaarLast4Check, "1234")).toBeNull();
    for (const v of ["", "123", "12345", "123456789012", "abcd"]) {
      expect(messageFor(aadhaarLast4Check, v)).toBe("Please enter the last 4 digits of your Aadhaar.");
    }
  });
});

describe("date of birth", () => {
  const dob = dobCheck(() => "2025-06-15");
  it("needs at least 18 years on today", () => {
    expect(messageFor(dob, "2007-06-15")).toBeNull();
    expect(messageFor(dob, "2007-06-16")).toBe("You must be at least 18 years old.");
  });

  it("refuses future, impossible, ancient and missing dates", () => {
    expect(messageFor(dob, "2025-06-16")).toBe("Date cannot be in the future.");
    expect(messageFor(dob, "1990-02-30")).toBe("Please enter a valid date.");
    expect(messageFor(dob, "1899-12-31")).toBe("Please enter a valid date.");
    expect(messageFor(dob, "")).toBe("Date of Birth is required!");
  });
});
