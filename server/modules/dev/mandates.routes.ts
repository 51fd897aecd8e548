import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";

/**
 * What the sandbox mandate provider holds (issue 24): every mandate (token) and debit at the provider,
 * oldest first, account numbers as their last 4 digits, so a test can count debits at the provider.
 * Never mounted in production mode.
 */
export function createMandatesDevRoutes({ sandboxMandates }: Pick<Services, "sandboxMandates">) {
  const routes = new Hono<AppEnv>();
  routes.get("/mandates.json", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.json((await sandboxMandates?.list()) ?? { mandates: [], debits: [] });
  });
  return routes;
}
