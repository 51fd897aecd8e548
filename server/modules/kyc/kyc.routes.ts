import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { queryInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { optionalSession } from "../../http/session.ts";
import { apiContract as api } from "../../../core/contract/index.ts";

/** DigiLocker's redirect back to us: a top-level GET, so the SameSite=Lax session cookie comes along. */
export function createKycRoutes({ auth, kyc }: Pick<Services, "auth" | "kyc">) {
  const routes = new Hono<AppEnv>();
  routes.get(api.digilockerCallback.path, async (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    const session = await optionalSession(c, auth);
    if (!session) return c.redirect("/apply-now", 302);
    const q = queryInput(c, api.digilockerCallback.input);
    const to = await kyc.digilockerReturn(session.profileId, { state: q.state, code: q.code, error: q.error });
    return c.redirect(to, 302);
  });
  return routes;
}
