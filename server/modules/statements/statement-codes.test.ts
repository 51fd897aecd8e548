// The downloads' codes speak the same English as STATEMENT_MESSAGES: coding the service changed no text.
import { describe, expect, it } from "vitest";
import { STATEMENT_CODES, translate } from "../../../core/i18n/index.ts";
import { STATEMENT_MESSAGES } from "./statements.service.ts";

describe("STATEMENT_CODES", () => {
  it("each code's English is its STATEMENT_MESSAGES text", () => {
    for (const [name, code] of Object.entries(STATEMENT_CODES)) {
      expect([name, translate("en", code.key)]).toEqual([name, STATEMENT_MESSAGES[name as keyof typeof STATEMENT_CODES]]);
    }
  });
});
