// Who is acting in the back office, the audit recorder every desk writes through, and the one role
// rule (NotAuthenticated, then Forbidden) that every desk's service applies.
import type { Db } from "../../db/client.ts";
import { STAFF_ROLES, type StaffRole } from "../../../core/staff.ts";
import { Forbidden, NotAuthenticated } from "../domain-errors.ts";
import { CREDIT_MESSAGES } from "./credit-messages.ts";

// One list of roles (core/staff.ts), so a new role (issue 23's data_protection) reaches every desk.
export { STAFF_ROLES, type StaffRole };
/** The signed-in staff member; the staff module's StaffPrincipal has these fields (and more). */
export type StaffActor = { staffId: string; role: StaffRole; email?: string };

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type AuditEntry = {
  actor: StaffActor | null;
  action: string;
  target: { kind: string; id: string } | null;
  before?: object | null;
  after?: object | null;
  reason?: string;
};
/** The audit trail's writer, called inside the transaction of the change (the audit module's record). */
export type AuditRecorder = { record(tx: Tx, entry: AuditEntry): Promise<unknown> };

/** The staff module's requireRole rule (NotAuthenticated, then Forbidden: a 403 on the screens) for the credit desks' actor. */
export function requireStaffRole(actor: StaffActor | null | undefined, ...roles: StaffRole[]): StaffActor {
  if (!actor) throw new NotAuthenticated("Please sign in.");
  if (!roles.includes(actor.role)) throw new Forbidden(CREDIT_MESSAGES.notAllowed);
  return actor;
}
