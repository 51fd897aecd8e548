import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../validation/messages.ts";
import { en } from "./en.ts";
import { hi } from "./hi.ts";
import { messageText, translate, translateRich, waitValues, type MessageKey } from "./translate.ts";
import { formatDateInWords, formatINR } from "../format.ts";

/** Every placeholder, plural and tag name of a message, with its kind. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(`${el.value}`);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(`${el.value}:${el.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(el.options)) placeholders(option.value, into);
    }
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      placeholders(el.children, into);
    }
  }
  return into;
}

describe("the message catalogue", () => {
  it("has every key in both languages and nothing more in Hindi", () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en) as MessageKey[])("%s parses and has the same placeholders in Hindi", (key) => {
    const english = placeholders(parse(en[key]));
    const hindi = placeholders(parse(hi[key]));
    expect([...hindi].sort()).toEqual([...english].sort());
    expect(hi[key].trim()).not.toBe("");
  });

  it("keeps the spec's English texts exactly (core/validation's MESSAGES)", () => {
    for (const [key, value] of Object.entries(en)) {
      const name = key.startsWith("validation.") ? key.slice("validation.".length) : null;
      if (name) expect(value).toBe((MESSAGES as Record<string, string>)[name]);
    }
  });

  it("counts with the language's plural rules", () => {
    expect(translate("en", "auth.wrong", { left: 1 })).toBe("Incorrect OTP. 1 attempt left.");
    expect(translate("en", "auth.wrong", { left: 3 })).toBe("Incorrect OTP. 3 attempts left.");
    expect(translate("hi", "auth.wrong", { left: 1 })).toBe("OTP गलत है। 1 कोशिश बाकी हैं।");
    expect(translate("hi", "auth.wrong", { left: 4 })).toBe("OTP गलत है। 4 कोशिशें बाकी हैं।");
    expect(translate("en", "auth.tooSoon", waitValues(1))).toBe("Please wait 1 second before requesting a new OTP.");
    expect(translate("en", "auth.tooMany", waitValues(90))).toBe("Too many OTP requests. Please try again in 2 minutes.");
    expect(translate("hi", "auth.tooSoon", waitValues(45))).toBe("नया OTP मँगाने से पहले 45 सेकंड रुकें।");
    expect(messageText("hi", { key: "auth.otpSent" })).toBe("OTP भेज दिया गया है।");
    expect(messageText("hi", "Not yet coded.")).toBe("Not yet coded.");
  });

  it("interpolates amounts with Indian grouping in both languages", () => {
    const values = { net: formatINR(100000), repay: formatINR(125000), apr: "36.50%" };
    expect(translate("en", "calc.result", values)).toBe("You receive ₹1,00,000 and repay ₹1,25,000 on salary day. APR 36.50%.");
    expect(translate("hi", "calc.result", values)).toBe("आपको ₹1,00,000 मिलेंगे और सैलरी वाले दिन ₹1,25,000 लौटाने होंगे। APR 36.50%।");
  });

  it("passes a tag's content through its function", () => {
    const parts = translateRich<string>("hi", "consent.terms", { terms: (c) => `[${c.join("")}]`, privacy: (c) => `(${c.join("")})` });
    expect(parts.join("")).toBe("मैं [नियम और शर्तें] और (प्राइवेसी पॉलिसी) मानता/मानती हूँ, और SMS से OTP पाने के लिए सहमत हूँ।");
  });

  it("writes dates in words", () => {
    expect(formatDateInWords("2026-11-26", "hi")).toBe("26 नवंबर 2026");
    expect(formatDateInWords("2026-02-05", "en")).toBe("5 February 2026");
    expect(formatDateInWords("", "hi", "—")).toBe("—");
  });
});
