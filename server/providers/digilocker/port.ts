// DigiLocker eKYC (integrations.md): OAuth 2 authorization code with PKCE (S256), then the e-Aadhaar.
import { createHash, randomBytes } from "node:crypto";

/** base64url without padding (RFC 4648 §5, as RFC 7636 uses it). */
export function base64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** RFC 7636 §4.1: 32 random bytes → a 43-character verifier. */
export function createCodeVerifier(): string {
  return base64Url(randomBytes(32));
}

/** RFC 7636 §4.2, method S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function codeChallengeS256(verifier: string): string {
  return base64Url(createHash("sha256").update(verifier, "ascii").digest());
}

/** What we keep of the e-Aadhaar (decision 17): never the full number. */
export interface AadhaarKyc {
  /** Last 4 digits of the Aadhaar number. */
  last4: string;
  name: string;
  /** ISO date YYYY-MM-DD. */
  dob: string;
  /** M, F or T. */
  gender: string;
  address: string;
  /** DigiLocker's reference (digilocker_id / reference key), not the number. */
  reference: string;
}

export interface AuthorizeRequest {
  state: string;
  codeChallenge: string;
  redirectUri: string;
  /**
   * Only the sandbox reads this: it stands in for the person's own DigiLocker account,
   * so the identity it shows mirrors the profile. The production adapter ignores it.
   */
  sandboxIdentity?: { name: string; dob: string; gender: string; address: string; seed: string; last4: string | null };
}

export class DigiLockerError extends Error {
  readonly code: "invalid_grant" | "access_denied" | "provider_error";
  constructor(message: string, code: "invalid_grant" | "access_denied" | "provider_error") {
    super(message);
    this.code = code;
  }
}

export interface DigiLockerPort {
  /** The address the browser is sent to (Data.ekyc_url). */
  authorizeUrl(request: AuthorizeRequest): Promise<string>;
  /**
   * Exchanges the code (checked against the PKCE verifier by the provider) and reads the
   * e-Aadhaar. Throws DigiLockerError("invalid_grant") when the code or verifier is wrong.
   */
  fetchKyc(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<AadhaarKyc>;
}

/** XXXX-XXXX-1234 (decision 17). */
export function maskAadhaar(last4: string): string {
  return `XXXX-XXXX-${last4}`;
}
