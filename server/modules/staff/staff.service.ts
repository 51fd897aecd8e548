// Back office staff (decision 32): accounts, enrolment (password + TOTP), two-step sign-in, staff sessions,
// roles. Staff sessions live in their own table and cookie, apart from customer sessions. Each job has its
// file (staff-enrolment, staff-sign-in, staff-sessions, staff-desk); this one assembles them.
import { count } from "drizzle-orm";
import type { StaffPrincipal, StaffRole } from "../../../core/staff.ts";
import type { Db } from "../../db/client.ts";
import { staffAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { requireRole } from "./require-role.ts";
import { createStaffDesk } from "./staff-desk.ts";
import { createStaffEnrolment } from "./staff-enrolment.ts";
import { createStaffSessions } from "./staff-sessions.ts";
import { createStaffSignIn } from "./staff-sign-in.ts";

export type { StaffPrincipal, StaffRole };
export { requireRole };

export function createStaffService(deps: {
  db: Db;
  audit: AuditService;
  rateLimits: RateLimitService;
  encryptionKey: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, audit, encryptionKey, now } = deps;
  const enrolment = createStaffEnrolment({ db, audit, encryptionKey, now });
  const sessions = createStaffSessions({ db, now });
  const signIn = createStaffSignIn({ ...deps, sessions });

  return {
    requireRole,
    create: enrolment.create,

    /** How many staff accounts exist (the boot hint in sandbox mode). */
    async count() {
      const [row] = await db.select({ n: count() }).from(staffAccounts);
      return Number(row?.n ?? 0);
    },

    enrolment: enrolment.enrolment,
    completeEnrolment: enrolment.completeEnrolment,
    signInPassword: signIn.signInPassword,
    signInCode: signIn.signInCode,
    authenticate: sessions.authenticate,
    signOut: sessions.signOut,

    /** The staff desk (admin changes, auditor reads). */
    desk: createStaffDesk({ db, audit, now, enrolment }),

    activeSessions: sessions.activeSessions,
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
