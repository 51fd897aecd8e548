// The node:http server the product listens on (server/main.ts hands it to @hono/node-server's serve()): a first
// listener answers what it can before Hono builds a Request (the page cache's hits), with node:http's settings.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions, type ServerResponse } from "node:http";

/** node:http's settings for every request the product serves. */
export const NODE_SERVER_OPTIONS = {
  // A request without Content-Length or Transfer-Encoding has no body (RFC 9112, 6.3). node:http then hands it over
  // already ended, instead of resuming, ending and closing its stream for each one: about a tenth of a cached hit's
  // CPU on a server that has served the rest of the product (issue 35). Its body reads as empty, as before.
  optimizeEmptyRequests: true,
} satisfies ServerOptions;

/** Kept-alive sockets outlive the usual 60 s idle of proxies: node's 5 s would close one as a proxy reuses it (ECONNRESET). */
const KEEP_ALIVE_MS = 65_000;

/** The product's keep-alive settings on a server (the bench's floors take them too). */
export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}

/** A createServer for serve(): `first` answers a request and returns true, or returns false and Hono's listener gets it. */
export function serverAnsweringFirst(first: (req: IncomingMessage, res: ServerResponse) => boolean): typeof createServer {
  return ((options: ServerOptions, listener: RequestListener) => {
    const server = createServer({ ...options, ...NODE_SERVER_OPTIONS }, (req, res) => {
      if (!first(req, res)) listener(req, res);
    });
    return keepConnectionsAlive(server);
  }) as typeof createServer;
}
