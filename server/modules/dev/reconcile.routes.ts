import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";

/**
 * Sandbox only: POST /dev/reconcile runs the reconciliation job now, without its 15 minutes' wait
 * (a demo or a browser test asks at once), and answers its counts; {"order_id": "SOTR…"} limits it
 * to one of our orders (parallel browser tests). POST /dev/settle runs the settlement job. Never
 * mounted in production mode.
 */
export function createReconcileDevRoutes({ reconciliation, settlement }: Pick<Services, "reconciliation" | "settlement">) {
  const routes = new Hono<AppEnv>();
  routes.post("/reconcile", async (c) => {
    c.header("Cache-Control", "no-store");
    const body = /^application\/json/i.test(c.req.header("content-type") ?? "")
      ? parseJsonObject((await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text)
      : {};
    const orderId = typeof body.order_id === "string" ? body.order_id.slice(0, 63) : undefined;
    return c.json(await reconciliation.runReconciliation({ chaseAfterMs: 0, orderId }));
  });
  routes.post("/settle", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await settlement.runSettlements());
  });
  return routes;
}
