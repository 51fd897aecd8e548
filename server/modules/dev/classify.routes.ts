import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";

/**
 * Sandbox only (issue 22): POST /dev/classify runs the day-end asset classification alone, up to
 * yesterday, and answers its counts (a browser test cannot run /dev/jobs/run without sending other
 * tests' reminders). Never mounted in production mode.
 */
export function createClassifyDevRoutes({ assetClassification }: Pick<Services, "assetClassification">) {
  const routes = new Hono<AppEnv>();
  routes.post("/classify", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await assetClassification.runDayEnd());
  });
  return routes;
}
