import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";

/**
 * What the sandbox CKYC registry holds and every upload it answered, oldest first (issue 33): each record's
 * identifier, masked PAN, name, latest reference and image names; each upload's reference, status,
 * identifier and reason codes. Never mounted in production mode.
 */
export function createCkycDevRoutes({ sandboxCkyc, ckyc }: Pick<Services, "sandboxCkyc" | "ckyc">) {
  const routes = new Hono<AppEnv>();
  routes.get("/ckyc.json", async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.json((await sandboxCkyc?.list()) ?? { records: [], uploads: [] });
  });
  // The upload job for one customer, by mobile (a browser test cannot run /dev/jobs/run without sending
  // other tests' messages): their record sent to the sandbox registry if owed, and the state answered.
  routes.post("/ckyc/upload", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mobile?: unknown };
    const state = typeof body.mobile === "string" ? await ckyc.uploadFor(body.mobile) : null;
    return c.json({ state });
  });
  // Another institution's CKYC record for a PAN (pan, dob), so the journey's search finds one.
  routes.post("/ckyc/record", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { pan?: unknown; dob?: unknown };
    if (!sandboxCkyc || typeof body.pan !== "string" || typeof body.dob !== "string") return c.json({ error: "pan and dob are required" }, 400);
    try {
      return c.json({ ckyc_number: await sandboxCkyc.seed({ pan: body.pan.toUpperCase(), dob: body.dob }) });
    } catch (error) {
      return c.json({ error: (error as Error).message }, 400);
    }
  });
  return routes;
}
