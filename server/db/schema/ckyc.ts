import { bigserial, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customerProfiles } from "./auth.ts";
import { jsonb } from "../column-types.ts";

/** The sandbox CKYC registry's records (migration 1580, sandbox mode only): one per PAN. */
export const sandboxCkycRecords = pgTable("sandbox_ckyc_records", {
  ckycNumber: text("ckyc_number").primaryKey(),
  pan: text("pan").notNull(),
  dob: text("dob").notNull(),
  mobile: text("mobile").notNull(),
  record: jsonb("record").notNull(),
  reference: text("reference").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Every upload the sandbox registry answered (migration 1580); one accepted row per reference. */
export const sandboxCkycUploads = pgTable("sandbox_ckyc_uploads", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  reference: text("reference").notNull(),
  fileName: text("file_name").notNull(),
  status: text("status").$type<"ACCEPTED" | "REJECTED">().notNull(),
  ckycNumber: text("ckyc_number"),
  reasons: jsonb("reasons").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
});

export type CkycUploadStatus = "NOT_SENT" | "SENDING" | "ACCEPTED" | "REJECTED" | "FAILED";

/** Our uploads of each customer's KYC record to CKYCR (migration 1580): one row per customer and version. */
export const ckycUploads = pgTable("ckyc_uploads", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  customerId: uuid("customer_id")
    .notNull()
    .references(() => customerProfiles.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  reference: text("reference").notNull(),
  status: text("status").$type<CkycUploadStatus>().notNull(),
  ckycNumber: text("ckyc_number"),
  rejectionReasons: jsonb("rejection_reasons").notNull(),
  attempts: integer("attempts").notNull().default(0),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
