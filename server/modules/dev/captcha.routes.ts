import { Hono } from "hono";
import type { Services } from "../../services.ts";
import type { AppEnv } from "../../http/context.ts";

/**
 * Sandbox only: reveals the answer of a live captcha so browser tests can pass it.
 * Never mounted in production mode, and the answers it reads are only kept outside it.
 */
export function createCaptchaDevRoutes({ captchas }: Pick<Services, "captchas">) {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });
  routes.get("/captcha/:id", async (c) => {
    const answer = await captchas.reveal(c.req.param("id"));
    if (!answer) return c.json({ error: "No live captcha with that id." }, 404);
    return c.json({ captcha_id: c.req.param("id"), answer });
  });
  return routes;
}
