// Staff enrolment (decision 32): an account is created without password or second factor, with a one-time
// link; the link's page shows a TOTP secret to scan, and completing it sets the password and the factor.
import { hash as argonHash } from "@node-rs/argon2";
import { and, eq, isNull } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { STAFF_SIGN_IN_POLICY, type StaffPrincipal } from "../../../core/staff.ts";
import { STAFF_MESSAGES, staffEmailSchema, staffPasswordProblem, staffRoleSchema } from "../../../core/validation/staff.ts";
import type { Db } from "../../db/client.ts";
import { staffAccounts, staffEnrolments, staffSessions } from "../../db/schema/index.ts";
import { decrypt, encrypt, randomToken, sha256Hex } from "../../security/crypto.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { checkCode, totpFor } from "./staff-totp.ts";

export function createStaffEnrolment(deps: { db: Db; audit: AuditService; encryptionKey: string; now: () => Date }) {
  const { db, audit, encryptionKey, now } = deps;
  const tokenHash = (token: string) => sha256Hex(token);

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

  /** The enrolment page: the account's e-mail and a TOTP secret to scan (kept, sealed, until confirmed). */
  async function enrolment(token: string) {
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
  }

  /** Sets the password and the second factor; the code proves the authenticator app holds the secret. */
  async function completeEnrolment(token: string, input: { password: string; code: string }) {
    const { enrolment, staff } = await openEnrolment(token);
    const weak = staffPasswordProblem(input.password);
    if (weak) throw new InvalidInput(weak, { password: weak });
    if (!enrolment.pendingSecretEnc) throw new Refused(STAFF_MESSAGES.scanFirst);
    const secret = decrypt(encryptionKey, enrolment.pendingSecretEnc);
    const step = checkCode(secret, staff.email, input.code, now);
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
  }

  return { issueEnrolment, create, enrolment, completeEnrolment };
}

export type StaffEnrolment = ReturnType<typeof createStaffEnrolment>;
