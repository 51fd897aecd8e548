// Issue 33: the video KYC's pure rules: the checks an approval needs, who may audit, the location's shape,
// and the minutes waited.
import { describe, expect, it } from "vitest";
import { mayAudit, missingChecks, videoKycAuditSchema, videoKycDecisionSchema, videoKycLocationSchema, waitingMinutes } from "./video-kyc.ts";

describe("video KYC rules (issue 33)", () => {
  it("an approval needs the four RBI checks and the liveness action, in a fixed order", () => {
    expect(missingChecks({ no_prompting: true, same_person: true, pan_legible: true, face_match: true, liveness_done: true })).toEqual([]);
    expect(missingChecks({ face_match: true, same_person: "yes" })).toEqual(["no_prompting", "same_person", "pan_legible", "liveness_done"]);
    const parsed = videoKycDecisionSchema.parse({ outcome: "REJECT", reason: "  No PAN shown  " });
    expect(parsed).toEqual({
      outcome: "REJECT",
      reason: "No PAN shown",
      checks: { no_prompting: false, same_person: false, pan_legible: false, face_match: false, liveness_done: false },
    });
  });

  it("the audit is a second person's: an auditor or another video KYC official, never the one who took the call", () => {
    const call = { officialId: "a" };
    expect(mayAudit({ staffId: "a", role: "video_kyc" }, call)).toBe(false);
    expect(mayAudit({ staffId: "b", role: "video_kyc" }, call)).toBe(true);
    expect(mayAudit({ staffId: "c", role: "auditor" }, call)).toBe(true);
    expect(mayAudit({ staffId: "d", role: "credit_head" }, call)).toBe(false);
    expect(videoKycAuditSchema.safeParse({ outcome: "OVERTURNED" }).success).toBe(false);
    expect(videoKycAuditSchema.safeParse({ outcome: "OVERTURNED", note: "Prompted by someone" }).success).toBe(true);
  });

  it("the browser's location: degrees in range and an accuracy in metres", () => {
    expect(videoKycLocationSchema.parse({ latitude: "28.6139", longitude: 77.209, accuracy: 12 })).toEqual({
      latitude: 28.6139,
      longitude: 77.209,
      accuracy: 12,
    });
    expect(videoKycLocationSchema.safeParse({ latitude: -91, longitude: 0, accuracy: 1 }).success).toBe(false);
    expect(videoKycLocationSchema.safeParse({ latitude: 0, longitude: 181, accuracy: 1 }).success).toBe(false);
    expect(videoKycLocationSchema.safeParse({ latitude: 0, longitude: 0, accuracy: -1 }).success).toBe(false);
  });

  it("minutes waited: whole minutes, never negative", () => {
    const queued = new Date("2026-11-28T10:00:00Z");
    expect(waitingMinutes(queued, new Date("2026-11-28T10:04:59Z"))).toBe(4);
    expect(waitingMinutes(queued, new Date("2026-11-28T09:59:00Z"))).toBe(0);
  });
});
