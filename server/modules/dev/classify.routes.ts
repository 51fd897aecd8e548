import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";

/**
 * Sandbox only (issue 22): POST /dev/classify runs the day-end asset classification alone, up to
 * yesterday, and answers its counts (a browser test cannot run /dev/jobs/run without sending other
 * tests' reminders). Never mounted in production mode.
 */
export function classifyDevRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post("/classify", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await c.var.services.assetClassification.runDayEnd());
  });
  return routes;
}
