import { Hono } from "hono";
import { z } from "zod";
import { ONBOARDING_MESSAGES as OM, fieldErrors, pinCodeCheck, schema } from "../../../core/validation/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/envelope.ts";
import { listCities, listPincodes, listStates, lookupPincode } from "./master.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";

const id = z.coerce.number().int().positive();
// Spec 7 names state, city and pincode without a payload; `type` picks one.
const masterQuery = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state") }),
  z.object({ type: z.literal("city"), state_id: id.optional() }),
  z.object({ type: z.literal("pincode"), city_id: id.optional(), pincode: schema(pinCodeCheck).optional() }),
]);

/** Master data of the service area. Public: it is the same for everyone. */
export function masterRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post("/masterAPI", async (c) => {
    const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
    const parsed = masterQuery.safeParse(parseJsonObject(text));
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
