import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { fieldErrors } from "../../../core/validation/index.ts";
import { ONBOARDING_CODES } from "../../../core/i18n/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { listCities, listPincodes, listStates, lookupPincode } from "./master.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";

/** The apps' notice with the lists (English only: the screens do not show it). */
const MASTER_LOADED = "Master data fetched successfully.";

/** Master data of the service area. Public: it is the same for everyone. */
export function createMasterRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post(api.masterAPI.path, async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const parsed = api.masterAPI.input.safeParse(parseJsonObject(text));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw new InvalidInput(errors.type ? "type must be state, city or pincode." : Object.values(errors)[0], errors);
    }
    const q = parsed.data;
    if (q.type === "state") return ok(c, MASTER_LOADED, listStates());
    if (q.type === "city") return ok(c, MASTER_LOADED, listCities(q.state_id));
    if (q.pincode) {
      const place = lookupPincode(q.pincode);
      if (!place) throw new Refused(ONBOARDING_CODES.pinNotServed, { pincode: ONBOARDING_CODES.pinNotServed });
      return ok(c, ONBOARDING_CODES.pinFound, place);
    }
    if (!q.city_id) throw new InvalidInput("city_id or pincode is required.", { city_id: "city_id or pincode is required." });
    return ok(c, MASTER_LOADED, listPincodes(q.city_id));
  });
  return routes;
}
