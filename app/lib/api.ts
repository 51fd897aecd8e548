// The typed client of the API contract (spec sections 7 and 8): inputs and replies are the
// types core/contract infers from its zod schemas. Only paths are imported as values, so
// screens that call the API do not load the schemas.
import { apiPath, JOURNEY_PATH } from "../../core/contract/paths.ts";
import type { ApiInput, ApiReply, JourneyEventName, JourneyEventPayload, JourneyEventReply, JsonApiName } from "../../core/contract/index.ts";
import { clearState } from "./session-state.ts";

export { JOURNEY_PATH };

export interface Envelope<T = Record<string, unknown>> {
  Status: number;
  Message: string;
  Data?: T;
  errors?: Record<string, string>;
  error?: string;
  /** A refused code send that needs the image captcha carries a fresh one (decision 15). */
  captcha?: Record<string, string | number>;
}

export const FALLBACK_ERROR = "An error occurred";

/** Status 4 (invalid) and 5 (expired) end the web session on every screen (decision 12). */
export function isSessionEnd(status: number) {
  return status === 4 || status === 5;
}

export function logoutLocally() {
  clearState();
  window.location.assign("/apply-now");
}

/** The page's <html lang> (en-IN or hi-IN), which the API reads to word its messages (issue 23). */
const pageLang = () => (typeof document === "undefined" ? "en-IN" : document.documentElement.lang || "en-IN");

/**
 * POSTs JSON and returns the server's envelope, or a Status 0 envelope when no answer arrived.
 * A Status 4 or 5 answer logs the client out unless `keepSession` is set.
 */
export async function postJson<T = Record<string, unknown>>(path: string, body: unknown, options: { keepSession?: boolean } = {}): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      // The API words coded messages in the page's language (issue 23): <html lang> is en-IN or hi-IN.
      headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": pageLang() },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { Status: 0, Message: FALLBACK_ERROR };
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    return { Status: 0, Message: FALLBACK_ERROR };
  }
  if (!options.keepSession && isSessionEnd(envelope.Status)) logoutLocally();
  return envelope;
}

/** Posts one journey event; the payload and the reply's Data are typed by the event's contract. */
export function journey<E extends JourneyEventName>(
  payload: JourneyEventPayload<E> & { event_name: E },
  options?: { keepSession?: boolean },
): Promise<Envelope<JourneyEventReply<E>>>;
/** @deprecated A hand-written reply type: call `journey(payload)` and let the contract type the reply. */
export function journey<T>(payload: { event_name: string } & Record<string, unknown>, options?: { keepSession?: boolean }): Promise<Envelope<T>>;
export function journey(payload: { event_name: string }, options?: { keepSession?: boolean }) {
  return postJson(JOURNEY_PATH, payload, options);
}

/** Posts to a JSON path of the contract by its name (e.g. "getDashboardData"). */
export function api<K extends JsonApiName>(name: K, body: ApiInput<K>, options?: { keepSession?: boolean }) {
  return postJson<ApiReply<K>>(apiPath(name), body, options);
}

/** The message to show for a failed envelope: Message, else error, else the generic text (spec section 8). */
export function errorText(envelope: Envelope<unknown>, fallback = FALLBACK_ERROR) {
  return envelope.Message || envelope.error || fallback;
}
