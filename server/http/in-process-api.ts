import type { Context, Hono } from "hono";
import { JOURNEY_PATH } from "../../core/contract/paths.ts";
import type { AppEnv } from "./context.ts";
import type { Language } from "../../core/i18n/index.ts";

export interface InProcessEnvelope {
  Status: number;
  Message: string;
  Data?: unknown;
  errors?: Record<string, string>;
}

/** Headers of the page request that the API needs to see the same visitor: session, client address, origin. */
const CARRIED = ["cookie", "auth-token", "x-forwarded-for", "user-agent", "host", "origin"] as const;

/**
 * Page loaders and actions call the JSON API through this: the request runs through the same
 * Hono app in-process (no socket, no loopback), with the visitor's cookie, address and origin,
 * so the API guard, session, ownership checks, validation and services are the very same ones
 * the mobile apps meet. Answers are the same envelope. Cookies the API sets (a cleared session)
 * are collected and handed to the page response.
 */
export function inProcessApi(app: Hono<AppEnv>, c: Context<AppEnv>, publicOrigin: string, language: () => Language | undefined = () => undefined) {
  const setCookies: string[] = [];
  async function api(path: string, body: Record<string, unknown> = {}): Promise<InProcessEnvelope> {
    // Only the JSON API: pages must not be able to reach dev or sandbox routes through this.
    if (!path.startsWith("/Api/")) throw new Error(`in-process calls reach /Api/* only: ${path}`);
    const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
    for (const name of CARRIED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    // Issue 23: the API answers in the page's language (the dashboard's, from the cookie or profile).
    const lang = language();
    if (lang) headers.set("accept-language", lang);
    // A page request without Origin (a GET) is still a browser: say so, so no token is ever put in a body.
    if (!headers.has("origin")) headers.set("origin", new URL(publicOrigin).origin);
    // The inner call's log line carries the page's request id.
    if (c.var.requestId) headers.set("x-request-id", c.var.requestId);
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
