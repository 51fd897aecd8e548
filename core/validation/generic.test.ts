import { describe, expect, it } from "vitest";
import { GENERIC_RULES, validateFields } from "./generic.ts";
import { messageFor } from "./primitives.ts";

describe("generic rules (spec 5)", () => {
  it("maps each named rule to its messages", () => {
    expect(messageFor(GENERIC_RULES.email, "")).toBe("Email is required!");
    expect(messageFor(GENERIC_RULES.email, "x")).toBe("This is not a valid email format!");
    expect(messageFor(GENERIC_RULES.password, "")).toBe("Password is required!");
    expect(messageFor(GENERIC_RULES.mobileNumber, "12")).toBe("Mobile number invalid!");
    expect(messageFor(GENERIC_RULES.panNumber, "")).toBe("Pan number is required!");
    expect(messageFor(GENERIC_RULES.gstNumber, "x")).toBe("Please enter valid GST Number!");
    expect(messageFor(GENERIC_RULES.pinCode, "")).toBe("Pin code is required!");
    expect(messageFor(GENERIC_RULES.pinCode, "1234")).toBe("Pin code invalid!");
  });

  it("validates a flat form, using {field} is required! for plain fields", () => {
    const errors = validateFields(
      { email: "bad", pin: "560001", city: "", tags: [], agree: false, count: 0, ok: "yes" },
      {
        email: "email",
        pin: "pinCode",
        city: { required: "City" },
        tags: { required: "Tags" },
        agree: { required: "Agreement" },
        count: { required: "Count" },
        ok: { required: "Ok" },
      },
    );
    expect(errors).toEqual({
      email: "This is not a valid email format!",
      city: "City is required!",
      tags: "Tags is required!",
      agree: "Agreement is required!",
      count: "Count is required!",
    });
  });
});
