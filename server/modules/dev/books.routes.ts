import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { isIsoDate, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { AppEnv } from "../../http/context.ts";

/**
 * Sandbox only: GET /dev/ledger-check.json[?date=YYYY-MM-DD] answers `npm run ledger:check`'s report
 * for the running server (PGlite lets one process open the data dir, so the browser tests ask here
 * after their run). Never mounted in production mode.
 */
export function createBooksDevRoutes({ booksCheck, now }: Pick<Services, "booksCheck" | "now">) {
  const routes = new Hono<AppEnv>();
  routes.get("/ledger-check.json", async (c) => {
    c.header("Cache-Control", "no-store");
    const date = c.req.query("date");
    if (date !== undefined && !isIsoDate(date)) return c.json({ error: "date is a calendar date, YYYY-MM-DD." }, 422);
    const asOf = (date as IsoDate | undefined) ?? todayInIndia(now());
    return c.json(await booksCheck.run(asOf));
  });
  return routes;
}
