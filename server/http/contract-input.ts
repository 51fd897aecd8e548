import type { Context } from "hono";
import type * as z from "zod";
import { validationFailure } from "../../core/contract/index.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "./envelope.ts";
import { refuseControlCharacters } from "./body.ts";
import { readOwnedBody } from "./ownership.ts";
import type { SessionAuth } from "./session.ts";

/** Parses a body or query with the contract's input schema; a failure is the 422 envelope with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const failure = validationFailure(parsed.error);
    throw new AppError(failure.message, { httpStatus: 422, errors: failure.errors });
  }
  return parsed.data;
}

/** A session's own JSON body (decision 20), validated by the contract. */
export async function readOwnedInput<S extends z.ZodType>(c: Context<AppEnv>, auth: SessionAuth, schema: S) {
  const { session, body } = await readOwnedBody(c, auth);
  return { session, input: parseInput(schema, body) };
}

/** A GET's query string, validated by the contract. */
export function queryInput<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const query = c.req.query();
  refuseControlCharacters(query);
  return parseInput(schema, query);
}
