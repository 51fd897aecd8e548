// Issue 33: the India check of a video KYC's location, and the distance the official sees.
import { describe, expect, it } from "vitest";
import { distanceFromAddress, distanceKm, isInIndia, pinRegionTown } from "./india-location.ts";

// [name, latitude, longitude]
const INSIDE: [string, number, number][] = [
  ["Delhi", 28.6139, 77.209],
  ["Pune", 18.5204, 73.8567],
  ["Mumbai", 18.97, 72.83],
  ["Kolkata", 22.57, 88.36],
  ["Chennai", 13.08, 80.27],
  ["Kanyakumari", 8.08, 77.54],
  ["Rameswaram", 9.29, 79.31],
  ["Bhuj", 23.24, 69.67],
  ["Srinagar", 34.08, 74.8],
  ["Leh", 34.15, 77.58],
  ["Guwahati", 26.14, 91.74],
  ["Gangtok", 27.33, 88.61],
  ["Tawang", 27.59, 91.86],
  ["Aizawl", 23.73, 92.72],
  ["Imphal", 24.82, 93.94],
  ["Port Blair", 11.62, 92.73],
  ["Kavaratti", 10.57, 72.64],
  ["Puri", 19.8, 85.83],
  ["Visakhapatnam", 17.7, 83.3],
];

const OUTSIDE: [string, number, number][] = [
  ["Karachi", 24.86, 67.0],
  ["Islamabad", 33.68, 73.05],
  ["Kathmandu", 27.7, 85.32],
  ["Thimphu", 27.47, 89.64],
  ["Dhaka", 23.81, 90.41],
  ["Colombo", 6.93, 79.85],
  ["Malé", 4.17, 73.51],
  ["Lhasa", 29.65, 91.1],
  ["Yangon", 16.84, 96.17],
  ["London", 51.5, -0.12],
  ["Dubai", 25.2, 55.27],
  ["Singapore", 1.35, 103.82],
];

// Near a land border, tens of km either side: the outline must still tell them apart.
const BORDER_INSIDE: [string, number, number][] = [
  ["Amritsar (30 km from Wagah)", 31.63, 74.87],
  ["Jammu", 32.73, 74.86],
  ["Siliguri (the corridor between Nepal and Bangladesh)", 26.73, 88.43],
  ["Cooch Behar", 26.32, 89.45],
  ["Malda", 25.0, 88.14],
  ["Sri Ganganagar", 29.91, 73.88],
  ["Bahraich", 27.57, 81.6],
];
const BORDER_OUTSIDE: [string, number, number][] = [
  ["Lahore (25 km from Wagah)", 31.55, 74.34],
  ["Sialkot", 32.49, 74.53],
  ["Panchagarh (Bangladesh, south of Siliguri)", 26.33, 88.55],
  ["Jaffna (Sri Lanka, across the Palk Strait)", 9.66, 80.0],
  ["Rahim Yar Khan", 28.42, 70.3],
  ["Nepalgunj", 28.05, 81.62],
  ["Sylhet", 24.9, 91.87],
];

describe("isInIndia (issue 33)", () => {
  it.each(INSIDE)("%s is in India", (_name, lat, lon) => expect(isInIndia(lat, lon)).toBe(true));
  it.each(OUTSIDE)("%s is not in India", (_name, lat, lon) => expect(isInIndia(lat, lon)).toBe(false));
  it.each(BORDER_INSIDE)("near a border, %s is in India", (_name, lat, lon) => expect(isInIndia(lat, lon)).toBe(true));
  it.each(BORDER_OUTSIDE)("near a border, %s is not in India", (_name, lat, lon) => expect(isInIndia(lat, lon)).toBe(false));

  it("a point that is not a number is not in India", () => {
    expect(isInIndia(Number.NaN, 77)).toBe(false);
    expect(isInIndia(28, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe("the distance from the Aadhaar address (issue 33)", () => {
  it("measures the great circle", () => {
    expect(distanceKm({ latitude: 28.6139, longitude: 77.209 }, { latitude: 19.076, longitude: 72.8777 })).toBeGreaterThan(1140);
    expect(distanceKm({ latitude: 28.6139, longitude: 77.209 }, { latitude: 19.076, longitude: 72.8777 })).toBeLessThan(1160);
    expect(distanceKm({ latitude: 10, longitude: 10 }, { latitude: 10, longitude: 10 })).toBe(0);
  });

  it("places a PIN at its region's main town, and says nothing for one it cannot place", () => {
    expect(pinRegionTown("411001")).toMatchObject({ region: "41", town: "Pune" });
    expect(pinRegionTown(" 110001 ")).toMatchObject({ town: "Delhi" });
    expect(pinRegionTown("011001")).toBeNull();
    expect(pinRegionTown("4110")).toBeNull();
    expect(pinRegionTown("990001")).toBeNull();
    expect(pinRegionTown(null)).toBeNull();
  });

  it("gives whole kilometres from that town", () => {
    expect(distanceFromAddress({ latitude: 18.5204, longitude: 73.8567 }, "411038")).toEqual({ km: 0, town: "Pune" });
    const far = distanceFromAddress({ latitude: 28.6139, longitude: 77.209 }, "411038");
    expect(far?.town).toBe("Pune");
    expect(far!.km).toBeGreaterThan(1150);
    expect(far!.km).toBeLessThan(1190);
    expect(distanceFromAddress({ latitude: 28.6, longitude: 77.2 }, "")).toBeNull();
  });
});
