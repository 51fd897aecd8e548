// Master data for the API. The data and the one PIN lookup everything uses live in
// core/service-area.ts, shared with eligibility and the public /service-area page.
import { CITIES, STATES } from "../../../core/service-area.ts";

export { isServiceablePincode, lookupPincode, type PincodeInfo } from "../../../core/service-area.ts";

export function listStates() {
  return STATES.map((s) => ({ state_id: s.id, state_name: s.name }));
}

export function listCities(stateId?: number) {
  return CITIES.filter((c) => stateId === undefined || c.stateId === stateId).map((c) => ({ city_id: c.id, city_name: c.name, state_id: c.stateId }));
}

export function listPincodes(cityId: number) {
  const city = CITIES.find((c) => c.id === cityId);
  return city ? city.pincodes.map((pincode) => ({ pincode, city_id: city.id })) : [];
}
