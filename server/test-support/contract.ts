// Checks a successful answer against the contract (core/contract): the zod reply schema (types and
// required fields) and its JSON Schema (no field the contract does not name), so a renamed, missing or
// undocumented field fails the test that made the call.
import * as z from "zod";
import {
  apiContract,
  apiPaths,
  isJourneyEventName,
  journeyContract,
  JOURNEY_PATH,
  type ApiName,
  type ApiReply,
  type ApiRoute,
  type JourneyEventName,
  type JourneyEventReply,
} from "../../core/contract/index.ts";
import { jsonSchemaErrors } from "./json-schema.ts";

interface EnvelopeLike {
  Status: number;
  Message: string;
  Data?: unknown;
  data?: unknown;
}

function check(schema: z.ZodType, value: unknown, what: string) {
  const problems: string[] = [];
  if (schema instanceof z.ZodUndefined) {
    if (value !== undefined) problems.push("$: the contract names no Data");
  } else {
    const parsed = schema.safeParse(value);
    if (!parsed.success) problems.push(z.prettifyError(parsed.error));
    problems.push(...jsonSchemaErrors(z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }), value));
  }
  if (problems.length) throw new Error(`${what} does not match the contract:\n${problems.join("\n")}\n${JSON.stringify(value, null, 2).slice(0, 2000)}`);
}

function ensureOk(body: EnvelopeLike, what: string) {
  if (body.Status !== 1) throw new Error(`${what} answered Status ${body.Status}: ${body.Message}`);
}

/** The Data of a successful journey answer, checked against the event's reply schema. */
export function journeyReply<E extends JourneyEventName>(event: E, body: EnvelopeLike): JourneyEventReply<E> {
  ensureOk(body, event);
  // Apps get the session token beside the event's own Data.
  const data = body.Data as Record<string, unknown> | undefined;
  check(journeyContract[event].reply, data, `Data of ${event}`);
  return body.Data as JourneyEventReply<E>;
}

/** The Data (or blog `data`) of a successful answer of another path, checked against its reply schema. */
export function apiReply<K extends ApiName>(name: K, body: EnvelopeLike): ApiReply<K> {
  ensureOk(body, name);
  const route: ApiRoute = apiContract[name];
  const data = route.answer === "envelope-lower-data" ? body.data : body.Data;
  check(route.reply, data, `Data of ${name}`);
  return data as ApiReply<K>;
}

const byPath = new Map<string, ApiName>();
for (const name of Object.keys(apiContract) as ApiName[])
  for (const path of apiPaths(apiContract[name])) byPath.set(`${apiContract[name].method} ${path}`, name);

/**
 * Used by the test app's post(): every successful JSON answer of a contract path is checked,
 * so each test's success paths keep the contract honest.
 */
export function checkAnswer(method: string, path: string, requestBody: unknown, body: EnvelopeLike) {
  if (!body || body.Status !== 1) return;
  const pathname = path.split("?")[0];
  if (pathname === JOURNEY_PATH) {
    const event = (requestBody as { event_name?: unknown } | null)?.event_name;
    if (isJourneyEventName(event)) journeyReply(event, body);
    return;
  }
  const name = byPath.get(`${method} ${pathname}`);
  if (name && apiContract[name].answer !== "file" && apiContract[name].answer !== "document") apiReply(name, body);
}
