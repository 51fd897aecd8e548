// Issue 33: is the browser's location in India (a video KYC is refused outside it, RBI KYC Directions
// section 18), and how far is it from the Aadhaar address. No I/O: an outline of India's official map
// (the mainland, Andaman and Nicobar, Lakshadweep) and the great-circle distance. The outline is coarse
// (tens of vertices): within about 20 km of a land border it may be wrong either way, so the official, who
// sees the location, judges such a case (docs/decisions/kyc.md).

/** [longitude, latitude] in degrees. */
type Point = readonly [number, number];

/**
 * India's mainland as on the Survey of India's map (Jammu and Kashmir and Ladakh whole), clockwise from
 * the Kutch coast, coasts a little out to sea so a coastal town is never outside.
 */
// prettier-ignore
const MAINLAND: readonly Point[] = [
  // The border with Pakistan, north from Sir Creek.
  [68.1, 23.4], [68.6, 24.2], [71.1, 24.4], [70.9, 24.9], [70.25, 25.5], [70.1, 25.9], [69.55, 26.6], [69.5, 27.1], [70.6, 27.95],
  [71.9, 28.3], [72.9, 29.0], [73.45, 29.85], [73.9, 30.4], [74.55, 30.95], [74.55, 31.6], [75.05, 32.05], [75.4, 32.45],
  [74.68, 32.7], [74.4, 32.88], [74.0, 32.88], [73.7, 33.05], [73.5, 33.3], [73.5, 34.1], [73.3, 34.7], [73.1, 35.3],
  [72.5, 35.9], [73.0, 36.5], [74.6, 37.05],
  // Ladakh and Aksai Chin, then the Himalaya to Nepal.
  [75.6, 36.8], [76.5, 35.9], [77.8, 35.5], [79.5, 35.6], [80.3, 35.3], [80.2, 34.5], [79.4, 33.2], [79.5, 32.6],
  [78.75, 31.85], [79.0, 31.4], [79.8, 30.9], [80.95, 30.2],
  // Nepal's west and south borders, then up its east border to Sikkim.
  [80.3, 29.4], [80.12, 28.9], [80.5, 28.6], [81.2, 28.3], [81.6, 27.95], [82.7, 27.45], [83.45, 27.4], [84.1, 27.35],
  [84.6, 27.05], [84.85, 26.95], [85.6, 26.75], [86.0, 26.55], [87.3, 26.38], [88.1, 26.4], [88.15, 27.0], [88.0, 27.9],
  // Sikkim, Bhutan's south border, Arunachal Pradesh, and the border with Myanmar.
  [88.6, 28.1], [88.9, 27.9], [88.85, 27.3], [88.8, 27.05], [89.0, 26.85], [90.4, 26.75], [92.05, 26.85], [91.75, 27.25],
  [91.65, 27.8], [92.5, 27.85], [93.8, 28.3], [95.4, 29.3], [96.1, 29.45], [97.4, 28.25], [97.0, 27.7], [96.2, 27.25],
  [95.2, 26.6], [94.7, 25.6], [94.3, 24.3], [93.9, 23.9], [93.4, 23.5], [93.2, 22.5], [92.9, 22.0], [92.6, 21.95],
  // Around Bangladesh: Mizoram, Tripura, Assam's Barak valley, Meghalaya, the Siliguri corridor, West Bengal.
  [92.3, 22.6], [92.25, 23.0], [91.7, 22.95], [91.35, 23.2], [91.2, 23.6], [91.25, 23.95], [91.6, 24.15], [92.1, 24.35],
  [92.2, 24.85], [92.0, 25.15], [89.85, 25.2], [89.85, 25.95], [89.1, 26.2], [88.7, 26.3], [88.3, 26.5], [88.0, 26.05],
  [88.1, 25.3], [88.45, 24.85], [88.75, 24.25], [88.75, 23.6], [88.95, 23.0], [89.1, 21.6],
  // The east coast, the Palk Strait (Sri Lanka outside), the west coast, Saurashtra.
  [87.3, 20.9], [86.8, 19.9], [85.3, 19.1], [84.2, 17.9], [82.6, 16.2], [81.5, 15.6], [80.5, 15.0], [80.5, 13.5],
  [80.4, 12.0], [80.2, 11.0], [79.95, 10.3], [79.5, 9.5], [79.45, 9.1], [78.5, 8.6], [77.55, 7.9], [76.8, 8.2],
  [75.9, 10.0], [75.2, 11.9], [74.5, 13.3], [73.5, 15.6], [72.6, 18.9], [72.5, 20.6], [71.0, 20.4], [69.3, 21.5],
  [68.7, 22.3],
];

