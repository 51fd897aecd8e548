// Back office staff and the audit trail (migrations 0900-0902).
import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import type { StaffRole } from "../../../core/staff.ts";

export const staffAccounts = pgTable("staff_accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  role: text("role").$type<StaffRole>().notNull(),
  passwordHash: text("password_hash"),
  totpSecretEnc: text("totp_secret_enc"),
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const staffEnrolments = pgTable("staff_enrolments", {
  id: uuid("id").primaryKey().defaultRandom(),
  staffId: uuid("staff_id").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  pendingSecretEnc: text("pending_secret_enc"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    staffId: uuid("staff_id").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

export const auditLog = pgTable("audit_log", {
  seq: bigint("seq", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  actorId: uuid("actor_id"),
  actorEmail: text("actor_email"),
  actorRole: text("actor_role"),
  action: text("action").notNull(),
  targetKind: text("target_kind"),
  targetId: text("target_id"),
  before: jsonb("before"),
  after: jsonb("after"),
  reason: text("reason"),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull(),
});
