// Master data and the one PIN lookup everything uses. To move to core/service-area.ts
// later, only `lookupPincode` and the lists below need to point there.
import { CITIES, STATES, type MasterCity } from "./service-area-data.ts";

export interface PincodeInfo {
  pincode: string;
  city_id: number;
  city_name: string;
  state_id: number;
  state_name: string;
}

const byPin = new Map<string, { city: MasterCity; stateName: string }>();
for (const city of CITIES) {
  const stateName = STATES.find((s) => s.id === city.stateId)!.name;
  for (const pin of city.pincodes) byPin.set(pin, { city, stateName });
}

/** City and state of a serviceable PIN code, or null outside the service area. */
export function lookupPincode(pincode: string): PincodeInfo | null {
  const hit = byPin.get(pincode.trim());
  if (!hit) return null;
  return { pincode: pincode.trim(), city_id: hit.city.id, city_name: hit.city.name, state_id: hit.city.stateId, state_name: hit.stateName };
}

export function isServiceablePincode(pincode: string | null | undefined): boolean {
  return !!pincode && byPin.has(pincode.trim());
}

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
