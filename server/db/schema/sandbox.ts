import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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
