import { describe, expect, it } from "vitest";
import * as z from "zod";
import { fieldErrors } from "./field-errors.ts";
import { daysBound } from "./said.ts";
import {
  choice,
  codeChoice,
  isEmpty,
  isoDate,
  messageFor,
  mustBeTicked,
  optionalText,
  optionalUuid,
  requiredCheck,
  schema,
  text,
  toText,
  uuid,
  wholeNumberInRange,
} from "./primitives.ts";

describe("emptiness (spec 5)", () => {
  it("treats empty string, zero, false, empty list and empty object as empty", () => {
    for (const v of ["", "   ", 0, false, [], {}, null, undefined, Number.NaN]) expect(isEmpty(v)).toBe(true);
  });

  it("treats anything else as filled", () => {
    for (const v of ["a", "0", 1, -1, true, [0], { a: 1 }]) expect(isEmpty(v)).toBe(false);
  });

  it("gives '{field} is required!' for empty values", () => {
    expect(messageFor(requiredCheck("City"), "")).toBe("City is required!");
    expect(messageFor(requiredCheck("City"), [])).toBe("City is required!");
    expect(messageFor(requiredCheck("City"), "Pune")).toBeNull();
  });
});

describe("text fields", () => {
  const name = text({ label: "Designation", max: 5 });
  it("trims, requires and limits length", () => {
    expect(name("  Lead ")).toEqual({ ok: true, value: "Lead" });
    expect(messageFor(name, "   ")).toBe("Designation is required!");
    expect(messageFor(name, undefined)).toBe("Designation is required!");
    expect(messageFor(name, "abcdef")).toBe("Designation must be at most 5 characters.");
    expect(messageFor(name, { a: 1 })).toBe("Designation is invalid!");
  });

  it("reads numbers as their digits", () => {
    expect(toText(110001)).toBe("110001");
    expect(toText(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toText(true)).toBeNull();
  });

  it("turns an empty optional text into null", () => {
    const landmark = optionalText({ label: "Landmark", max: 5 });
    expect(landmark("")).toEqual({ ok: true, value: null });
    expect(landmark(undefined)).toEqual({ ok: true, value: null });
    expect(messageFor(landmark, "too long")).toBe("Landmark must be at most 5 characters.");
  });
});

describe("choices and numbers", () => {
  const gender = choice("Gender", [1, 2]);
  it("accepts ids as numbers or strings", () => {
    expect(gender("2")).toEqual({ ok: true, value: 2 });
    expect(gender(1)).toEqual({ ok: true, value: 1 });
  });

  it("says required for empty or zero, invalid for anything off the list", () => {
    expect(messageFor(gender, "")).toBe("Gender is required!");
    expect(messageFor(gender, 0)).toBe("Gender is required!");
    expect(messageFor(gender, "0")).toBe("Gender is required!");
    expect(messageFor(gender, 3)).toBe("Gender is invalid!");
    expect(messageFor(gender, "1.5")).toBe("Gender is invalid!");
    expect(messageFor(gender, true)).toBe("Gender is invalid!");
  });

  it("matches string codes case-insensitively", () => {
    const mode = codeChoice("Work Mode", ["WFO", "WFH"]);
    expect(mode(" wfh ")).toEqual({ ok: true, value: "WFH" });
    expect(messageFor(mode, "HYBRID")).toBe("Work Mode is invalid!");
    expect(messageFor(mode, "")).toBe("Work Mode is required!");
  });

  it("keeps whole numbers in range", () => {
    const tenure = wholeNumberInRange("Tenure", 7, 40, daysBound);
    expect(tenure("7")).toEqual({ ok: true, value: 7 });
    expect(messageFor(tenure, 41)).toBe("Tenure must be between 7 days and 40 days.");
    expect(messageFor(tenure, 6.5)).toBe("Tenure must be between 7 days and 40 days.");
    expect(messageFor(tenure, "")).toBe("Tenure is required!");
  });
});

describe("ids", () => {
  const id = uuid("Profile ID");
  it("accepts a UUID in any case and lower-cases it", () => {
    expect(id("0F8FAD5B-D9CB-469F-A165-70867728950E")).toEqual({ ok: true, value: "0f8fad5b-d9cb-469f-a165-70867728950e" });
    expect(messageFor(id, "12")).toBe("Profile ID is invalid!");
    expect(messageFor(id, "")).toBe("Profile ID is required!");
  });

  it("lets an optional id be left out", () => {
    expect(optionalUuid("Profile ID")(undefined)).toEqual({ ok: true, value: undefined });
    expect(messageFor(optionalUuid("Profile ID"), "x")).toBe("Profile ID is invalid!");
  });
});

describe("dates and checkboxes", () => {
  const since = isoDate({ label: "Employment Since", notFuture: true, today: () => "2025-06-01" });
  it("accepts today and past dates, refuses future and impossible ones", () => {
    expect(since("2025-06-01")).toEqual({ ok: true, value: "2025-06-01" });
    expect(messageFor(since, "2025-06-02")).toBe("Date cannot be in the future.");
    expect(messageFor(since, "2025-02-30")).toBe("Please enter a valid date.");
    expect(messageFor(since, "01/06/2025")).toBe("Please enter a valid date.");
    expect(messageFor(since, "")).toBe("Employment Since is required!");
  });

  it("accepts only a ticked box", () => {
    const terms = mustBeTicked("tick it");
    for (const v of [true, "on", "true", 1, "1"]) expect(messageFor(terms, v)).toBeNull();
    for (const v of [false, undefined, "", "false", 0]) expect(messageFor(terms, v)).toBe("tick it");
  });
});

describe("schema()", () => {
  it("reports a rule’s message for a missing key and passes the clean value", () => {
    const s = z.object({ a: schema(text({ label: "A", max: 3 })), b: schema(optionalText({ label: "B", max: 3 })) });
    const bad = s.safeParse({});
    expect(bad.success).toBe(false);
    if (!bad.success) expect(fieldErrors(bad.error)).toEqual({ a: "A is required!" });
    expect(s.parse({ a: " x " })).toEqual({ a: "x", b: null });
  });
});
