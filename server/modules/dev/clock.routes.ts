import { Hono, type Context } from "hono";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import type { Services } from "../../services.ts";
import type { ClockState } from "../clock/clock.service.ts";
import { InvalidInput } from "../domain-errors.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

const india = (iso: string) => new Date(iso).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "medium" });

/** "90 days ahead of", "3 hours behind": how far the clock is moved, in words. */
function describeOffset(ms: number): string {
  const abs = Math.abs(ms);
  const amount = abs >= 86_400_000 ? `${Math.round(abs / 86_400_000)} day(s)` : `${Math.round(abs / 3_600_000)} hour(s)`;
  return `${amount} ${ms > 0 ? "ahead of" : "behind"}`;
}

function page(state: ClockState, message: { text: string; error: boolean } | null, jobs: string | null) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox clock | SalaryOnTime</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a;max-width:40rem}form{margin:0 0 1rem;padding:.75rem;border:1px solid #ccc}label{display:block;margin:0 0 .25rem}input{font:inherit;padding:.4rem;margin:0 0 .5rem;max-width:100%}button{font:inherit;padding:.5rem 1rem}.error{color:#a00000}pre{white-space:pre-wrap;word-break:break-word}</style></head>
<body><main><h1>Sandbox clock</h1>
<p>The server's clock for every service and job: accruals, reminders, due dates and jobs all read it. This page does not exist in production mode.</p>
<p>Server time now: <strong><time datetime="${state.now}">${escapeHtml(india(state.now))}</time></strong> (India time)${state.moved ? `, ${escapeHtml(describeOffset(state.offsetMs))} real time` : ", real time"}.</p>
${message ? `<p role="${message.error ? "alert" : "status"}" class="${message.error ? "error" : ""}">${escapeHtml(message.text)}</p>` : ""}
<form method="post" action="/dev/clock"><label for="advanceDays">Move forward by (days)</label><input id="advanceDays" name="advanceDays" inputmode="numeric" pattern="[0-9]*" required><button type="submit">Move the clock</button></form>
<form method="post" action="/dev/clock"><label for="now">Set to (India time, YYYY-MM-DDTHH:MM)</label><input id="now" name="now" placeholder="2026-12-31T10:00" required><button type="submit">Set the clock</button></form>
<form method="post" action="/dev/clock"><input type="hidden" name="reset" value="true"><button type="submit">Back to real time</button></form>
<form method="post" action="/dev/jobs/run"><button type="submit">Run the day's jobs now</button></form>
${jobs ? `<h2>Jobs run</h2><pre>${escapeHtml(jobs)}</pre>` : ""}
<p><a href="/dev/outbox">SMS outbox</a> · <a href="/my-dashboard">Dashboard</a></p>
</main></body></html>`;
}

/** A JSON body, or the page's form (form-encoded). */
async function readInput(c: Context<AppEnv>): Promise<{ input: unknown; json: boolean }> {
  const type = c.req.header("content-type") ?? "";
  if (/^application\/json/i.test(type)) {
    const text = (await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text;
    try {
      return { input: parseJsonObject(text), json: true };
    } catch {
      return { input: null, json: true };
    }
  }
  if (/^application\/x-www-form-urlencoded/i.test(type))
    return { input: Object.fromEntries(new URLSearchParams((await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text)), json: false };
  return { input: null, json: true };
}

/**
 * Sandbox only (issue 20): GET /dev/clock (a page) and /dev/clock.json; POST /dev/clock with
 * {"advanceDays": n}, {"now": "<ISO time>"} or {"reset": true}; POST /dev/jobs/run runs the day's
 * jobs now, one after another, and answers what each did. Never mounted in production mode.
 */
export function createClockDevRoutes({ clock, jobHandlers, now }: Pick<Services, "clock" | "jobHandlers" | "now">) {
  const routes = new Hono<AppEnv>();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });
  routes.get("/clock.json", async (c) => {
    if (!clock) return c.json({ error: "The sandbox clock is not running in this process." }, 404);
    return c.json(await clock.load());
  });
  routes.get("/clock", async (c) => {
    if (!clock) return c.text("The sandbox clock is not running in this process.", 404);
    return c.html(page(await clock.load(), null, null));
  });
  routes.post("/clock", async (c) => {
    if (!clock) return c.json({ error: "The sandbox clock is not running in this process." }, 404);
    const { input, json } = await readInput(c);
    try {
      const state = await clock.change(input);
      return json ? c.json(state) : c.html(page(state, { text: `The clock now reads ${india(state.now)}.`, error: false }, null));
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      return json ? c.json({ error: error.message }, 422) : c.html(page(clock.state(), { text: error.message, error: true }, null), 422);
    }
  });
  routes.post("/jobs/run", async (c) => {
    const results: Record<string, unknown> = {};
    for (const [name, run] of Object.entries(jobHandlers)) {
      try {
        results[name] = { ok: true, result: await run() };
      } catch (error) {
        results[name] = { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }
    const wantsPage = /^application\/x-www-form-urlencoded/i.test(c.req.header("content-type") ?? "");
    if (wantsPage && clock) return c.html(page(clock.state(), { text: "The day's jobs have run.", error: false }, JSON.stringify(results, null, 2)));
    return c.json({ now: now().toISOString(), jobs: results });
  });
  return routes;
}
