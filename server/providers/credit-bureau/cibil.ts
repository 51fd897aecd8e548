import { readProviderJson } from "../read-json.ts";
import type { CreditBureauPort } from "./port.ts";

export interface CibilConfig {
  /** The bureau's consumer score endpoint (through the lender's bureau connector). */
  url: string;
  apiKey: string;
  memberId: string;
  fetch?: typeof fetch;
}

interface ScoreReply {
  /** "-1" (or absent) means no history; otherwise 300-900. */
  score?: string | number;
  control_number?: string;
}

/** Production bureau pull: a soft enquiry for the consumer score. */
export function createCibilBureau(config: CibilConfig): CreditBureauPort {
  const doFetch = config.fetch ?? fetch;
  return {
    async fetchScore({ pan, fullName, dob, mobile, pincode }) {
      const response = await doFetch(config.url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": config.apiKey },
        body: JSON.stringify({ member_id: config.memberId, enquiry_purpose: "05", pan, name: fullName, dob, mobile, pincode }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!response.ok) throw new Error(`Credit bureau answered HTTP ${response.status}`);
      const body = await readProviderJson<ScoreReply>(response, "Credit bureau");
      const reference = body.control_number ?? "";
      const score = Number(body.score);
      if (body.score === undefined || !Number.isFinite(score) || score < 300) return { status: "NO_HISTORY", reference };
      return { status: "SCORE", score, reference };
    },
  };
}
