// The downloads' refusals are codes; their English (the catalogue's) is the text the customer always read.
import { describe, expect, it } from "vitest";
import { STATEMENT_CODES, translate } from "../../../core/i18n/index.ts";

describe("STATEMENT_CODES", () => {
  it("speak the downloads' English word for word", () => {
    expect(translate("en", STATEMENT_CODES.noStatement.key)).toBe("The loan statement is available once your loan is paid out.");
    expect(translate("en", STATEMENT_CODES.noSanction.key)).toBe("The sanction letter is available once your loan is sanctioned.");
  });
});
