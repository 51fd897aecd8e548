// Issue 34: the production adapter, Meta's WhatsApp Business Platform Cloud API.
// POST https://graph.facebook.com/{version}/{phone-number-id}/messages with a bearer token and a template
// message; Meta answers {"messaging_product":"whatsapp","contacts":[…],"messages":[{"id":"wamid…"}]}, or
// {"error":{"message","type","code","error_data":{"details"},"fbtrace_id"}} with an HTTP error status.
import { classifyCloudApiError, cloudApiRecipient, type WhatsAppPort, type WhatsAppSendResult } from "./port.ts";

export interface CloudApiConfig {
  accessToken: string;
  phoneNumberId: string;
  /** The Graph API version, e.g. v24.0. */
  apiVersion: string;
  /** https://graph.facebook.com unless a test or proxy says otherwise. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type GraphError = { error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } } };
type SendAnswer = { messages?: { id?: unknown }[] } & GraphError;

export function createCloudApiWhatsApp(config: CloudApiConfig): WhatsAppPort {
  const doFetch = config.fetch ?? fetch;
  const url = `${config.baseUrl ?? "https://graph.facebook.com"}/${config.apiVersion}/${config.phoneNumberId}/messages`;
  return {
    async send({ to, template, lang, parameters }): Promise<WhatsAppSendResult> {
      const body = {
        messaging_product: "whatsapp",
        to: cloudApiRecipient(to),
        type: "template",
        template: {
          name: template,
          language: { code: lang },
          ...(parameters.length ? { components: [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }] } : {}),
        },
      };
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        // No answer (timeout, connection reset): Meta may have taken it, so it is not a failure.
        return { outcome: "unknown", detail: error instanceof Error ? error.name : "no answer" };
      }
      const answer = (await response.json().catch(() => null)) as SendAnswer | null;
      if (response.ok) {
        const wamid = answer?.messages?.[0]?.id;
        return typeof wamid === "string" && wamid
          ? { outcome: "accepted", wamid }
          : { outcome: "unknown", detail: `HTTP ${response.status} without a message id` };
      }
      const error = answer?.error;
      if (!error || typeof error !== "object") {
        // Not Meta's error body: a proxy's page or a cut-off answer. A server error may still have sent it.
        if (response.status >= 500) return { outcome: "unknown", detail: `HTTP ${response.status}` };
        return { outcome: "failed", code: null, title: `HTTP ${response.status}`, failure: "invalid_request" };
      }
      const code = typeof error.code === "number" ? error.code : null;
      // The title names what went wrong; Meta's texts name no customer (the number is ours to know).
      const details = typeof error.error_data?.details === "string" ? error.error_data.details : null;
      const title = (details ?? (typeof error.message === "string" ? error.message : `HTTP ${response.status}`)).slice(0, 300);
      return { outcome: "failed", code, title, failure: classifyCloudApiError(code) };
    },
  };
}
