// The one role check of the back office, shared by the staff service and its desks.
import type { StaffPrincipal, StaffRole } from "../../../core/staff.ts";
import { STAFF_MESSAGES } from "../../../core/validation/staff.ts";
import { Forbidden, NotAuthenticated } from "../domain-errors.ts";

/**
 * The one role check of the back office: every desk method calls it first, with the principal the
 * server resolved from the staff session. No principal → NotAuthenticated; a role not listed → Forbidden.
 */
export function requireRole(principal: StaffPrincipal | null | undefined, ...roles: StaffRole[]): StaffPrincipal {
  if (!principal) throw new NotAuthenticated(STAFF_MESSAGES.signInFirst);
  if (!roles.includes(principal.role)) throw new Forbidden();
  return principal;
}
