// Issue 23: the customer messages' English words are the same as the rules in core/ that other screens show.
import { describe, expect, it } from "vitest";
import { REJECTION_REASONS, REJECTION_REASON_CODES } from "../credit.ts";
import { GRIEVANCE_CATEGORY_LABELS, OMBUDSMAN_TEXT, RBI_CMS_URL, type GrievanceCategory } from "../grievances.ts";
import { CONSENT_PURPOSES, purposeNotice } from "../data-rights/index.ts";
import { translate } from "./translate.ts";

describe("customer messages", () => {
  it("word the ombudsman line, rejection reasons and complaint categories in English as core/ does", () => {
    expect(translate("en", "messages.ombudsman", { days: 30, portal: RBI_CMS_URL })).toBe(OMBUDSMAN_TEXT);
    for (const code of REJECTION_REASON_CODES) expect(translate("en", `messages.rejection.${code}`)).toBe(REJECTION_REASONS[code].customer);
    for (const [category, label] of Object.entries(GRIEVANCE_CATEGORY_LABELS)) {
      expect(translate("en", `messages.grievanceCategory.${category as GrievanceCategory}`)).toBe(label);
    }
  });

  it("has every purpose's notice in Hindi, each part its own words", () => {
    for (const purpose of CONSENT_PURPOSES) {
      const en = purposeNotice(purpose, "en");
      const hi = purposeNotice(purpose, "hi");
      expect(hi.version).toBe(en.version);
      for (const part of ["title", "data", "why", "kept", "withdraw"] as const) {
        expect(hi[part]).toMatch(/[\u0900-\u097F]/);
        expect(hi[part]).not.toBe(en[part]);
      }
    }
  });
});
