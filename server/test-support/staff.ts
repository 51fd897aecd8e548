// Staff accounts for back office tests: create, enrol with a TOTP computed like an authenticator app, sign in.
import * as OTPAuth from "otpauth";
import type { StaffPrincipal, StaffRole } from "../../core/staff.ts";
import type { Services } from "../services.ts";

export const STAFF_PASSWORD = "correct horse battery staple";

export function totpCode(secret: string, at: Date, offsetSteps = 0) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: at.getTime() + offsetSteps * 30_000 });
}

/** A fully enrolled staff member and their TOTP secret. */
export async function enrolledStaff(services: Services, role: StaffRole, email = `${role}-${Math.random().toString(36).slice(2, 8)}@salaryontime.test`) {
  const created = await services.staff.create({ email, role }, null);
  const { secret } = await services.staff.enrolment(created.enrolmentToken);
  await services.staff.completeEnrolment(created.enrolmentToken, { password: STAFF_PASSWORD, code: totpCode(secret, services.now()) });
  return { ...created, secret };
}

/** Signs in with password and a code of the next time step (the enrolment used the current one). */
export async function signInStaff(services: Services, who: { email: string; secret: string }, step = 1): Promise<{ token: string; principal: StaffPrincipal }> {
  const { pendingToken } = await services.staff.signInPassword({ email: who.email, password: STAFF_PASSWORD }, "10.1.1.1");
  return services.staff.signInCode(pendingToken, totpCode(who.secret, services.now(), step), "10.1.1.1");
}
