import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { optionalSession, requireSession } from "../../http/session.ts";
import { closeLoanForDev, moveToBankingForDev, moveToEkycForDev, type DevJourneyServices } from "./dev-journey.ts";

/**
 * Development shortcuts through the journey, for the session customer. Never mounted in production.
 * GET/POST /dev/journey/ekyc: an eligible customer with a lead in progress jumps to ekyc_initiated
 * (GET shows a button; POST does it, form or JSON).
 * POST /dev/journey/banking-details: an eligible customer with an open lead jumps to banking_details.
 * POST /dev/journey/close-loan: the submitted loan is paid out and repaid; the customer can Re-Loan as REPEAT.
 */
export function createDevJourneyRoutes({ auth, ...services }: Pick<Services, "auth"> & DevJourneyServices) {
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
    const session = await optionalSession(c, auth);
    if (!session) return c.json({ Status: 4, Message: "Please sign in first." }, 401);
    const data = await moveToEkycForDev(services, session.profileId);
    if ((c.req.header("content-type") ?? "").includes("application/json")) return c.json({ Status: 1, Message: "Moved to eKYC.", Data: data });
    return c.redirect("/my-dashboard/adhar", 303);
  });
  routes.post("/banking-details", async (c) => {
    const session = await requireSession(c, auth);
    return ok(c, "Moved to the banking step (development only).", await moveToBankingForDev(services, session.profileId));
  });
  routes.post("/close-loan", async (c) => {
    const session = await requireSession(c, auth);
    return ok(c, "Loan closed (development only).", await closeLoanForDev(services, session.profileId));
  });
  return routes;
}
