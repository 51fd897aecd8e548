import { describe, expect, it } from "vitest";
import { bankingEventSchema, maskAccountNumber, nameMatchScore, namesMatch, nameTokens, NAME_MATCH_THRESHOLD } from "./banking.ts";

describe("name match", () => {
  it("ignores case, punctuation, honorifics and order", () => {
    expect(nameTokens("Mr. Rahul  K. Sharma")).toEqual(["RAHUL", "K", "SHARMA"]);
    expect(nameMatchScore("RAHUL SHARMA", "sharma rahul")).toBe(100);
    expect(nameMatchScore("Shri Rahul Sharma", "RAHUL SHARMA")).toBe(100);
    expect(nameMatchScore("RAHULSHARMA", "Rahul Sharma")).toBe(100);
  });

  it("passes a missing middle name, an initial and a near spelling", () => {
    expect(namesMatch("RAHUL KUMAR SHARMA", "RAHUL SHARMA")).toBe(true); // 80
    expect(nameMatchScore("R SHARMA", "RAHUL SHARMA")).toBe(95);
    expect(namesMatch("MOHAMMED IRFAN", "MOHAMMAD IRFAN")).toBe(true);
  });

  it("fails a different person, a different surname and a lone first name", () => {
    expect(nameMatchScore("ASHA VERMA", "RAHUL SHARMA")).toBe(0);
    expect(namesMatch("RAHUL VERMA", "RAHUL SHARMA")).toBe(false); // 50
    expect(namesMatch("RAHUL", "RAHUL SHARMA")).toBe(false); // 67
    expect(nameMatchScore("", "RAHUL")).toBe(0);
    expect(nameMatchScore("MR", "RAHUL")).toBe(0);
  });

  it("has the threshold where the edge cases above need it", () => {
    expect(nameMatchScore("RAHUL", "RAHUL SHARMA")).toBeLessThan(NAME_MATCH_THRESHOLD);
    expect(nameMatchScore("RAHUL KUMAR SHARMA", "RAHUL SHARMA")).toBeGreaterThanOrEqual(NAME_MATCH_THRESHOLD);
  });
});

describe("masking", () => {
  it("shows only the last 4 digits", () => {
    expect(maskAccountNumber("6789")).toBe("XXXXXX6789");
    expect(maskAccountNumber(null)).toBe("");
  });
});

describe("banking event", () => {
  const form = {
    event_name: "banking_details",
    account_number: "123456789012",
    confirm_account_number: "123456789012",
    account_ifsc: "HDFC0000001",
    account_branch: "Fort",
    account_name: "Rahul Sharma",
    account_type_id: 1,
    verification_consent: 1,
  };
  it("parses the full form", () => {
    const r = bankingEventSchema.safeParse(form);
    expect(r.success && r.data.mode).toBe("form");
  });
  it("reports the spec message when the confirmation differs", () => {
    const r = bankingEventSchema.safeParse({ ...form, confirm_account_number: "123456789013" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toContainEqual(["confirm_account_number", "Account numbers do not match"]);
  });
  it("parses the saved-account shape without any account number", () => {
    const r = bankingEventSchema.safeParse({ event_name: "banking_details", use_saved_account: 1, verification_consent: 1 });
    expect(r.success && r.data.mode).toBe("saved");
  });
});
