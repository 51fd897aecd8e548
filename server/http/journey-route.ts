import type { Context } from "hono";
import type * as z from "zod";
import {
  apiContract as api,
  journeyContract,
  journeyEventName,
  journeyInputSchema,
  validationFailure,
  type JourneyEventInput,
  type JourneyEventName,
} from "../../core/contract/index.ts";
import { journeyEvents, schemaOptions, type EventContext, type EventResult, type JourneyEvent, type JourneyServices } from "../journey-events.ts";
import { apiLanguage } from "./api-language.ts";
import { rememberLanguageAtSignIn, requestedLanguage } from "./language-cookie.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "./body.ts";
import { parseInput } from "./contract-input.ts";
import { clientIp, type AppEnv } from "./context.ts";
import { AppError, ok, invalidSession } from "./envelope.ts";
import { readFirstTouch } from "./first-touch.ts";
import { readConsentCookie } from "./consent-cookie.ts";
import { clearSessionCookie, optionalSession, requireSession, sessionToken, setSessionCookie, type SessionAuth } from "./session.ts";

export const UPLOAD_BODY_LIMIT = 14 * 1024 * 1024;

/**
 * Each event's input schema, built once per services: building one (zod compiles it on first use)
 * cost ~100 times parsing with it. Its date rules call services.now() when they run, not when built.
 */
const schemas = new WeakMap<EventContext["services"], Map<JourneyEventName, unknown>>();
function inputSchema<E extends JourneyEventName>(name: E, services: EventContext["services"]) {
  let built = schemas.get(services);
  if (!built) schemas.set(services, (built = new Map()));
  let schema = built.get(name) as ReturnType<typeof journeyInputSchema<E>> | undefined;
  if (!schema) built.set(name, (schema = journeyInputSchema(name, schemaOptions(services))));
  return schema;
}

/** Validates the body against the event's contract schema and hands the parsed input to its handler. */
async function dispatch<E extends JourneyEventName>(name: E, body: Record<string, unknown>, ctx: EventContext): Promise<EventResult> {
  const parsed = inputSchema(name, ctx.services).safeParse(body);
  if (!parsed.success) {
    const failure = validationFailure(parsed.error);
    throw new AppError(failure.message, { httpStatus: 422, errors: failure.errors });
  }
  const entry: JourneyEvent<E> = journeyEvents[name];
  // TypeScript cannot follow a generic event through the schema table; the value is that schema's output.
  return entry.handle(parsed.data as JourneyEventInput<E>, ctx);
}

/** What the journey endpoint is given (decision 65): the events' modules and two settings of the edge. */
export type JourneyRouteDeps = {
  services: JourneyServices;
  /** TRUST_PROXY: how many proxies stand in front. */
  trustProxy: number;
  /** Cookies marked Secure (the public origin is https). */
  secureCookies: boolean;
};

/**
 * The journey endpoint and saveleadDetails. The journey endpoint: parse, find the event, check access and
 * ownership, validate, dispatch. Decisions live in the services; this only shapes HTTP.
 * saveleadDetails (spec 7): the legacy apps post the lead-detail events here. Only those events,
 * and only with a session; then exactly the journey endpoint's checks and answer.
 */
export function createJourneyHandlers(deps: JourneyRouteDeps) {
  return {
    handleJourney: (c: Context<AppEnv>) => runJourney(c, deps),
    async handleLeadDetailSave(c: Context<AppEnv>) {
      await requireSession(c, deps.services.auth);
      return runJourney(c, deps, api.saveleadDetails.input);
    },
  };
}

async function runJourney(c: Context<AppEnv>, deps: JourneyRouteDeps, only?: z.ZodType) {
  const { services, trustProxy, secureCookies } = deps;
  const auth: SessionAuth = services.auth;
  // Large bodies are read only for signed-in customers, so anonymous traffic stays at 1 MB.
  const session = await optionalSession(c, auth);
  const { text, bytes } = await readBodyText(c.req.raw, session ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT);
  const body = parseJsonObject(text);
  if (only) parseInput(only, body);

  c.set("apiLanguage", apiLanguage(c.req.header("accept-language"), body));
  const named = journeyEventName(body);
  if (!named.ok) throw new AppError(named.message, { errors: named.errors });
  const name = named.event;
  const largeBody: boolean = journeyEvents[name].largeBody ?? false;
  if (bytes > DEFAULT_BODY_LIMIT && !largeBody) throw new AppError("The request is too large.", { httpStatus: 413 });

  let active = null;
  if (journeyContract[name].access === "session") {
    active = await requireSession(c, auth);
    // Ownership (decision 20): an id that is not the session's own is refused before anything is read.
    if ("profile_id" in body && body.profile_id !== undefined && body.profile_id !== "" && String(body.profile_id) !== active.profileId) {
      throw invalidSession();
    }
  }

  const result = await dispatch(name, body, {
    services,
    session: active,
    ip: clientIp(c, trustProxy),
    token: sessionToken(c),
    firstTouch: readFirstTouch(c),
    visitorConsent: readConsentCookie(c),
    language: requestedLanguage(c, body),
  });
  let data = result.data;
  if (result.newSessionToken) {
    setSessionCookie(c, result.newSessionToken, secureCookies);
    if (name === "otp_verify" && typeof body.profile_id === "string")
      await rememberLanguageAtSignIn(c, { profiles: services.profiles, secureCookies }, body.profile_id, body);
    // Browsers keep the token in the httpOnly cookie only; apps (no Origin header) get it in the body.
    if (!c.req.header("origin")) data = { ...(data as object), app_login_token: result.newSessionToken };
  }
  if (result.endSession) clearSessionCookie(c);
  return ok(c, result.message, data);
}
