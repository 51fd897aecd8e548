import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";

/** /sitemap.xml (the app's static pages plus the services' extra entries) and /robots.txt. */
export function createPublicSiteRoutes({
  publicOrigin,
  publicSite,
  staticPaths,
}: Pick<Services, "publicSite"> & { publicOrigin: string; staticPaths: readonly string[] }) {
  const routes = new Hono<AppEnv>();
  routes.get("/sitemap.xml", async (c) => {
    const xml = buildSitemap(publicOrigin, staticPaths, await publicSite.extraSitemapEntries());
    return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" });
  });
  routes.get("/robots.txt", (c) =>
    c.body(buildRobots(publicOrigin), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  );
  return routes;
}
