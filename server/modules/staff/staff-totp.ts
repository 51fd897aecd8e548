// The staff second factor: TOTP (RFC 6238) codes from an authenticator app, 30-second steps.
import * as OTPAuth from "otpauth";
import { staffCodeDigits } from "../../../core/validation/staff.ts";

const TOTP_PERIOD = 30;
const ISSUER = "SalaryOnTime back office";

export function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secretBase32) });
}

/** The time step the code belongs to, or null; window ±1 step for clock drift. */
export function checkCode(secretBase32: string, label: string, code: unknown, now: () => Date): number | null {
  const clean = staffCodeDigits(code);
  if (!clean) return null;
  const at = now().getTime();
  const delta = totpFor(secretBase32, label).validate({ token: clean, timestamp: at, window: 1 });
  return delta === null ? null : Math.floor(at / 1000 / TOTP_PERIOD) + delta;
}
