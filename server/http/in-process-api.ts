import type { Context, Hono } from "hono";
import { JOURNEY_PATH } from "../../core/contract/paths.ts";
import { splitLanguagePath, type Language } from "../../core/i18n/index.ts";
import type { AppEnv } from "./context.ts";

export interface InProcessEnvelope {
  Status: number;
  Message: string;
  Data?: unknown;
  errors?: Record<string, string>;
}

/** Headers of the page request that the API needs to see the same visitor: session, client address, origin. */
const CARRIED = ["cookie", "auth-token", "x-forwarded-for", "user-agent", "host", "origin"] as const;

/** Pages that follow the visitor's language (cookie, profile, browser) rather than their address: the dashboard and the gateways' return page. */
const VISITOR_LANGUAGE_PREFIXES = ["/my-dashboard", "/thank-you/"];

/**
 * The language a page is shown in (issue 23), for the API answers its loaders and actions read: the
 * visitor's for the dashboard, else the address's (/hi/… is Hindi; every other page is English).
 */
export function pageLanguageOf(path: string, visitor: Language): Language {
  if (VISITOR_LANGUAGE_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith("/") ? p : `${p}/`) || path.startsWith(`${p}.data`))) return visitor;
  return splitLanguagePath(path).lang;
}

/**
 * Page loaders and actions call the JSON API through this: the request runs through the same
 * Hono app in-process (no socket, no loopback), with the visitor's cookie, address and origin,
 * so the API guard, session, ownership checks, validation and services are the very same ones
 * the mobile apps meet. Answers are the same envelope. Cookies the API sets (a cleared session)
 * are collected and handed to the page response. Answers come in the page's `language` when given.
 */
export function inProcessApi(app: Hono<AppEnv>, c: Context<AppEnv>, publicOrigin: string, language?: Language) {
  const setCookies: string[] = [];
  async function api(path: string, body: Record<string, unknown> = {}): Promise<InProcessEnvelope> {
    // Only the JSON API: pages must not be able to reach dev or sandbox routes through this.
    if (!path.startsWith("/Api/")) throw new Error(`in-process calls reach /Api/* only: ${path}`);
    const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
    for (const name of CARRIED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    // The API words coded answers in the page's language, whatever the browser's own Accept-Language.
    if (language) headers.set("accept-language", language);
    // A page request without Origin (a GET) is still a browser: say so, so no token is ever put in a body.
    if (!headers.has("origin")) headers.set("origin", new URL(publicOrigin).origin);
    // The inner call's log line carries the page's request id.
    const requestId = c.get("requestId");
    if (requestId) headers.set("x-request-id", requestId);
    const request = new Request(new URL(path, c.req.url), { method: "POST", headers, body: JSON.stringify(body) });
    // The Node bindings (c.env) carry the socket, so the client address is the page visitor's.
    const response = await app.fetch(request, c.env);
    setCookies.push(...response.headers.getSetCookie());
    try {
      return (await response.json()) as InProcessEnvelope;
    } catch {
      return { Status: 0, Message: "An error occurred" };
    }
  }
  return {
    api,
    journey: (payload: { event_name: string } & Record<string, unknown>) => api(JOURNEY_PATH, payload),
    /** Appends the cookies the API set to the page's response. */
    passCookies(response: Response): Response {
      if (!setCookies.length) return response;
      try {
        for (const cookie of setCookies) response.headers.append("set-cookie", cookie);
        return response;
      } catch {
        // Immutable headers (a fetched response): copy it.
        const copy = new Response(response.body, response);
        for (const cookie of setCookies) copy.headers.append("set-cookie", cookie);
        return copy;
      }
    },
  };
}
