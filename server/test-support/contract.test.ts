import { describe, expect, it } from "vitest";
import { apiReply, checkAnswer, journeyReply } from "./contract.ts";
import { JOURNEY_PATH, apiPath } from "../../core/contract/index.ts";

const step = { next_step: "personal_details", step_percentage: 20 };

describe("contract reply check", () => {
  it("passes an answer that matches and returns its Data", () => {
    expect(journeyReply("pancard_verification", { Status: 1, Message: "ok", Data: { ...step, full_name: "ASHA RAO" } }).full_name).toBe("ASHA RAO");
  });

  it("fails a renamed, a missing, a mistyped or an undocumented field", () => {
    expect(() => journeyReply("pancard_verification", { Status: 1, Message: "ok", Data: { ...step, fullName: "ASHA RAO" } })).toThrow(/full_name/);
    expect(() => journeyReply("residence_details", { Status: 1, Message: "ok", Data: { ...step, city: "Pune" } })).toThrow(/state/);
    expect(() => journeyReply("login", { Status: 1, Message: "ok", Data: { cust_profile_id: 7 } })).toThrow(/cust_profile_id/);
    expect(() => journeyReply("login", { Status: 1, Message: "ok", Data: { cust_profile_id: "x", extra: 1 } })).toThrow(/extra: not in the contract/);
    expect(() => journeyReply("logout", { Status: 1, Message: "ok", Data: { x: 1 } })).toThrow(/names no Data/);
  });

  it("fails a failed answer and reads the blog's lower-case data", () => {
    expect(() => apiReply("ifsc", { Status: 2, Message: "no" })).toThrow(/Status 2/);
    expect(() => apiReply("blog", { Status: 1, Message: "ok", data: [{ title: "t" }] })).toThrow(/slug/);
  });

  it("checks answers of the paths it knows, by event_name or path", () => {
    expect(() => checkAnswer("POST", JOURNEY_PATH, { event_name: "login" }, { Status: 1, Message: "ok", Data: {} })).toThrow(/cust_profile_id/);
    expect(() => checkAnswer("POST", apiPath("getLeadList"), {}, { Status: 1, Message: "ok", Data: { leads: [] } })).toThrow(/lead_list/);
    expect(() => checkAnswer("POST", "/Api/EnquiryController/enquire", {}, { Status: 1, Message: "ok", Data: { enquiry_id: "e" } })).not.toThrow();
    expect(() => checkAnswer("POST", "/index.php/Api/EnquiryController/enquire", {}, { Status: 1, Message: "ok", Data: {} })).toThrow(/enquiry_id/);
    expect(() => checkAnswer("POST", JOURNEY_PATH, { event_name: "login" }, { Status: 2, Message: "no" })).not.toThrow();
  });
});
