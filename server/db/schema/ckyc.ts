import { bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";

/** The sandbox CKYC registry's records (migration 1560, sandbox mode only): one per PAN. */
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

/** Every upload the sandbox registry answered (migration 1560); one accepted row per reference. */
export const sandboxCkycUploads = pgTable("sandbox_ckyc_uploads", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  reference: text("reference").notNull(),
  fileName: text("file_name").notNull(),
  status: text("status").$type<"ACCEPTED" | "REJECTED">().notNull(),
  ckycNumber: text("ckyc_number"),
  reasons: jsonb("reasons").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
});
