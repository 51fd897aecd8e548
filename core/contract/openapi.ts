// The contract as an OpenAPI 3.1 document, built from the same zod schemas the server validates
// with (z.toJSONSchema: inputs as the client sends them, replies as the server answers them).
// Listed: every route of apiContract and every journey event; see docs/decisions/platform.md "API contract".

import * as z from "zod";
import { apiContract, type ApiName, type ApiRoute } from "./api.ts";
import { journeyContract, JOURNEY_EVENT_NAMES, type JourneyEventContract } from "./journey-events.ts";
import { JOURNEY_PATH, routePaths } from "./paths.ts";

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const isNoData = (s: z.ZodType) => s instanceof z.ZodUndefined;

function envelope(dataKey: "Data" | "data", data: Json | null): Json {
  const properties: Json = { Status: { type: "integer", const: 1 }, Message: { type: "string" } };
  const required = ["Status", "Message"];
  if (data) {
    properties[dataKey] = data;
    required.push(dataKey);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

const failure = {
  type: "object",
  description: "Status 2 (error), 4 (invalid session: log out) or 5 (expired session: log out); errors names each field's message.",
  properties: {
    Status: { type: "integer", enum: [2, 4, 5] },
    Message: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "string" } },
    captcha: {
      type: "object",
      description: "Only when a code send needs the image captcha (decision 15): a fresh one; send its id and the typed characters as captcha_id and captcha.",
      properties: {
        captcha_id: { type: "string" },
        captcha_image: { type: "string", description: "A data: URI of the image." },
        width: { type: "integer" },
        height: { type: "integer" },
        expires_in: { type: "integer", description: "Seconds." },
      },
      required: ["captcha_id", "captcha_image", "width", "height", "expires_in"],
    },
  },
  required: ["Status", "Message"],
};

const security = (access: string) => (access === "session" ? [{ sessionCookie: [] }, { appToken: [] }] : []);

function eventInput(event: JourneyEventContract): z.ZodType {
  return event.documentedInput ?? event.input({});
}

/**
 * A journey event's input as an object schema: the discriminator may map only to objects (code
 * generators such as openapi-typescript need one), so an event with alternative shapes (a union)
 * becomes an object that names its event_name and keeps the alternatives under anyOf.
 */
function eventInputSchema(event: string, schema: Json): Json {
  if (schema.type === "object") return schema;
  return {
    type: "object",
    properties: { event_name: { type: "string", const: event } },
    required: ["event_name"],
    ...schema,
  };
}

function routeOperation(name: ApiName, route: ApiRoute, schemas: Json): Json {
  const op: Json = { operationId: name, summary: route.summary, security: security(route.access), "x-access": route.access };
  const input = jsonSchema(route.documentedInput ?? route.input, "input");
  if (route.method === "GET") {
    const props = (input.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.required ?? []) as string[]);
    op.parameters = Object.entries(props).map(([key, schema]) => ({ name: key, in: "query", required: required.has(key), schema }));
  } else {
    schemas[`${name}_input`] = input;
    op.requestBody = { required: true, content: { "application/json": { schema: ref(`${name}_input`) } } };
  }
  const responses: Json = {};
  if (route.answer === "envelope" || route.answer === "envelope-lower-data") {
    if (!isNoData(route.reply)) schemas[`${name}_reply`] = jsonSchema(route.reply, "output");
    schemas[`${name}_answer`] = envelope(route.answer === "envelope" ? "Data" : "data", isNoData(route.reply) ? null : ref(`${name}_reply`));
    responses["200"] = { description: "Status 1", content: { "application/json": { schema: ref(`${name}_answer`) } } };
  } else if (route.answer === "file") {
    responses["200"] = {
      description: "The file, as an attachment",
      content: { [route.contentType ?? "application/octet-stream"]: { schema: { type: "string", format: "binary" } } },
    };
  } else if (route.answer === "redirect") {
    responses["302"] = { description: "Redirect to the next page" };
    responses["303"] = { description: "Redirect to the next page" };
  } else {
    responses["200"] = { description: route.summary, content: { [route.contentType ?? "text/html"]: {} } };
  }
  responses["4XX"] = { description: "Failure", content: { "application/json": { schema: ref("Failure") } } };
  op.responses = responses;
  return op;
}

/** The OpenAPI 3.1 document of the whole contract. */
export function buildOpenApi(info: { version?: string; serverUrl?: string } = {}): Json {
  const schemas: Json = { Failure: failure };
  const paths: Record<string, Json> = {};

  for (const event of JOURNEY_EVENT_NAMES) {
    const contract: JourneyEventContract = journeyContract[event];
    schemas[`${event}_input`] = eventInputSchema(event, jsonSchema(eventInput(contract), "input"));
    if (!isNoData(contract.reply)) schemas[`${event}_reply`] = jsonSchema(contract.reply, "output");
    schemas[`${event}_answer`] = envelope("Data", isNoData(contract.reply) ? null : ref(`${event}_reply`));
  }
  paths[JOURNEY_PATH] = {
    post: {
      operationId: "journey",
      summary: "The single journey endpoint: one event per call, chosen by event_name (see x-journey-events).",
      "x-journey-events": Object.fromEntries(
        JOURNEY_EVENT_NAMES.map((event) => [
          event,
          { summary: journeyContract[event].summary, access: journeyContract[event].access, input: ref(`${event}_input`), answer: ref(`${event}_answer`) },
        ]),
      ),
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              oneOf: JOURNEY_EVENT_NAMES.map((event) => ref(`${event}_input`)),
              discriminator: {
                propertyName: "event_name",
                mapping: Object.fromEntries(JOURNEY_EVENT_NAMES.map((e) => [e, `#/components/schemas/${e}_input`])),
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "Status 1: the event's answer",
          content: { "application/json": { schema: { anyOf: JOURNEY_EVENT_NAMES.map((event) => ref(`${event}_answer`)) } } },
        },
        "4XX": { description: "Failure", content: { "application/json": { schema: ref("Failure") } } },
      },
    },
  };

  for (const name of Object.keys(apiContract) as ApiName[]) {
    const route: ApiRoute = apiContract[name];
    const op = routeOperation(name, route, schemas);
    // Each operation id is unique (code generators name functions by it): a path under an alias
    // prefix (the old /index.php/Api/...) is the same operation under its own id.
    routePaths(route).forEach((path, i) => {
      const operation = i === 0 ? op : { ...op, operationId: `${name}_alias${i}` };
      paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operation };
    });
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "SalaryOnTime API",
      version: info.version ?? "1",
      description: "Answers are {Status, Message, Data}: Status 1 success, 2 error, 4/5 session ended (decision 12).",
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "sot_session", description: "The web client's httpOnly session cookie." },
        appToken: { type: "apiKey", in: "header", name: "auth-token", description: "Apps send the app_login_token of otp_verify." },
      },
    },
  };
}
