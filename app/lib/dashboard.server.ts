// Server-only helpers for the dashboard's loaders and actions: the API through the request
// context (app/lib/server-context.ts), the dashboard data once per request, journey events
// answered by a redirect to the next screen or by the form's errors, and the one-shot notice.
import { data, redirect, type RouterContextProvider } from "react-router";
import { APPLY_NOW_PATH, screenFor } from "../../core/journey/index.ts";
import { errorText, isSessionEnd, type Envelope } from "./api.ts";
import { CONTROLLER, type DashboardData } from "./dashboard-data.ts";
import { serverContext, type ApiCaller, type ServerContext } from "./server-context.ts";
import type { JourneyFormReply } from "./use-journey-form.ts";

export const PREVIEW_PATH = "/my-dashboard/profile-preview";

/** The API for this visitor; no session (or no server, when prerendering) sends them to Apply Now. */
export function requireApi(context: Readonly<RouterContextProvider>): ApiCaller {
  const ctx = context.get(serverContext);
  if (!ctx.session || !ctx.api) throw redirect(APPLY_NOW_PATH);
  return ctx.api;
}

/** A Status 4 or 5 answer ends the web session (decision 12), on the server now. */
export function endOnSessionLoss<T>(reply: Envelope<T>): Envelope<T> {
  if (isSessionEnd(reply.Status)) throw redirect(APPLY_NOW_PATH);
  return reply;
}

const dashboards = new WeakMap<ServerContext, Promise<Envelope<DashboardData>>>();

/** getDashboardData once per request: the layout and a child's guard share one call. */
export async function loadDashboard(context: Readonly<RouterContextProvider>): Promise<{ dashboard: DashboardData | null; error: string }> {
  const api = requireApi(context);
  const key = context.get(serverContext);
  let pending = dashboards.get(key);
  if (!pending) {
    pending = api.api<DashboardData>(`${CONTROLLER}/getDashboardData`, {});
    dashboards.set(key, pending);
  }
  const reply = endOnSessionLoss(await pending);
  return reply.Status === 1 && reply.Data ? { dashboard: reply.Data, error: "" } : { dashboard: null, error: errorText(reply) };
}

// The snackbar message of a step that moved on, carried over its redirect (works without JavaScript too).
const NOTICE_COOKIE = "sot_notice";
const NOTICE_ATTRS = "Path=/my-dashboard; HttpOnly; SameSite=Lax";

export function noticeCookie(message: string) {
  return `${NOTICE_COOKIE}=${encodeURIComponent(`${Date.now()}|${message.slice(0, 300)}`)}; Max-Age=60; ${NOTICE_ATTRS}`;
}

/** The pending notice, and the header that clears it (shown once). */
export function takeNotice(request: Request): { notice: { id: string; message: string } | null; headers: HeadersInit | undefined } {
  const notice = readOneShot(request, NOTICE_COOKIE);
  return notice === undefined ? { notice: null, headers: undefined } : { notice, headers: { "Set-Cookie": `${NOTICE_COOKIE}=; Max-Age=0; ${NOTICE_ATTRS}` } };
}

// A step's failure brought back to the screen that starts it (e.g. DigiLocker's answer to the
// Adhar page), shown there as the form's alert; same one-shot rules as the notice.
const STEP_ERROR_COOKIE = "sot_step_error";

export function stepErrorCookie(message: string) {
  return `${STEP_ERROR_COOKIE}=${encodeURIComponent(`${Date.now()}|${message.slice(0, 300)}`)}; Max-Age=60; ${NOTICE_ATTRS}`;
}

/** The pending step error ("" when none), and the header that clears it. */
export function takeStepError(request: Request): { error: string; headers: HeadersInit | undefined } {
  const found = readOneShot(request, STEP_ERROR_COOKIE);
  return found === undefined
    ? { error: "", headers: undefined }
    : { error: found?.message ?? "", headers: { "Set-Cookie": `${STEP_ERROR_COOKIE}=; Max-Age=0; ${NOTICE_ATTRS}` } };
}

/** undefined: no cookie; null: a cookie that does not parse (still cleared). */
function readOneShot(request: Request, name: string): { id: string; message: string } | null | undefined {
  const raw = request.headers
    .get("cookie")
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`));
  if (!raw) return undefined;
  let value = "";
  try {
    value = decodeURIComponent(raw.slice(name.length + 1));
  } catch {
    value = "";
  }
  const cut = value.indexOf("|");
  return cut > 0 && value.slice(cut + 1) ? { id: value.slice(0, cut), message: value.slice(cut + 1) } : null;
}

/** The form's fields as strings (files are not sent this way). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}

/**
 * Sends one journey event. Success: redirect to next_step's screen (or back to the profile preview
 * when updating from it) with the server's message as the notice. Failure: the message and field errors.
 */
export async function submitJourneyEvent(
  context: Readonly<RouterContextProvider>,
  payload: { event_name: string } & Record<string, unknown>,
  options: { values: Record<string, string>; update?: boolean },
) {
  const reply = endOnSessionLoss(await requireApi(context).journey<{ next_step?: string }>(payload));
  if (reply.Status === 1 && reply.Data) {
    const to = options.update ? PREVIEW_PATH : screenFor(reply.Data.next_step);
    throw redirect(to, { headers: { "Set-Cookie": noticeCookie(reply.Message) } });
  }
  return data<JourneyFormReply>({ message: errorText(reply), errors: reply.errors ?? {}, values: options.values }, { status: 400 });
}

/** True when the step was opened with ?action=update (the profile preview's Edit links). */
export function isUpdate(request: Request) {
  return new URL(request.url).searchParams.get("action") === "update";
}
