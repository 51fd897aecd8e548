// The back office's staff rules (decision 32): who may be created, with which role, and what a password
// must be. Written once for the /admin screens and the staff service, with their exact messages.

import * as z from "zod";
import { STAFF_ROLES, STAFF_SIGN_IN_POLICY } from "../staff.ts";

/** Longer passwords are refused too: the hash of a huge input is slow work for the server. */
export const STAFF_PASSWORD_MAX = 200;

export const STAFF_MESSAGES = {
  badCredentials: "The e-mail or password is not right.",
  badCode: "That code is not right. Please enter the current code from your authenticator app.",
  locked: (wait: string) => `Too many failed sign-ins. Please try again in ${wait}.`,
  tooMany: (wait: string) => `Too many sign-in attempts from your network. Please try again in ${wait}.`,
  pendingExpired: "Please sign in again.",
  signInFirst: "Please sign in to the back office.",
  enrolmentInvalid: "This enrolment link is not valid or has expired. Ask an admin for a new one.",
  scanFirst: "Please scan the code first.",
  weakPassword: `Choose a password of at least ${STAFF_SIGN_IN_POLICY.minPasswordLength} characters.`,
  emailInvalid: "Enter a valid e-mail address.",
  roleRequired: "Choose a role.",
  emailTaken: "A staff account with this e-mail exists already.",
  noSuchStaff: "No such staff account.",
  lastAdmin: "The last admin cannot be disabled or lose the admin role.",
  self: "You cannot change your own account here.",
} as const;

/** A staff e-mail, trimmed and in lower case (the account's key). */
export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: STAFF_MESSAGES.emailInvalid }));

export const staffRoleSchema = z.enum(STAFF_ROLES, { message: STAFF_MESSAGES.roleRequired });

/** An e-mail typed at sign-in, in the form accounts are kept under (no message: an unknown one fails like a wrong password). */
export function staffSignInEmail(input: unknown): string {
  return String(input ?? "")
    .trim()
    .toLowerCase()
    .slice(0, 200);
}

/** The authenticator app's code as typed (spaces allowed between the digits): its six digits, or null. */
export function staffCodeDigits(input: unknown): string | null {
  const clean = String(input ?? "").replace(/\s+/g, "");
  return /^\d{6}$/.test(clean) ? clean : null;
}

/** The enrolment password rule: the message, or null when the password may be used. */
export function staffPasswordProblem(password: unknown): string | null {
  if (typeof password !== "string" || password.length < STAFF_SIGN_IN_POLICY.minPasswordLength || password.length > STAFF_PASSWORD_MAX) {
    return STAFF_MESSAGES.weakPassword;
  }
  return null;
}
