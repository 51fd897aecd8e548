import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";

/**
 * What the sandbox payout provider has paid, oldest first (issue 20): the account's last 4 digits,
 * amount in paise, our idempotency key, status and UTR, so a test can count payouts at the provider.
 * Never mounted in production mode.
 */
export function createPayoutsDevRoutes({ sandboxPayout }: Pick<Services, "sandboxPayout">) {
  const routes = new Hono<AppEnv>();
  routes.get("/payouts.json", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.json((await sandboxPayout?.payouts()) ?? []);
  });
  return routes;
}
