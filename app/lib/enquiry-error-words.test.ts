import { describe, expect, it } from "vitest";
import { enquiryErrorWords, enquiryRuleMessages } from "./enquiry-error-words.ts";

describe("the enquiry form's field messages in Hindi (issue 23)", () => {
  it("finds every refusal of the enquiry rules", () => {
    const messages = [...enquiryRuleMessages().keys()];
    for (const m of [
      "Name is required!",
      "Please enter a valid name.",
      "The Mobile field must be at least 10 characters in length.",
      "Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9.",
      "Email is required!",
      "This is not a valid email format!",
      "City must be at most 100 characters.",
      "Message is required!",
      "Message must be at most 1,000 characters.",
      "Message contains characters that are not allowed.",
    ])
      expect(messages).toContain(m);
  });

  it("words each in Hindi, with no English left", () => {
    const words = enquiryErrorWords("hi");
    expect(Object.keys(words)).toEqual([...enquiryRuleMessages().keys()]);
    // Every refusal is coded: none is handed over as its English.
    for (const code of enquiryRuleMessages().values()) expect(typeof code).toBe("object");
    for (const [english, hindi] of Object.entries(words)) expect(hindi, english).not.toMatch(/[A-Za-z]/);
    expect(words["Message is required!"]).toBe("संदेश भरना ज़रूरी है!");
    expect(words["Message must be at most 1,000 characters."]).toBe("संदेश में ज़्यादा से ज़्यादा 1,000 अक्षर हो सकते हैं।");
    expect(words["The Mobile field must be at least 10 characters in length."]).toBe("मोबाइल नंबर पूरे 10 अंकों का होना चाहिए।");
  });

  it("hands over nothing in English", () => {
    expect(enquiryErrorWords("en")).toEqual({});
  });
});
