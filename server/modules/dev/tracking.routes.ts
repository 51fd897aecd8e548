import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";

/** The sandbox tracker's recorded events, oldest first (decision 22). Never mounted in production mode. */
export function createTrackingDevRoutes({ sandboxTracker }: Pick<Services, "sandboxTracker">) {
  const routes = new Hono<AppEnv>();
  routes.get("/tracking.json", (c) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.json(sandboxTracker?.events() ?? []);
  });
  return routes;
}
