import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { optionalSession } from "../../http/session.ts";

/**
 * Dev only (never mounted in production mode): jumps the signed-in customer, who must be eligible
 * with a lead in progress, to ekyc_initiated, so eKYC and documents can be tried before the quote
 * and employment screens exist. GET shows a button; POST does it (form or JSON).
 */
export function devJourneyRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });
  routes.get("/ekyc", (c) =>
    c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Jump to eKYC (dev) | SalaryOnTime</title></head>
<body><main><h1>Jump to eKYC (development only)</h1><p>Moves the signed-in, eligible customer's application to the Aadhaar step.</p>
<form method="post" action="/dev/journey/ekyc"><button type="submit">Jump to eKYC</button></form></main></body></html>`),
  );
  routes.post("/ekyc", async (c) => {
    const session = await optionalSession(c);
    if (!session) return c.json({ Status: 4, Message: "Please sign in first." }, 401);
    const data = await c.var.services.kyc.moveToEkycForDevelopment(session.profileId);
    if ((c.req.header("content-type") ?? "").includes("application/json")) return c.json({ Status: 1, Message: "Moved to eKYC.", Data: data });
    return c.redirect("/my-dashboard/adhar", 303);
  });
  return routes;
}
