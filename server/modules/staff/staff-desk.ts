// The staff desk of the back office (decision 32): admins create accounts, reissue enrolment links, change
// roles and disable accounts; auditors read the list. The last active admin can be neither demoted nor disabled.
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { StaffPrincipal } from "../../../core/staff.ts";
import type { StaffSummary } from "../../../core/admin/admin-api.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { STAFF_MESSAGES, staffRoleSchema } from "../../../core/validation/staff.ts";
import type { Db } from "../../db/client.ts";
import { staffAccounts, staffSessions } from "../../db/schema/index.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { requireRole } from "./require-role.ts";
import type { StaffEnrolment } from "./staff-enrolment.ts";

export function createStaffDesk(deps: { db: Db; audit: AuditService; now: () => Date; enrolment: StaffEnrolment }) {
  const { db, audit, now, enrolment } = deps;

  function statusOf(row: typeof staffAccounts.$inferSelect): StaffSummary["status"] {
    if (row.disabledAt) return "disabled";
    if (!row.passwordHash || !row.totpSecretEnc) return "enrolling";
    if (row.lockedUntil && row.lockedUntil > now()) return "locked";
    return "active";
  }

  /** The one id check of the server: an id that cannot be a staff account's names none (not a database error). */
  function staffIdOf(input: unknown): string {
    if (!isUuid(input)) throw new NotFound(STAFF_MESSAGES.noSuchStaff);
    return input.toLowerCase();
  }

  async function adminCount(tx: Pick<Db, "select"> = db) {
    const [row] = await tx
      .select({ n: count() })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, "admin"), isNull(staffAccounts.disabledAt)));
    return Number(row?.n ?? 0);
  }

  return {
    async list(actor: StaffPrincipal | null, query: { page?: number; order?: "newest" | "oldest" } = {}) {
      requireRole(actor, "admin", "auditor");
      const pageSize = 25;
      const page = Math.max(1, Math.floor(Number(query.page) || 1));
      const rows = await db
        .select()
        .from(staffAccounts)
        .orderBy(query.order === "oldest" ? asc(staffAccounts.createdAt) : desc(staffAccounts.createdAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(staffAccounts);
      const staff: StaffSummary[] = rows.map((r) => ({ id: r.id, email: r.email, role: r.role, status: statusOf(r), createdAt: r.createdAt.toISOString() }));
      return { staff, total: Number(total?.n ?? 0), page, pageSize };
    },

    async create(actor: StaffPrincipal | null, input: { email: string; role: string }) {
      const who = requireRole(actor, "admin");
      return enrolment.create(input, who);
    },

    /** A new enrolment link (lost phone, expired link); the old second factor stays until the new one is set. */
    async reissueEnrolment(actor: StaffPrincipal | null, staffId: string) {
      const who = requireRole(actor, "admin");
      const [row] = await db
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, staffIdOf(staffId)));
      if (!row) throw new NotFound(STAFF_MESSAGES.noSuchStaff);
      const token = await enrolment.issueEnrolment(row.id);
      await db.transaction((tx) => audit.record(tx, { actor: who, action: "staff.enrolment_link", target: { kind: "staff", id: row.id } }));
      return { enrolmentPath: `/admin/enrol/${token}` };
    },

    async changeRole(actor: StaffPrincipal | null, input: { staffId: string; role: string }) {
      const who = requireRole(actor, "admin");
      const role = staffRoleSchema.safeParse(input.role);
      if (!role.success) throw new InvalidInput(STAFF_MESSAGES.roleRequired, { role: STAFF_MESSAGES.roleRequired });
      const staffId = staffIdOf(input.staffId);
      if (staffId === who.staffId) throw new Refused(STAFF_MESSAGES.self);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for("update");
        if (!row) throw new NotFound(STAFF_MESSAGES.noSuchStaff);
        if (row.role === role.data) return;
        if (row.role === "admin" && !row.disabledAt && (await adminCount(tx)) <= 1) throw new Refused(STAFF_MESSAGES.lastAdmin);
        await tx.update(staffAccounts).set({ role: role.data, updatedAt: now() }).where(eq(staffAccounts.id, row.id));
        // A new role starts with a new sign-in.
        await tx
          .update(staffSessions)
          .set({ revokedAt: now() })
          .where(and(eq(staffSessions.staffId, row.id), isNull(staffSessions.revokedAt)));
        await audit.record(tx, {
          actor: who,
          action: "staff.role_change",
          target: { kind: "staff", id: row.id },
          before: { role: row.role },
          after: { role: role.data },
        });
      });
    },

    async setDisabled(actor: StaffPrincipal | null, input: { staffId: string; disabled: boolean }) {
      const who = requireRole(actor, "admin");
      const staffId = staffIdOf(input.staffId);
      if (staffId === who.staffId) throw new Refused(STAFF_MESSAGES.self);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for("update");
        if (!row) throw new NotFound(STAFF_MESSAGES.noSuchStaff);
        if (Boolean(row.disabledAt) === input.disabled) return;
        if (input.disabled && row.role === "admin" && (await adminCount(tx)) <= 1) throw new Refused(STAFF_MESSAGES.lastAdmin);
        await tx
          .update(staffAccounts)
          .set({ disabledAt: input.disabled ? now() : null, updatedAt: now() })
          .where(eq(staffAccounts.id, row.id));
        if (input.disabled)
          await tx
            .update(staffSessions)
            .set({ revokedAt: now() })
            .where(and(eq(staffSessions.staffId, row.id), isNull(staffSessions.revokedAt)));
        await audit.record(tx, {
          actor: who,
          action: input.disabled ? "staff.disable" : "staff.enable",
          target: { kind: "staff", id: row.id },
          before: { disabled: Boolean(row.disabledAt) },
          after: { disabled: input.disabled },
        });
      });
    },
  };
}
