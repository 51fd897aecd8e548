import { createContext as createReactContext } from "react";
import { createContext } from "react-router";

/** What the Hono server hands each request's loaders. The server sets it; app code only reads it. */
export interface ServerContext {
  nonce: string;
  session: { profileId: string } | null;
  sandbox: boolean;
  /** Blog posts from the database, read in-process by the blog loaders (absent when prerendering). */
  blog?: BlogSource;
}

/** Blog summary and detail of spec section 3, as the server's blog service returns them. */
export interface BlogSummary {
  title: string;
  slug: string;
  thumb_image_url: string;
  publish_date: string;
  category_name: string;
  banner_image_url: string;
}
export interface BlogDetail extends BlogSummary {
  short_description: string;
  /** Sanitized by the server when saved and again when read. */
  long_description: string;
  seo_title: string;
  seo_description: string;
  updated_at: string;
}
export interface BlogSource {
  list(start: number, end: number): Promise<BlogSummary[]>;
  detail(slug: string): Promise<BlogDetail | null>;
}

/** Prerendering has no request, so the default is an anonymous sandbox visitor. */
export const serverContext = createContext<ServerContext>({ nonce: "", session: null, sandbox: true });

/** The CSP nonce, for <Scripts> and friends during server rendering. */
export const NonceContext = createReactContext<string | undefined>(undefined);
