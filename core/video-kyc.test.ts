// Issue 33: the video KYC's pure rules: the checks an approval needs, who may audit, the location's shape,
// and the minutes waited.
import { describe, expect, it } from "vitest";
import {
  isJpeg,
  livenessActionKey,
  missingSnapshots,
  mayAudit,
  videoKycQuestions,
  missingChecks,
  videoKycAuditSchema,
  videoKycDecisionSchema,
  videoKycLocationSchema,
  waitingMinutes,
} from "./video-kyc.ts";

describe("video KYC rules (issue 33)", () => {
  it("an approval needs the four RBI checks and the liveness action, in a fixed order", () => {
    expect(missingChecks({ no_prompting: true, same_person: true, pan_legible: true, face_match: true, liveness_done: true })).toEqual([]);
    expect(missingChecks({ face_match: true, same_person: "yes" })).toEqual(["no_prompting", "same_person", "pan_legible", "liveness_done"]);
    const parsed = videoKycDecisionSchema.parse({ outcome: "REJECT", reason: "  No PAN shown  " });
    expect(parsed).toEqual({
      outcome: "REJECT",
      reason: "No PAN shown",
      checks: { no_prompting: false, same_person: false, pan_legible: false, face_match: false, liveness_done: false },
      questions: [],
    });
  });

  it("an approval needs the face and the PAN card snapshots, named in a fixed order; retakes count once", () => {
    expect(missingSnapshots([])).toEqual(["face", "pan"]);
    expect(missingSnapshots(["pan"])).toEqual(["face"]);
    expect(missingSnapshots(["face", "face"])).toEqual(["pan"]);
    expect(missingSnapshots(["pan", "face", "selfie"])).toEqual([]);
  });

  it("a snapshot is a JPEG when its bytes begin FF D8 FF", () => {
    expect(isJpeg(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isJpeg(Uint8Array.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(isJpeg(Uint8Array.from([0xff, 0xd8]))).toBe(false);
    expect(isJpeg(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(isJpeg(new Uint8Array(0))).toBe(false);
  });

  it("the liveness action is stored as a key; the English words of older sessions map to theirs", () => {
    expect(livenessActionKey("blink_twice")).toBe("blink_twice");
    expect(livenessActionKey("blink twice")).toBe("blink_twice");
    expect(livenessActionKey("turn your head to the right")).toBe("turn_head_right");
    expect(livenessActionKey("raise your right hand")).toBe("raise_right_hand");
    expect(livenessActionKey("smile")).toBe("smile");
    expect(livenessActionKey("dance")).toBeNull();
    expect(livenessActionKey(null)).toBeNull();
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

  it("three questions from the customer's own data, the same for the same seed, skipping facts not known", () => {
    const facts = {
      dob: "1990-05-01",
      pincode: "411038",
      careOf: "",
      district: "Pune",
      employer: "Acme Ltd",
      designation: null,
      panLast4: "234F",
      city: "Pune",
    };
    const seed = new Uint8Array([7, 3, 250, 11, 90, 1, 42, 8]);
    const asked = videoKycQuestions(facts, seed);
    expect(asked).toHaveLength(3);
    expect(new Set(asked.map((q) => q.topic)).size).toBe(3);
    for (const q of asked) {
      expect(["careOf", "designation"]).not.toContain(q.topic);
      expect(q.answer).toBe(facts[q.topic as keyof typeof facts]);
    }
    expect(videoKycQuestions(facts, seed)).toEqual(asked);
    const others = [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
      videoKycQuestions(facts, new Uint8Array([n * 31, n * 17, n * 5, n, n * 3, n * 7]))
        .map((q) => q.topic)
        .join(),
    );
    expect(new Set(others).size).toBeGreaterThan(1);
    expect(videoKycQuestions({ dob: "1990-05-01" }, seed)).toEqual([{ topic: "dob", question: "What is your date of birth?", answer: "1990-05-01" }]);
  });
});
