import { bigserial, boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  /** Migration 1640: what the version was built from (a change of the customer's data makes the next version). */
  recordHash: text("record_hash"),
  /** Migration 1640: when the customer was told the identifier by SMS. */
  notifiedAt: timestamp("notified_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** The fields a CKYC download answers that the journey can use, as the customer is shown them to confirm. */
export interface CkycFilledFields {
  name: string;
  relativeName: string | null;
  gender: "M" | "F" | "T";
  dob: string;
  email: string | null;
  address: { lines: string[]; city: string; stateCode: string; pincode: string };
}

/** CKYC in the customer's journey (migration 1640): one row per customer, written only by server/modules/ckyc. */
export const ckycCustomers = pgTable("ckyc_customers", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customerProfiles.id, { onDelete: "cascade" }),
  searchedAt: timestamp("searched_at", { withTimezone: true }),
  found: boolean("found"),
  maskedCkycNumber: text("masked_ckyc_number"),
  downloadReference: text("download_reference"),
  downloaded: jsonb("downloaded").$type<(CkycFilledFields & { ckycNumber: string }) | null>(),
  downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
  confirmed: jsonb("confirmed").$type<CkycFilledFields | null>(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  declinedAt: timestamp("declined_at", { withTimezone: true }),
  relativeKind: text("relative_kind").$type<"father" | "spouse">(),
  relativeName: text("relative_name"),
  ckycNumber: text("ckyc_number"),
  corrections: jsonb("corrections").$type<Record<string, string>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
