import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { createDemoCustomer, type DemoServices } from "./demo-customers.ts";

const body = z.object({
  mobile: z.string().regex(/^[6-9]\d{9}$/),
  user_type: z.enum(["REPEAT", "UNPAID-REPEAT"]).default("REPEAT"),
  /** UNPAID-REPEAT only: the open loan is this many days past its repayment date. */
  overdue_days: z.number().int().min(0).max(120).optional(),
  /** UNPAID-REPEAT only: the open loan was paid out this many days ago (default 10; 0 = today). */
  paid_out_days_ago: z.number().int().min(0).max(24).optional(),
});

/**
 * Sandbox only: POST /dev/demo-customer {mobile, user_type?} makes that number a demo customer of
 * `npm run demo:customers` (REPEAT: a closed loan and a verified bank account; UNPAID-REPEAT: an
 * active loan too), replacing any customer with that number. The answer names its PAN (Pay Now asks for it). Browser tests use it because they may
 * not write to the database themselves. Never mounted in production mode.
 */
export function createDemoCustomerDevRoutes(services: DemoServices) {
  const routes = new Hono<AppEnv>();
  routes.post("/demo-customer", async (c) => {
    c.header("Cache-Control", "no-store");
    if (!/^application\/json/i.test(c.req.header("content-type") ?? "")) return c.json({ error: "Send JSON." }, 415);
    const parsed = body.safeParse(parseJsonObject((await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text));
    if (!parsed.success)
      return c.json(
        {
          error: "mobile (10 digits, starting 6-9) is required; user_type is REPEAT or UNPAID-REPEAT; overdue_days is 0 to 120; paid_out_days_ago is 0 to 24.",
        },
        422,
      );
    const created = await createDemoCustomer(services, {
      mobile: parsed.data.mobile,
      userType: parsed.data.user_type,
      overdueDays: parsed.data.overdue_days,
      paidOutDaysAgo: parsed.data.paid_out_days_ago,
    });
    return c.json({
      mobile: created.mobile,
      pancard: created.pan,
      user_type: created.userType,
      full_name: created.fullName,
      bank_account_seeded: created.bankAccountSeeded,
    });
  });
  return routes;
}
