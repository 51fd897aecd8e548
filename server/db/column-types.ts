import { customType } from "drizzle-orm/pg-core";

/**
 * A jsonb column read back exactly as written. Both drivers (pg and PGlite) already parse jsonb, and
 * Drizzle's own jsonb parses a string value a second time: the string "3479" came back as the number
 * 3479 and "37E49" as 3.7e50 (a sandbox captcha answer that then did not match).
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});
