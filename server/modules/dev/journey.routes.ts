import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { requireSession } from "../../http/session.ts";
import { closeLoanForDev } from "./dev-journey.ts";

/**
 * Development shortcuts through the journey, for the session customer. Never mounted in production.
 * POST /dev/journey/banking-details: an eligible customer with an open lead jumps to banking_details.
 * POST /dev/journey/close-loan: the submitted loan is paid out and repaid; the customer can Re-Loan as REPEAT.
 */
export function devJourneyRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });
  routes.post("/banking-details", async (c) => {
    const session = await requireSession(c);
    return ok(c, "Moved to the banking step (development only).", await c.var.services.banking.moveToBankingForDev(session.profileId));
  });
  routes.post("/close-loan", async (c) => {
    const session = await requireSession(c);
    return ok(c, "Loan closed (development only).", await closeLoanForDev(c.var.services, session.profileId));
  });
  return routes;
}
