import type { Logger } from "../../logger.ts";
import type { TrackerPort } from "./port.ts";

/**
 * Production: each event is POSTed as JSON to the configured postback URL (the advertising
 * partner's server-to-server endpoint, with click_id), without the customer's profile id.
 * Sent in the background with a short timeout: tracking never slows or fails a journey step.
 */
export function createPostbackTracker(deps: { url: string; logger: Logger; fetch?: typeof fetch }): TrackerPort {
  const send = deps.fetch ?? fetch;
  return {
    async record(event) {
      const body = JSON.stringify({
        event: event.name,
        at: event.at,
        ...event.attribution,
        campaign: event.campaign ?? null,
        amount_paise: event.amountPaise ?? null,
      });
      void send(deps.url, { method: "POST", headers: { "content-type": "application/json" }, body, signal: AbortSignal.timeout(5000) })
        .then((r) => {
          if (!r.ok) deps.logger.warn("tracking postback refused", { event: event.name, status: r.status });
        })
        .catch((error: unknown) => deps.logger.warn("tracking postback failed", { event: event.name, error }));
    },
  };
}

/** No tracker configured: nothing leaves the server. */
export const noTracker: TrackerPort = { record: async () => undefined };
