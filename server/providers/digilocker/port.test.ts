import { describe, expect, it } from "vitest";
import { codeChallengeS256, createCodeVerifier, maskAadhaar } from "./port.ts";

describe("PKCE S256 (RFC 7636)", () => {
  it("matches the appendix B test vector", () => {
    expect(codeChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });

  it("makes 43-character url-safe verifiers that differ each time", () => {
    const a = createCodeVerifier();
    const b = createCodeVerifier();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(codeChallengeS256(a)).not.toBe(codeChallengeS256(b));
  });

  it("masks the Aadhaar number as decision 17 says", () => {
    expect(maskAadhaar("1234")).toBe("XXXX-XXXX-1234");
  });
});
