// Back office staff (decision 32): accounts, enrolment (password + TOTP), two-step sign-in, staff sessions,
// roles. Staff sessions live in their own table and cookie, apart from customer sessions.
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { and, asc, count, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { STAFF_SESSION_POLICY, STAFF_SIGN_IN_POLICY, type StaffPrincipal, type StaffRole } from "../../../core/staff.ts";
import type { StaffSummary } from "../../../core/admin/admin-api.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { STAFF_MESSAGES, staffCodeDigits, staffEmailSchema, staffPasswordProblem, staffRoleSchema, staffSignInEmail } from "../../../core/validation/staff.ts";
import type { Db } from "../../db/client.ts";
import { staffAccounts, staffEnrolments, staffSessions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { decrypt, encrypt, randomToken, sha256Hex } from "../../security/crypto.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { ExpiredSession, Forbidden, InvalidInput, InvalidSession, NotAuthenticated, NotFound, RateLimited, Refused } from "../domain-errors.ts";
import { describeWait, type RateLimitService } from "../rate-limit/rate-limit.service.ts";

export type { StaffPrincipal, StaffRole };

/**
 * The one role check of the back office: every desk method calls it first, with the principal the
 * server resolved from the staff session. No principal → NotAuthenticated; a role not listed → Forbidden.
 */
export function requireRole(principal: StaffPrincipal | null | undefined, ...roles: StaffRole[]): StaffPrincipal {
  if (!principal) throw new NotAuthenticated(STAFF_MESSAGES.signInFirst);
  if (!roles.includes(principal.role)) throw new Forbidden();
  return principal;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ipLimit = { bucket: "staff-sign-in-ip", max: STAFF_SIGN_IN_POLICY.attemptsPerIp, windowMs: FIFTEEN_MINUTES };
const TOTP_PERIOD = 30;
const ISSUER = "SalaryOnTime back office";

export function createStaffService(deps: {
  db: Db;
  audit: AuditService;
  rateLimits: RateLimitService;
  encryptionKey: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, audit, rateLimits, encryptionKey, now, logger } = deps;
  const tokenHash = (token: string) => sha256Hex(token);
  // Verifying against a real hash when the e-mail is unknown keeps the answer time alike.
  const dummyHash = argonHash("not-a-real-password-0000");

  function totpFor(secretBase32: string, label: string) {
    return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secretBase32) });
  }

  /** The time step the code belongs to, or null; window ±1 step for clock drift. */
  function checkCode(secretBase32: string, label: string, code: unknown): number | null {
    const clean = staffCodeDigits(code);
    if (!clean) return null;
    const at = now().getTime();
    const delta = totpFor(secretBase32, label).validate({ token: clean, timestamp: at, window: 1 });
    return delta === null ? null : Math.floor(at / 1000 / TOTP_PERIOD) + delta;
  }

  function statusOf(row: typeof staffAccounts.$inferSelect): StaffSummary["status"] {
    if (row.disabledAt) return "disabled";
    if (!row.passwordHash || !row.totpSecretEnc) return "enrolling";
    if (row.lockedUntil && row.lockedUntil > now()) return "locked";
    return "active";
  }

  async function issueEnrolment(staffId: string): Promise<string> {
    const token = randomToken();
    const at = now();
    await db.insert(staffEnrolments).values({
      staffId,
      tokenHash: tokenHash(token),
      createdAt: at,
      expiresAt: new Date(at.getTime() + STAFF_SIGN_IN_POLICY.enrolmentHours * 3600_000),
    });
    return token;
  }

  async function openEnrolment(token: string) {
    if (!token || token.length > 100) throw new NotFound(STAFF_MESSAGES.enrolmentInvalid);
    const [row] = await db
      .select({ enrolment: staffEnrolments, staff: staffAccounts })
      .from(staffEnrolments)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffEnrolments.staffId))
      .where(eq(staffEnrolments.tokenHash, tokenHash(token)));
    if (!row || row.enrolment.usedAt || row.enrolment.expiresAt <= now() || row.staff.disabledAt) throw new NotFound(STAFF_MESSAGES.enrolmentInvalid);
    return row;
  }

  /** Creates an account without password or second factor, and its one-time enrolment token. */
  async function create(input: { email: string; role: string }, actor: StaffPrincipal | null) {
    const email = staffEmailSchema.safeParse(input.email);
    if (!email.success) throw new InvalidInput(email.error.issues[0]!.message, { email: email.error.issues[0]!.message });
    const role = staffRoleSchema.safeParse(input.role);
    if (!role.success) throw new InvalidInput(STAFF_MESSAGES.roleRequired, { role: STAFF_MESSAGES.roleRequired });
    const at = now();
    const staffId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffAccounts)
        .values({ email: email.data, role: role.data, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning({ id: staffAccounts.id });
      if (!row) throw new Refused(STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
      await audit.record(tx, { actor, action: "staff.create", target: { kind: "staff", id: row.id }, after: { role: role.data } });
      return row.id;
    });
    const token = await issueEnrolment(staffId);
    return { staffId, email: email.data, role: role.data, enrolmentToken: token, enrolmentPath: `/admin/enrol/${token}` };
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

  async function sessionRow(token: string) {
    if (!token || token.length > 100) throw new InvalidSession(STAFF_MESSAGES.pendingExpired);
    const [row] = await db
      .select({ session: staffSessions, staff: staffAccounts })
      .from(staffSessions)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
      .where(eq(staffSessions.tokenHash, tokenHash(token)));
    if (!row || row.session.revokedAt || row.staff.disabledAt) throw new InvalidSession(STAFF_MESSAGES.pendingExpired);
    return row;
  }

  const principalOf = (staff: typeof staffAccounts.$inferSelect, sessionId: string): StaffPrincipal => ({
    staffId: staff.id,
    email: staff.email,
    role: staff.role,
    sessionId,
  });

  return {
    requireRole,
    create,

    /** How many staff accounts exist (the boot hint in sandbox mode). */
    async count() {
      const [row] = await db.select({ n: count() }).from(staffAccounts);
      return Number(row?.n ?? 0);
    },

    /** The enrolment page: the account's e-mail and a TOTP secret to scan (kept, sealed, until confirmed). */
    async enrolment(token: string) {
      const { enrolment, staff } = await openEnrolment(token);
      let secret: string;
      if (enrolment.pendingSecretEnc) secret = decrypt(encryptionKey, enrolment.pendingSecretEnc);
      else {
        secret = new OTPAuth.Secret({ size: 20 }).base32;
        await db
          .update(staffEnrolments)
          .set({ pendingSecretEnc: encrypt(encryptionKey, secret) })
          .where(eq(staffEnrolments.id, enrolment.id));
      }
      const uri = totpFor(secret, staff.email).toString();
      const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
      return { email: staff.email, secret, otpauthUri: uri, qrDataUri: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString("base64")}` };
    },

    /** Sets the password and the second factor; the code proves the authenticator app holds the secret. */
    async completeEnrolment(token: string, input: { password: string; code: string }) {
      const { enrolment, staff } = await openEnrolment(token);
      const weak = staffPasswordProblem(input.password);
      if (weak) throw new InvalidInput(weak, { password: weak });
      if (!enrolment.pendingSecretEnc) throw new Refused(STAFF_MESSAGES.scanFirst);
      const secret = decrypt(encryptionKey, enrolment.pendingSecretEnc);
      const step = checkCode(secret, staff.email, input.code);
      if (step === null) throw new InvalidInput(STAFF_MESSAGES.badCode, { code: STAFF_MESSAGES.badCode });
      const passwordHash = await argonHash(input.password);
      await db.transaction(async (tx) => {
        const used = await tx
          .update(staffEnrolments)
          .set({ usedAt: now() })
          .where(and(eq(staffEnrolments.id, enrolment.id), isNull(staffEnrolments.usedAt)))
          .returning({ id: staffEnrolments.id });
        if (!used.length) throw new NotFound(STAFF_MESSAGES.enrolmentInvalid);
        await tx
          .update(staffAccounts)
          .set({ passwordHash, totpSecretEnc: encrypt(encryptionKey, secret), totpLastStep: step, failedAttempts: 0, lockedUntil: null, updatedAt: now() })
          .where(eq(staffAccounts.id, staff.id));
        // Sessions of an earlier enrolment end with it.
        await tx
          .update(staffSessions)
          .set({ revokedAt: now() })
          .where(and(eq(staffSessions.staffId, staff.id), isNull(staffSessions.revokedAt)));
        await audit.record(tx, { actor: null, actorEmail: staff.email, action: "staff.enrol", target: { kind: "staff", id: staff.id } });
      });
      return { email: staff.email };
    },

    /** Step 1: e-mail and password. Returns a pending token that opens only step 2. */
    async signInPassword(input: { email: string; password: string }, ip: string): Promise<{ pendingToken: string }> {
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
        tokenHash: tokenHash(token),
        staffId: staff.id,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + STAFF_SESSION_POLICY.pendingSeconds * 1000),
      });
      return { pendingToken: token };
    },

    /** Step 2: the TOTP code. The pending session becomes a full one (new token: a fresh session per sign-in). */
    async signInCode(pendingToken: string, code: string, ip: string): Promise<{ token: string; principal: StaffPrincipal }> {
      await takeIpLimit(ip);
      const { session, staff } = await sessionRow(pendingToken);
      if (session.verifiedAt || session.expiresAt <= now()) throw new InvalidSession(STAFF_MESSAGES.pendingExpired);
      await refuseIfLockedNow(staff.id);
      const step = staff.totpSecretEnc ? checkCode(decrypt(encryptionKey, staff.totpSecretEnc), staff.email, code) : null;
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
            tokenHash: tokenHash(token),
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
    },

    /** A staff token to its principal, with 15 min idle and 8 h absolute expiry. Customer tokens are unknown here. */
    async authenticate(token: string): Promise<StaffPrincipal> {
      const { session, staff } = await sessionRow(token);
      if (!session.verifiedAt) throw new InvalidSession();
      const at = now();
      if (session.expiresAt <= at || session.lastSeenAt.getTime() + STAFF_SESSION_POLICY.idleSeconds * 1000 <= at.getTime()) throw new ExpiredSession();
      // Touch at most once a minute.
      if (at.getTime() - session.lastSeenAt.getTime() > 60_000) await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, session.id));
      return principalOf(staff, session.id);
    },

    async signOut(token: string) {
      if (!token || token.length > 100) return;
      await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.tokenHash, tokenHash(token)), isNull(staffSessions.revokedAt)));
    },

    /** The staff desk (admin changes, auditor reads). */
    desk: {
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
        return create(input, who);
      },

      /** A new enrolment link (lost phone, expired link); the old second factor stays until the new one is set. */
      async reissueEnrolment(actor: StaffPrincipal | null, staffId: string) {
        const who = requireRole(actor, "admin");
        const [row] = await db
          .select({ id: staffAccounts.id })
          .from(staffAccounts)
          .where(eq(staffAccounts.id, staffIdOf(staffId)));
        if (!row) throw new NotFound(STAFF_MESSAGES.noSuchStaff);
        const token = await issueEnrolment(row.id);
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
    },

    /** Active verified sessions of a staff member (tests). */
    async activeSessions(staffId: string) {
      return db
        .select({ id: staffSessions.id })
        .from(staffSessions)
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), isNotNull(staffSessions.verifiedAt)));
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
