import { readProviderJson } from "../read-json.ts";
import { isIndividualPan, type PanVerificationPort } from "./port.ts";

export interface KycApiPanConfig {
  /** The provider's PAN verification endpoint, e.g. https://api.provider.example/v1/pan/verify */
  url: string;
  apiKey: string;
  fetch?: typeof fetch;
}

/** The typical provider reply of integrations.md. */
interface ProviderReply {
  pan_status?: string;
  registered_name?: string;
  name_match_score?: number;
  name_match_result?: string;
  aadhaar_seeding_status?: string;
  category?: string;
}

/**
 * Production PAN verification against an NSDL/Protean-backed KYC API that answers in the
 * common shape (pan_status VALID, registered_name, aadhaar_seeding_status).
 */
export function createKycApiPanVerification(config: KycApiPanConfig): PanVerificationPort {
  const doFetch = config.fetch ?? fetch;
  return {
    async verify({ pan }) {
      if (!isIndividualPan(pan)) return { status: "NOT_INDIVIDUAL" };
      const response = await doFetch(config.url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": config.apiKey },
        body: JSON.stringify({ pan, consent: "Y", reason: "Loan onboarding KYC" }),
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 404 || response.status === 422) return { status: "INVALID" };
      // Never include the body or URL in the error: they name the PAN.
      if (!response.ok) throw new Error(`PAN provider answered HTTP ${response.status}`);
      const body = await readProviderJson<ProviderReply>(response, "PAN provider");
      if (body.pan_status !== "VALID" || !body.registered_name) return { status: "INVALID" };
      if (body.category && body.category.toLowerCase() !== "individual") return { status: "NOT_INDIVIDUAL" };
      const seeding = body.aadhaar_seeding_status?.toUpperCase();
      return { status: "VALID", registeredName: body.registered_name.trim(), aadhaarSeeded: seeding ? seeding === "Y" || seeding === "LINKED" : null };
    },
  };
}
