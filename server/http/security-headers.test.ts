import { describe, expect, it } from "vitest";
import { cspNonce } from "./security-headers.ts";

describe("CSP nonces", () => {
  it("are 16 random bytes each, never repeated across the pool's refills", () => {
    const nonces = Array.from({ length: 1000 }, () => cspNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});