/** The island territories, as boxes (lon, lat): Andaman and Nicobar; Lakshadweep (Maldives and Coco Islands outside). */
const ISLANDS: readonly { west: number; east: number; south: number; north: number }[] = [
  { west: 92.2, east: 94.0, south: 6.7, north: 13.7 },
  { west: 71.6, east: 74.0, south: 8.2, north: 12.4 },
];

/** Ray casting: whether the point is inside the ring. */
function inRing(lon: number, lat: number, ring: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a point (degrees, as the browser's Geolocation API gives it) is in India. */
export function isInIndia(latitude: number, longitude: number): boolean {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (ISLANDS.some((b) => longitude >= b.west && longitude <= b.east && latitude >= b.south && latitude <= b.north)) return true;
  return inRing(longitude, latitude, MAINLAND);
}

/** The great-circle distance in kilometres between two points (haversine, Earth's mean radius). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The main town of a PIN's postal region (its first two digits: the region of a postal circle), the
 * nearest we can place an Aadhaar address without a geocoder. Rough: a region spans up to a few hundred km.
 */
const PIN_REGION_TOWNS: Record<string, { town: string; latitude: number; longitude: number }> = {
  "11": { town: "Delhi", latitude: 28.61, longitude: 77.21 },
  "12": { town: "Rohtak", latitude: 28.9, longitude: 76.6 },
  "13": { town: "Ambala", latitude: 30.38, longitude: 76.78 },
  "14": { town: "Ludhiana", latitude: 30.9, longitude: 75.85 },
  "15": { town: "Bathinda", latitude: 30.21, longitude: 74.95 },
  "16": { town: "Chandigarh", latitude: 30.73, longitude: 76.78 },
  "17": { town: "Shimla", latitude: 31.1, longitude: 77.17 },
  "18": { town: "Jammu", latitude: 32.73, longitude: 74.86 },
  "19": { town: "Srinagar", latitude: 34.08, longitude: 74.8 },
  "20": { town: "Aligarh", latitude: 27.88, longitude: 78.08 },
  "21": { town: "Prayagraj", latitude: 25.43, longitude: 81.85 },
  "22": { town: "Lucknow", latitude: 26.85, longitude: 80.95 },
  "23": { town: "Rae Bareli", latitude: 26.23, longitude: 81.23 },
  "24": { town: "Moradabad", latitude: 28.8, longitude: 78.78 },
  "25": { town: "Meerut", latitude: 28.98, longitude: 77.7 },
  "26": { town: "Dehradun", latitude: 30.32, longitude: 78.03 },
  "27": { town: "Gorakhpur", latitude: 26.76, longitude: 83.37 },
  "28": { town: "Agra", latitude: 27.18, longitude: 78.0 },
  "30": { town: "Jaipur", latitude: 26.91, longitude: 75.79 },
  "31": { town: "Ajmer", latitude: 26.45, longitude: 74.64 },
  "32": { town: "Kota", latitude: 25.18, longitude: 75.83 },
  "33": { town: "Bikaner", latitude: 28.02, longitude: 73.31 },
  "34": { town: "Jodhpur", latitude: 26.24, longitude: 73.02 },
  "36": { town: "Rajkot", latitude: 22.3, longitude: 70.8 },
  "37": { town: "Bhuj", latitude: 23.24, longitude: 69.67 },
  "38": { town: "Ahmedabad", latitude: 23.02, longitude: 72.57 },
  "39": { town: "Vadodara", latitude: 22.31, longitude: 73.18 },
  "40": { town: "Mumbai", latitude: 19.08, longitude: 72.88 },
  "41": { town: "Pune", latitude: 18.52, longitude: 73.86 },
  "42": { town: "Nashik", latitude: 20.0, longitude: 73.79 },
  "43": { town: "Aurangabad", latitude: 19.88, longitude: 75.34 },
  "44": { town: "Nagpur", latitude: 21.15, longitude: 79.09 },
  "45": { town: "Indore", latitude: 22.72, longitude: 75.86 },
  "46": { town: "Bhopal", latitude: 23.26, longitude: 77.41 },
  "47": { town: "Gwalior", latitude: 26.22, longitude: 78.18 },
  "48": { town: "Jabalpur", latitude: 23.18, longitude: 79.99 },
  "49": { town: "Raipur", latitude: 21.25, longitude: 81.63 },
  "50": { town: "Hyderabad", latitude: 17.39, longitude: 78.49 },
  "51": { town: "Kurnool", latitude: 15.83, longitude: 78.04 },
  "52": { town: "Vijayawada", latitude: 16.51, longitude: 80.65 },
  "53": { town: "Visakhapatnam", latitude: 17.69, longitude: 83.22 },
  "56": { town: "Bengaluru", latitude: 12.97, longitude: 77.59 },
  "57": { town: "Mysuru", latitude: 12.3, longitude: 76.64 },
  "58": { town: "Hubballi", latitude: 15.36, longitude: 75.12 },
  "59": { town: "Belagavi", latitude: 15.85, longitude: 74.5 },
  "60": { town: "Chennai", latitude: 13.08, longitude: 80.27 },
  "61": { town: "Tiruchirappalli", latitude: 10.8, longitude: 78.69 },
  "62": { town: "Madurai", latitude: 9.93, longitude: 78.12 },
  "63": { town: "Salem", latitude: 11.66, longitude: 78.15 },
  "64": { town: "Coimbatore", latitude: 11.02, longitude: 76.96 },
  "67": { town: "Kozhikode", latitude: 11.26, longitude: 75.78 },
  "68": { town: "Kochi", latitude: 9.93, longitude: 76.27 },
  "69": { town: "Thiruvananthapuram", latitude: 8.52, longitude: 76.94 },
  "70": { town: "Kolkata", latitude: 22.57, longitude: 88.36 },
  "71": { town: "Howrah", latitude: 22.59, longitude: 88.26 },
  "72": { town: "Bardhaman", latitude: 23.23, longitude: 87.86 },
  "73": { town: "Siliguri", latitude: 26.73, longitude: 88.4 },
  "74": { town: "Krishnanagar", latitude: 23.4, longitude: 88.5 },
  "75": { town: "Bhubaneswar", latitude: 20.3, longitude: 85.82 },
  "76": { town: "Berhampur", latitude: 19.31, longitude: 84.79 },
  "77": { town: "Sambalpur", latitude: 21.47, longitude: 83.97 },
  "78": { town: "Guwahati", latitude: 26.14, longitude: 91.74 },
  "79": { town: "Shillong", latitude: 25.58, longitude: 91.89 },
  "80": { town: "Patna", latitude: 25.59, longitude: 85.14 },
  "81": { town: "Bhagalpur", latitude: 25.25, longitude: 86.98 },
  "82": { town: "Gaya", latitude: 24.8, longitude: 85.0 },
  "83": { town: "Ranchi", latitude: 23.34, longitude: 85.31 },
  "84": { town: "Muzaffarpur", latitude: 26.12, longitude: 85.39 },
  "85": { town: "Purnia", latitude: 25.78, longitude: 87.47 },
};

/** The town a PIN's region is placed at, or null for a PIN that is not six digits or a region not listed. */
export function pinRegionTown(pin: string | null | undefined): { region: string; town: string; latitude: number; longitude: number } | null {
  const digits = (pin ?? "").trim();
  if (!/^[1-9]\d{5}$/.test(digits)) return null;
  const region = digits.slice(0, 2);
  const town = PIN_REGION_TOWNS[region];
  return town ? { region, ...town } : null;
}

/**
 * How far the customer's location is from their Aadhaar address, as the official sees it: kilometres
 * (whole) from the main town of the address's PIN region, or null when the PIN cannot be placed.
 */
export function distanceFromAddress(location: { latitude: number; longitude: number }, pin: string | null | undefined): { km: number; town: string } | null {
  const town = pinRegionTown(pin);
  return town ? { km: Math.round(distanceKm(location, town)), town: town.town } : null;
}
