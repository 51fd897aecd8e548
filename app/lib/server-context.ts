import { createContext as createReactContext } from "react";
import { createContext } from "react-router";
import type { BlogDetail, BlogSummary } from "../../core/blog.ts";
import type { AdminApi } from "../../core/admin/admin-api.ts";
import type { Envelope } from "./api.ts";
import type { Language } from "../../core/i18n/index.ts";

export type { BlogDetail, BlogSummary };

/** What the Hono server hands each request's loaders. The server sets it; app code only reads it. */
export interface ServerContext {
  nonce: string;
  session: { profileId: string } | null;
  sandbox: boolean;
  /** Issue 23: the visitor's language for pages not addressed by language (the dashboard); absent when prerendering. */
  language?: Language;
  /** Blog posts from the database, read in-process by the blog loaders (absent when prerendering). */
  blog?: BlogSource;
  /** The JSON API called in-process with this visitor's session (absent when prerendering). */
  api?: ApiCaller;
  /** The back office desks, with the signed-in staff member bound in (only on /admin requests). */
  admin?: AdminApi;
  /** Decision 22: a third-party tracking tag (TRACKING_SCRIPT_URL); absent unless configured. */
  trackingScript?: string;
}

/**
 * Loaders and actions reach the API through this: the same Hono app, guard, session, ownership
 * checks, validation and services as the mobile apps, run in-process with the visitor's cookie
 * and address. Answers are the API's envelope.
 */
export interface ApiCaller {
  api<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>): Promise<Envelope<T>>;
  journey<T = Record<string, unknown>>(payload: { event_name: string } & Record<string, unknown>): Promise<Envelope<T>>;
}

export interface BlogSource {
  list(start: number, end: number): Promise<BlogSummary[]>;
  detail(slug: string): Promise<BlogDetail | null>;
}

/** Prerendering has no request, so the default is an anonymous sandbox visitor. */
export const serverContext = createContext<ServerContext>({ nonce: "", session: null, sandbox: true });

/** The CSP nonce, for <Scripts> and friends during server rendering. */
export const NonceContext = createReactContext<string | undefined>(undefined);

/** The configured third-party tracking tag, rendered on the server only (absent unless configured). */
export const TrackingScriptContext = createReactContext<string | undefined>(undefined);
