import { bigint, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";

/** Sandbox providers' state between requests (migration 0960), shared by every instance. */
export const sandboxRecords = pgTable(
  "sandbox_records",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** The sandbox clock's offset from real time (migration 1002): one row, sandbox mode only. */
export const sandboxClock = pgTable("sandbox_clock", {
  id: smallint("id").primaryKey().default(1),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
