import { describe, expect, it } from "vitest";
import { translate } from "../i18n/translate.ts";
import { APPLICATION_STAGE_CARDS, applicationStageCardsFor, stageCardsPercent, stageCardsWithStatus, stepProgress } from "./stage-cards.ts";

describe("application stage cards", () => {
  it("name every stage, the account aggregator and eSign included", () => {
    expect(APPLICATION_STAGE_CARDS.map((c) => [translate("en", c.titleKey), c.screen])).toEqual([
      ["Loan Calculator", "/my-dashboard/calculate-loan"],
      ["Employment Information", "/my-dashboard/about-your-company"],
      ["EKYC Verification", "/my-dashboard/adhar"],
      ["Account Aggregator", "/my-dashboard/account-aggregator-verify"],
      ["Upload Your Documents", "/my-dashboard/adhar-upload"],
      ["Banking Details", "/my-dashboard/bank-detail"],
      ["eSign Loan Agreement", "/my-dashboard/bank-detail"],
    ]);
    expect(applicationStageCardsFor("REPEAT").map((c) => c.titleKey)).not.toContain("journey.term.employmentInformation");
  });

  it("tell the eKYC, aggregator, banking and eSign stages apart although they share step indexes", () => {
    const status = (next: string) => stageCardsWithStatus(APPLICATION_STAGE_CARDS, next).map((c) => c.status);
    expect(status("ekyc_verified")).toEqual(["done", "done", "current", "locked", "locked", "locked", "locked"]);
    expect(status("account_aggregator_verify")).toEqual(["done", "done", "done", "current", "locked", "locked", "locked"]);
    expect(status("pay_slip_upload")).toEqual(["done", "done", "done", "done", "current", "locked", "locked"]);
    expect(status("esign")).toEqual(["done", "done", "done", "done", "done", "done", "current"]);
    expect(status("completed").every((s) => s === "done")).toBe(true);
    expect(status("register_now").every((s) => s === "locked")).toBe(true);
    expect(stageCardsPercent(APPLICATION_STAGE_CARDS, "banking_details")).toBe(71);
  });
});

describe("stepProgress", () => {
  it("counts the five profile steps", () => {
    expect(stepProgress("pancard_verification", "NEW")).toEqual({ n: 1, of: 5, list: "journey.term.profileRegistration" });
    expect(stepProgress("residence_details", "NEW")).toEqual({ n: 3, of: 5, list: "journey.term.profileRegistration" });
    expect(translate("en", "journey.term.profileRegistration")).toBe("Profile registration");
    expect(stepProgress("selfie_upload", "REPEAT")).toMatchObject({ n: 5, of: 5 });
  });
  it("counts the application stages, six for repeat customers", () => {
    expect(stepProgress("generate_loan_quote", "NEW")).toEqual({ n: 1, of: 7, list: "journey.term.loanApplication" });
    expect(translate("en", "journey.term.loanApplication")).toBe("Loan application");
    expect(stepProgress("ekyc_verified", "NEW")).toMatchObject({ n: 3, of: 7 });
    expect(stepProgress("esign", "NEW")).toMatchObject({ n: 7, of: 7 });
    expect(stepProgress("banking_details", "REPEAT")).toMatchObject({ n: 5, of: 6 });
    expect(stepProgress("register_now", "NEW")).toBeNull();
    expect(stepProgress("completed", "NEW")).toBeNull();
  });
});
