import { describe, expect, it } from "vitest";
import { kycDone, policyDocuments, sanctionGaps, sanctionRefusal, type KycEvidence } from "./sanction-requirements.ts";

const ALL = ["aadhaar_front", "aadhaar_back", "pan", "bank_statement", "salary_slip", "utility_bill"];
const digilocker: KycEvidence = { digilocker: true, videoKyc: "none" };

describe("what sanction requires (issue 29, finding 12)", () => {
  it("KYC is done by DigiLocker eKYC or by an approved video KYC, and by nothing else", () => {
    expect(kycDone({ digilocker: true, videoKyc: "none" })).toBe(true);
    expect(kycDone({ digilocker: false, videoKyc: "approved" })).toBe(true);
    expect(kycDone({ digilocker: false, videoKyc: "none" })).toBe(false);
  });

  it("the policy's documents: PAN card, bank statement, salary slip, utility bill; Aadhaar photos only without DigiLocker", () => {
    expect(policyDocuments(digilocker)).toEqual(["pan", "bank_statement", "salary_slip", "utility_bill"]);
    expect(policyDocuments({ digilocker: false, videoKyc: "approved" })).toEqual([
      "aadhaar_front",
      "aadhaar_back",
      "pan",
      "bank_statement",
      "salary_slip",
      "utility_bill",
    ]);
  });

  it("issue 33: a video KYC approved counts for sanction; the payout also needs its audit confirmed", () => {
    const approved: KycEvidence = { digilocker: false, videoKyc: "approved" };
    const audited: KycEvidence = { digilocker: false, videoKyc: "audited" };
    expect(kycDone(audited)).toBe(true);
    expect(sanctionGaps({ kyc: approved, bankAccount: "VERIFIED", documents: ALL })).toEqual([]);
    expect(sanctionGaps({ kyc: approved, bankAccount: "VERIFIED", documents: ALL }, { payout: true })).toEqual([
      "The video KYC is not audited yet: a second person (an auditor, or a video KYC official who did not take the call) must confirm it first.",
    ]);
    expect(sanctionGaps({ kyc: audited, bankAccount: "VERIFIED", documents: ALL }, { payout: true })).toEqual([]);
    // DigiLocker done: the video KYC's audit does not hold the payout.
    expect(sanctionGaps({ kyc: { digilocker: true, videoKyc: "approved" }, bankAccount: "VERIFIED", documents: ALL }, { payout: true })).toEqual([]);
  });

  it("nothing missing: no gaps", () => {
    expect(sanctionGaps({ kyc: digilocker, bankAccount: "VERIFIED", documents: ALL })).toEqual([]);
  });

  it("the review's case: eKYC not done, no bank statement, account skipped: each named, in order", () => {
    const gaps = sanctionGaps({
      kyc: { digilocker: false, videoKyc: "none" },
      bankAccount: "SKIPPED",
      documents: ["aadhaar_front", "aadhaar_back", "pan", "salary_slip", "utility_bill"],
    });
    expect(gaps).toEqual([
      "KYC is not done: the Aadhaar is not verified by DigiLocker eKYC (and there is no approved video KYC).",
      "The bank account is not verified (penny drop).",
      "Missing document: Bank statement (last six months).",
    ]);
    expect(sanctionRefusal("sanction", gaps)).toBe(
      "This loan cannot be sanctioned yet. KYC is not done: the Aadhaar is not verified by DigiLocker eKYC (and there is no approved video KYC). The bank account is not verified (penny drop). Missing document: Bank statement (last six months).",
    );
  });

  it("no bank account at all; the payout's own check leaves the account out", () => {
    expect(sanctionGaps({ kyc: digilocker, bankAccount: null, documents: ALL })).toEqual(["There is no bank account for the payout."]);
    expect(sanctionGaps({ kyc: digilocker, bankAccount: null, documents: ALL }, { bankAccount: false })).toEqual([]);
  });
});
