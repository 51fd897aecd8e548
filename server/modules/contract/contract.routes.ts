import { Hono } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { buildOpenApi } from "../../../core/contract/openapi.ts";
import type { AppEnv } from "../../http/context.ts";
import { apiDocsPage } from "./api-docs-page.ts";

/** GET /api/openapi.json and GET /api/docs: the contract, built once per process. Harmless, so served in every mode. */
export function createContractRoutes() {
  const routes = new Hono<AppEnv>();
  let json: string | null = null;
  let html: string | null = null;
  const document = () => buildOpenApi();

  routes.get(api.openapi.path, (c) => {
    json ??= JSON.stringify(document());
    return c.body(json, 200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" });
  });
  routes.get(api.docs.path, (c) => {
    html ??= apiDocsPage(document());
    return c.body(html, 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" });
  });
  return routes;
}
