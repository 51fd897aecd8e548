// Repayment's codes speak the same English as REPAY_MESSAGES: coding the services changed no text.
import { describe, expect, it } from "vitest";
import { REPAY_CODES, translate } from "../../../core/i18n/index.ts";
import { REPAY_MESSAGES } from "./payments-common.ts";

describe("REPAY_CODES", () => {
  it("each code's English is its REPAY_MESSAGES text", () => {
    for (const [name, code] of Object.entries(REPAY_CODES)) {
      expect([name, translate("en", code.key)]).toEqual([name, REPAY_MESSAGES[name as keyof typeof REPAY_MESSAGES]]);
    }
  });
});
