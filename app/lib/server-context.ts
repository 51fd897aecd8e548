import { createContext as createReactContext } from "react";
import { createContext } from "react-router";

/** What the Hono server hands each request's loaders. The server sets it; app code only reads it. */
export interface ServerContext {
  nonce: string;
  session: { profileId: string } | null;
  sandbox: boolean;
}

/** Prerendering has no request, so the default is an anonymous sandbox visitor. */
export const serverContext = createContext<ServerContext>({ nonce: "", session: null, sandbox: true });

/** The CSP nonce, for <Scripts> and friends during server rendering. */
export const NonceContext = createReactContext<string | undefined>(undefined);
