import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { ONBOARDING_MESSAGES as OM, fieldErrors } from "../../../core/validation/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { listCities, listPincodes, listStates, lookupPincode } from "./master.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";

/** Master data of the service area. Public: it is the same for everyone. */
export function masterRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post(api.masterAPI.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const parsed = api.masterAPI.input.safeParse(parseJsonObject(text));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw new InvalidInput(errors.type ? "type must be state, city or pincode." : Object.values(errors)[0], errors);
    }
    const q = parsed.data;
    if (q.type === "state") return ok(c, OM.masterLoaded, listStates());
    if (q.type === "city") return ok(c, OM.masterLoaded, listCities(q.state_id));
    if (q.pincode) {
      const place = lookupPincode(q.pincode);
      if (!place) throw new Refused(OM.pinNotServed, { pincode: OM.pinNotServed });
      return ok(c, OM.pinFound, place);
    }
    if (!q.city_id) throw new InvalidInput("city_id or pincode is required.", { city_id: "city_id or pincode is required." });
    return ok(c, OM.masterLoaded, listPincodes(q.city_id));
  });
  return routes;
}
