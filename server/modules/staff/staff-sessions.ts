// Staff sessions (decision 32): their own table and cookie, apart from customer sessions; a pending session
// opens only the second sign-in step, a verified one the back office, with 15 min idle and 8 h absolute expiry.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { STAFF_SESSION_POLICY, type StaffPrincipal } from "../../../core/staff.ts";
import { STAFF_MESSAGES } from "../../../core/validation/staff.ts";
import type { Db } from "../../db/client.ts";
import { staffAccounts, staffSessions } from "../../db/schema/index.ts";
import { sha256Hex } from "../../security/crypto.ts";
import { ExpiredSession, InvalidSession } from "../domain-errors.ts";

export const staffTokenHash = (token: string) => sha256Hex(token);

export const principalOf = (staff: typeof staffAccounts.$inferSelect, sessionId: string): StaffPrincipal => ({
  staffId: staff.id,
  email: staff.email,
  role: staff.role,
  sessionId,
});

export function createStaffSessions(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function sessionRow(token: string) {
    if (!token || token.length > 100) throw new InvalidSession(STAFF_MESSAGES.pendingExpired);
    const [row] = await db
      .select({ session: staffSessions, staff: staffAccounts })
      .from(staffSessions)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
      .where(eq(staffSessions.tokenHash, staffTokenHash(token)));
    if (!row || row.session.revokedAt || row.staff.disabledAt) throw new InvalidSession(STAFF_MESSAGES.pendingExpired);
    return row;
  }

  /** A staff token to its principal, with 15 min idle and 8 h absolute expiry. Customer tokens are unknown here. */
  async function authenticate(token: string): Promise<StaffPrincipal> {
    const { session, staff } = await sessionRow(token);
    if (!session.verifiedAt) throw new InvalidSession();
    const at = now();
    if (session.expiresAt <= at || session.lastSeenAt.getTime() + STAFF_SESSION_POLICY.idleSeconds * 1000 <= at.getTime()) throw new ExpiredSession();
    // Touch at most once a minute.
    if (at.getTime() - session.lastSeenAt.getTime() > 60_000) await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, session.id));
    return principalOf(staff, session.id);
  }

  async function signOut(token: string) {
    if (!token || token.length > 100) return;
    await db
      .update(staffSessions)
      .set({ revokedAt: now() })
      .where(and(eq(staffSessions.tokenHash, staffTokenHash(token)), isNull(staffSessions.revokedAt)));
  }

  /** Active verified sessions of a staff member (tests). */
  async function activeSessions(staffId: string) {
    return db
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), isNotNull(staffSessions.verifiedAt)));
  }

  return { sessionRow, authenticate, signOut, activeSessions };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
