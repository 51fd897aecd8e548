import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./context.ts";
import { pathOf } from "./url-target.ts";

/**
 * One structured line per request; the path only, since query strings can carry personal data. A request
 * id the client sent is cleaned and masked like any text; the server's own is written as the X-Request-Id
 * header says it (as the page cache's hits are), so support can find the line from the id a customer quotes.
 */
export function accessLog(logger: Pick<Logger, "request" | "requestOf">, newId: () => string = randomUUID): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req
      .header("x-request-id")
      ?.slice(0, 64)
      .replace(/[^\w-]/g, "");
    const requestId = sent || newId();
    c.set("requestId", requestId);
    await next();
    // Set on the response's own headers, as securityHeaders does: c.header() on a finished response
    // copies the whole response first (a quarter of the access log's cost per API request).
    c.res.headers.set("X-Request-Id", requestId);
    const line = { method: c.req.method, path: pathOf(c.req.url), status: c.res.status };
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (sent) logger.request({ reqId: requestId, ...line, ms });
    else logger.requestOf(line)(requestId, ms);
  };
}
