import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";

/** The sandbox tracker's recorded events, oldest first (decision 22). Never mounted in production mode. */
export function trackingDevRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get("/tracking.json", (c) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.json(c.var.services.sandboxTracker?.events() ?? []);
  });
  return routes;
}
