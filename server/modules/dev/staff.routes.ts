import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { z } from "zod";
import { STAFF_ROLES } from "../../../core/staff.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";

const body = z.object({ email: z.string().max(200), role: z.enum(STAFF_ROLES) });

/**
 * Sandbox only: POST /dev/staff {email, role} creates a staff account, as `npm run staff:create`
 * does, and answers its one-time enrolment path. Browser tests use it because they may not write
 * to the database themselves. Never mounted in production mode.
 */
export function createStaffDevRoutes({ staff }: Pick<Services, "staff">) {
  const routes = new Hono<AppEnv>();
  routes.post("/staff", async (c) => {
    c.header("Cache-Control", "no-store");
    if (!/^application\/json/i.test(c.req.header("content-type") ?? "")) return c.json({ error: "Send JSON." }, 415);
    const parsed = body.safeParse(parseJsonObject((await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text));
    if (!parsed.success) return c.json({ error: `email and role (${STAFF_ROLES.join(", ")}) are required.` }, 422);
    // A bad e-mail or a taken one is a domain error, answered 4xx by the app's error map.
    const made = await staff.create(parsed.data, null);
    return c.json({ email: made.email, role: made.role, enrolment_path: made.enrolmentPath });
  });
  return routes;
}
