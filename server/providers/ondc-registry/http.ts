// Issue 32: the ONDC registry's lookup over HTTP (pre-production https://preprod.registry.ondc.org/ondc,
// production https://prod.registry.ondc.org): POST {url}/lookup with {subscriber_id, ukId}.
import { readProviderJson } from "../read-json.ts";
import { participantFromJson, type OndcRegistryPort, type RegistryParticipant } from "./port.ts";

export function createHttpRegistry(config: { url: string; fetch?: typeof fetch; timeoutMs?: number }): OndcRegistryPort {
  const call = config.fetch ?? fetch;
  const endpoint = `${config.url.replace(/\/+$/, "")}/lookup`;
  return {
    async lookup({ subscriberId, ukId }) {
      const response = await call(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ subscriber_id: subscriberId, ukId }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 5000),
      });
      // The registry answers an unknown key with 404 or an empty list, depending on the environment.
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`ONDC registry lookup failed (HTTP ${response.status})`);
      const answer = await readProviderJson<unknown>(response, "ONDC registry");
      if (!Array.isArray(answer)) throw new Error("ONDC registry lookup answered something other than a list");
      return answer.map(participantFromJson).filter((p): p is RegistryParticipant => p !== null);
    },
  };
}
