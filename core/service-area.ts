// The service area as project data: states, cities (the spec's city list) and a
// sample of real PIN codes per city. The ONE source for the residence PIN lookup, the
// master-data API, the eligibility service-area rule (decision 6) and the public
// /service-area page's PIN check. A PIN code maps to exactly one city here.

export interface MasterState {
  id: number;
  name: string;
}

export interface MasterCity {
  id: number;
  name: string;
  stateId: number;
  pincodes: readonly string[];
}

export const STATES: readonly MasterState[] = [
  { id: 1, name: "Delhi" },
  { id: 2, name: "Haryana" },
  { id: 3, name: "Uttar Pradesh" },
  { id: 4, name: "Karnataka" },
  { id: 5, name: "Maharashtra" },
  { id: 6, name: "Gujarat" },
  { id: 7, name: "Telangana" },
  { id: 8, name: "Madhya Pradesh" },
  { id: 9, name: "Tamil Nadu" },
  { id: 10, name: "Chhattisgarh" },
  { id: 11, name: "Rajasthan" },
  { id: 12, name: "Andhra Pradesh" },
];

const pins = (text: string) => text.trim().split(/\s+/);

export const CITIES: readonly MasterCity[] = [
  {
    id: 1,
    name: "Delhi",
    stateId: 1,
    pincodes: pins(
      "110001 110002 110003 110005 110006 110007 110008 110009 110011 110015 110016 110017 110018 110019 110021 110024 110025 110027 110029 110030 110034 110044 110045 110048 110051 110052 110055 110058 110059 110063 110065 110070 110075 110085 110092 110096",
    ),
  },
  { id: 2, name: "Gurgaon", stateId: 2, pincodes: pins("122001 122002 122003 122004 122006 122008 122009 122010 122011 122015 122016 122017 122018 122022") },
  { id: 3, name: "Noida", stateId: 3, pincodes: pins("201301 201303 201304 201305 201307 201309 201313") },
  { id: 4, name: "Faridabad", stateId: 2, pincodes: pins("121001 121002 121003 121004 121005 121006 121007 121008 121009 121010 121012") },
  {
    id: 5,
    name: "Bangalore",
    stateId: 4,
    pincodes: pins(
      "560001 560002 560003 560004 560005 560008 560010 560011 560017 560020 560025 560027 560034 560037 560038 560040 560041 560043 560047 560066 560068 560076 560078 560095 560100 560102 560103",
    ),
  },
  {
    id: 6,
    name: "Pune",
    stateId: 5,
    pincodes: pins("411001 411002 411004 411005 411006 411007 411008 411011 411013 411014 411016 411021 411027 411028 411038 411045 411057"),
  },
  { id: 7, name: "Thane", stateId: 5, pincodes: pins("400601 400602 400603 400604 400605 400606 400607 400608 400610 400615") },
  { id: 8, name: "Mysore", stateId: 4, pincodes: pins("570001 570002 570004 570008 570009 570010 570011 570017 570020 570023") },
  {
    id: 9,
    name: "Ahmedabad",
    stateId: 6,
    pincodes: pins("380001 380004 380006 380007 380008 380009 380013 380015 380022 380024 380051 380052 380054 380058 380061"),
  },
  { id: 10, name: "Hyderabad", stateId: 7, pincodes: pins("500001 500003 500004 500012 500016 500018 500020 500027 500034 500036 500038 500044 500082") },
  {
    id: 11,
    name: "Mumbai",
    stateId: 5,
    pincodes: pins(
      "400001 400002 400005 400008 400011 400012 400013 400016 400020 400025 400028 400049 400050 400051 400053 400058 400063 400069 400070 400072 400076 400080 400092 400093 400097 400101",
    ),
  },
  { id: 12, name: "Greater Noida", stateId: 3, pincodes: pins("201306 201308 201310 201318") },
  { id: 13, name: "Ghaziabad", stateId: 3, pincodes: pins("201001 201002 201003 201005 201009 201010 201012 201014 201016 201017") },
  { id: 14, name: "Bhopal", stateId: 8, pincodes: pins("462001 462003 462004 462011 462016 462022 462023 462026 462039 462042") },
  { id: 15, name: "Coimbatore", stateId: 9, pincodes: pins("641001 641002 641004 641006 641011 641012 641014 641018 641025 641035 641045") },
  { id: 16, name: "Kanchipuram", stateId: 9, pincodes: pins("631501 631502 631503 631551 631561") },
  { id: 17, name: "Vadodara", stateId: 6, pincodes: pins("390001 390002 390005 390007 390011 390012 390019 390020 390021 390023") },
  {
    id: 18,
    name: "Chennai",
    stateId: 9,
    pincodes: pins("600001 600002 600004 600006 600010 600017 600018 600020 600028 600032 600040 600041 600042 600090 600096 600097 600113 600119"),
  },
  { id: 19, name: "Raigarh", stateId: 10, pincodes: pins("496001") },
  { id: 20, name: "Ranga Reddy", stateId: 7, pincodes: pins("500019 500030 500032 500046 500075 500081 500084 500089 501218") },
  {
    id: 21,
    name: "Jaipur",
    stateId: 11,
    pincodes: pins("302001 302002 302004 302005 302006 302012 302015 302016 302017 302018 302019 302020 302021 302033 302039"),
  },
  { id: 22, name: "Indore", stateId: 8, pincodes: pins("452001 452002 452003 452005 452007 452008 452009 452010 452011 452014 452016 452018") },
  { id: 23, name: "Vellore", stateId: 9, pincodes: pins("632001 632002 632004 632006 632007 632009 632014") },
  { id: 24, name: "Guntur", stateId: 12, pincodes: pins("522001 522002 522003 522004 522006 522007") },
  { id: 25, name: "Tiruvallur", stateId: 9, pincodes: pins("602001 602002 600053 600054") },
  { id: 26, name: "Nellore", stateId: 12, pincodes: pins("524001 524002 524003 524004 524005") },
];

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

/** How many cities the service area covers (copy uses this, never a typed number). */
export const SERVICE_CITY_COUNT = CITIES.length;
