// Each code's English is exactly its area's message constant: coding a service changes no English text.
import { describe, expect, it } from "vitest";
import { JOURNEY_CODES, ONBOARDING_CODES } from "./service-codes.ts";
import { translate, type CodedMessage } from "./translate.ts";
import { MESSAGES, ONBOARDING_MESSAGES } from "../validation/messages.ts";

const english = (code: CodedMessage) => translate("en", code.key, code.values);

/** Every fixed code of `codes` against the constant of the same name. */
function sameEnglish(codes: Record<string, unknown>, texts: Record<string, unknown>) {
  for (const [name, code] of Object.entries(codes)) {
    if (typeof code === "function") continue;
    expect([name, english(code as CodedMessage)]).toEqual([name, texts[name]]);
  }
}

describe("service codes speak the spec's English", () => {
  it("journey", () => sameEnglish(JOURNEY_CODES, MESSAGES));
  it("onboarding", () => {
    sameEnglish(ONBOARDING_CODES, ONBOARDING_MESSAGES);
    expect(english(ONBOARDING_CODES.eligible("₹25,000"))).toBe(ONBOARDING_MESSAGES.eligible("₹25,000"));
  });
});
