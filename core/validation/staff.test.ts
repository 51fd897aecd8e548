import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../staff.ts";
import { STAFF_MESSAGES, staffCodeDigits, staffEmailSchema, staffPasswordProblem, staffRoleSchema, staffSignInEmail } from "./staff.ts";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("staff rules (decision 32)", () => {
  it("keeps an e-mail trimmed and in lower case, and refuses one that is not an e-mail", () => {
    expect(staffEmailSchema.parse("  New.Person@SalaryOnTime.test ")).toBe("new.person@salaryontime.test");
    for (const bad of ["", "   ", "no-at-sign", "a@b", "two@@x.test"])
      expect(firstMessage(staffEmailSchema.safeParse(bad)), bad).toBe("Enter a valid e-mail address.");
    expect(firstMessage(staffEmailSchema.safeParse(undefined))).not.toBeNull();
  });

  it("takes the ten roles and nothing else", () => {
    expect(STAFF_ROLES).toHaveLength(10);
    for (const role of STAFF_ROLES) expect(staffRoleSchema.parse(role)).toBe(role);
    for (const bad of ["", "boss", "Admin", " admin", null]) expect(firstMessage(staffRoleSchema.safeParse(bad)), String(bad)).toBe("Choose a role.");
  });

  it("wants a password of 12 to 200 characters", () => {
    const weak = "Choose a password of at least 12 characters.";
    expect(staffPasswordProblem("x".repeat(11))).toBe(weak);
    expect(staffPasswordProblem("x".repeat(12))).toBeNull();
    expect(staffPasswordProblem("x".repeat(200))).toBeNull();
    expect(staffPasswordProblem("x".repeat(201))).toBe(weak);
    expect(staffPasswordProblem(undefined)).toBe(weak);
    expect(staffPasswordProblem(123456789012)).toBe(weak);
  });

  it("reads the sign-in e-mail and code as typed", () => {
    expect(staffSignInEmail(" Asha.Rao@SalaryOnTime.test ")).toBe("asha.rao@salaryontime.test");
    expect(staffSignInEmail(undefined)).toBe("");
    expect(staffSignInEmail("a".repeat(250))).toHaveLength(200);
    expect(staffCodeDigits("123 456")).toBe("123456");
    expect(staffCodeDigits(" 042917 ")).toBe("042917");
    for (const bad of ["12345", "1234567", "12a456", "", null]) expect(staffCodeDigits(bad), String(bad)).toBeNull();
  });

  it("words the sign-in answers as the screens show them", () => {
    expect(STAFF_MESSAGES.badCredentials).toBe("The e-mail or password is not right.");
    expect(STAFF_MESSAGES.badCode).toBe("That code is not right. Please enter the current code from your authenticator app.");
    expect(STAFF_MESSAGES.locked("15 minutes")).toBe("Too many failed sign-ins. Please try again in 15 minutes.");
    expect(STAFF_MESSAGES.tooMany("3 minutes")).toBe("Too many sign-in attempts from your network. Please try again in 3 minutes.");
    expect(STAFF_MESSAGES.enrolmentInvalid).toBe("This enrolment link is not valid or has expired. Ask an admin for a new one.");
    expect(STAFF_MESSAGES.lastAdmin).toBe("The last admin cannot be disabled or lose the admin role.");
  });
});
