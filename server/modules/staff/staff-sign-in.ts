// The staff two-step sign-in (decision 32): e-mail and password give a pending session, the authenticator's
// code makes it a full one. Failures count in the database and lock the account; each address is rate-limited.
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { STAFF_SESSION_POLICY, STAFF_SIGN_IN_POLICY, type StaffPrincipal } from "../../../core/staff.ts";
import { STAFF_MESSAGES, staffSignInEmail } from "../../../core/validation/staff.ts";
import type { Db } from "../../db/client.ts";
import { staffAccounts, staffSessions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { decrypt, randomToken } from "../../security/crypto.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { InvalidSession, RateLimited, Refused } from "../domain-errors.ts";
import { describeWait, type RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { principalOf, staffTokenHash, type StaffSessions } from "./staff-sessions.ts";
import { checkCode } from "./staff-totp.ts";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ipLimit = { bucket: "staff-sign-in-ip", max: STAFF_SIGN_IN_POLICY.attemptsPerIp, windowMs: FIFTEEN_MINUTES };

export function createStaffSignIn(deps: {
  db: Db;
  audit: AuditService;
  rateLimits: RateLimitService;
  encryptionKey: string;
  now: () => Date;
  logger: Logger;
  sessions: StaffSessions;
}) {
  const { db, audit, rateLimits, encryptionKey, now, logger, sessions } = deps;
  // Verifying against a real hash when the e-mail is unknown keeps the answer time alike.
  const dummyHash = argonHash("not-a-real-password-0000");

  async function failSignIn(staff: typeof staffAccounts.$inferSelect | undefined, email: string, stage: "password" | "code") {
    await db.transaction(async (tx) => {
      if (staff) {
        // Counted in the database in one statement: guesses sent at once each add one (never read + 1).
        const { maxFailures, lockSeconds } = STAFF_SIGN_IN_POLICY;
        const lockUntil = new Date(now().getTime() + lockSeconds * 1000);
        await tx
          .update(staffAccounts)
          .set({
            failedAttempts: sql`CASE WHEN ${staffAccounts.failedAttempts} + 1 >= ${maxFailures} THEN 0 ELSE ${staffAccounts.failedAttempts} + 1 END`,
            lockedUntil: sql`CASE WHEN ${staffAccounts.failedAttempts} + 1 >= ${maxFailures} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${staffAccounts.lockedUntil} END`,
          })
          .where(eq(staffAccounts.id, staff.id));
      }
      await audit.record(tx, {
        actor: null,
        actorEmail: email,
        action: "staff.sign_in_failed",
        target: staff ? { kind: "staff", id: staff.id } : null,
        after: { stage },
      });
    });
  }

  /** The lock as it is now in the database (a guess sent beside this one may have set it during the hash check). */
  async function refuseIfLockedNow(staffId: string) {
    const [fresh] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
    if (fresh) refuseIfLocked(fresh);
  }

  function refuseIfLocked(staff: typeof staffAccounts.$inferSelect) {
    if (staff.lockedUntil && staff.lockedUntil > now()) {
      const seconds = Math.ceil((staff.lockedUntil.getTime() - now().getTime()) / 1000);
      throw new RateLimited(STAFF_MESSAGES.locked(describeWait(seconds)), seconds);
    }
  }

  async function takeIpLimit(ip: string) {
    const verdict = await rateLimits.take(ipLimit, ip);
    if (!verdict.allowed) throw new RateLimited(STAFF_MESSAGES.tooMany(describeWait(verdict.retryAfterSeconds)), verdict.retryAfterSeconds);
  }

  /** Step 1: e-mail and password. Returns a pending token that opens only step 2. */
  async function signInPassword(input: { email: string; password: string }, ip: string): Promise<{ pendingToken: string }> {
    await takeIpLimit(ip);
    const email = staffSignInEmail(input.email);
    const password = String(input.password ?? "").slice(0, 200);
    const [staff] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    const usable = staff && !staff.disabledAt && staff.passwordHash && staff.totpSecretEnc;
    if (usable) refuseIfLocked(staff);
    const ok = await argonVerify(usable ? staff.passwordHash! : await dummyHash, password || "-").catch(() => false);
    if (!usable || !ok) {
      await failSignIn(usable ? staff : undefined, email, "password");
      throw new Refused(STAFF_MESSAGES.badCredentials);
    }
    await refuseIfLockedNow(staff.id);
    const token = randomToken();
    const at = now();
    await db.insert(staffSessions).values({
      tokenHash: staffTokenHash(token),
      staffId: staff.id,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + STAFF_SESSION_POLICY.pendingSeconds * 1000),
    });
    return { pendingToken: token };
  }

  /** Step 2: the TOTP code. The pending session becomes a full one (new token: a fresh session per sign-in). */
  async function signInCode(pendingToken: string, code: string, ip: string): Promise<{ token: string; principal: StaffPrincipal }> {
    await takeIpLimit(ip);
    const { session, staff } = await sessions.sessionRow(pendingToken);
    if (session.verifiedAt || session.expiresAt <= now()) throw new InvalidSession(STAFF_MESSAGES.pendingExpired);
    await refuseIfLockedNow(staff.id);
    const step = staff.totpSecretEnc ? checkCode(decrypt(encryptionKey, staff.totpSecretEnc), staff.email, code, now) : null;
    // A code is used once: a step at or before the last accepted one is refused.
    if (step === null || (staff.totpLastStep !== null && step <= staff.totpLastStep)) {
      await failSignIn(staff, staff.email, "code");
      throw new Refused(STAFF_MESSAGES.badCode, { code: STAFF_MESSAGES.badCode });
    }
    const token = randomToken();
    const at = now();
    return db.transaction(async (tx) => {
      // A code is used once, also when it is sent twice at once: only one update moves the last step past it.
      const [took] = await tx
        .update(staffAccounts)
        .set({ totpLastStep: step, failedAttempts: 0, lockedUntil: null })
        .where(and(eq(staffAccounts.id, staff.id), or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step))))
        .returning({ id: staffAccounts.id });
      if (!took) throw new Refused(STAFF_MESSAGES.badCode, { code: STAFF_MESSAGES.badCode });
      await tx.update(staffSessions).set({ revokedAt: at }).where(eq(staffSessions.id, session.id));
      const [opened] = await tx
        .insert(staffSessions)
        .values({
          tokenHash: staffTokenHash(token),
          staffId: staff.id,
          verifiedAt: at,
          createdAt: at,
          lastSeenAt: at,
          expiresAt: new Date(at.getTime() + STAFF_SESSION_POLICY.absoluteSeconds * 1000),
        })
        .returning({ id: staffSessions.id });
      const principal = principalOf(staff, opened!.id);
      await audit.record(tx, { actor: principal, action: "staff.sign_in", target: { kind: "staff", id: staff.id } });
      logger.info("staff signed in", { staffId: staff.id, role: staff.role });
      return { token, principal };
    });
  }

  return { signInPassword, signInCode };
}
