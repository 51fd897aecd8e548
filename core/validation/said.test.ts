import { describe, expect, it } from "vitest";
import { messageText } from "../i18n/translate.ts";
import { FIELD_LABELS } from "./messages.ts";
import { choice, messageFor, text, type Check } from "./primitives.ts";
import { daysBound, fieldTerm, saidFileTooLarge, saidFileType, saidRange, saidRequired, saidTooLong } from "./said.ts";

/** A rule's refusal in `lang` by its code (what the HTTP edge and the screens do). */
function wordedIn(lang: "en" | "hi", check: Check<unknown>, input: unknown): string {
  const r = check(input);
  if (r.ok || !r.code) throw new Error("expected a coded refusal");
  return messageText(lang, r.code);
}

describe("the rules' messages with a field in them, by code (decision 60)", () => {
  it("words each the same in English as the apps read it", () => {
    for (const said of [
      saidRequired(FIELD_LABELS.gender),
      saidTooLong(FIELD_LABELS.landmark, 1000),
      saidRange(FIELD_LABELS.tenure, daysBound(7), daysBound(40)),
      saidFileType("Bank statement", "PDF"),
      saidFileTooLarge(5),
    ]) {
      expect(messageText("en", said.code!)).toBe(said.message);
    }
  });

  it("words the field by its term in Hindi", () => {
    expect(wordedIn("hi", choice(FIELD_LABELS.gender, [1, 2]), "")).toBe("लिंग भरना ज़रूरी है!");
    expect(messageText("hi", saidRange(FIELD_LABELS.tenure, daysBound(7), daysBound(40)).code!)).toBe("अवधि 7 दिन से 40 दिन के बीच होना चाहिए।");
    expect(wordedIn("en", text({ label: "Pin code", max: 6 }), "")).toBe("Pin code is required!");
    expect(messageFor(text({ label: "Pin code", max: 6 }), "")).toBe("Pin code is required!");
  });

  it("names a term for every customer field label, and leaves the others as they are", () => {
    for (const [name, label] of Object.entries(FIELD_LABELS)) {
      const term = fieldTerm(label);
      if (["profileId", "otp", "captcha", "captchaId", "utm", "password"].includes(name)) expect(term).toBe(label);
      else expect(term).toEqual({ key: `journey.term.${name}` });
    }
  });
});
