// Issue 32: ONDC's spec pack (../shared/ondc), a test oracle only, never copied in: where it is, and its
// JSON Schemas as checks. A clone made from a checkout on this machine finds it beside that checkout.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsPlugin from "ajv-formats";

const root = resolve(import.meta.dirname, "../..");

/** The spec pack's folder (`given`, beside the repository, or beside the checkout it was cloned from), or undefined. */
export function ondcSpecDir(given?: string): string | undefined {
  const origin = spawnSync("git", ["-C", root, "remote", "get-url", "origin"], { encoding: "utf8" }).stdout?.trim() ?? "";
  return [
    given,
    resolve(root, "../shared/ondc"),
    resolve(root, "../../shared/ondc"),
    origin.startsWith("/") ? resolve(origin, "../shared/ondc") : undefined,
  ].find((dir): dir is string => !!dir && existsSync(join(dir, "spec/schemas")));
}

const validators = new Map<string, ValidateFunction>();

/** Problems of a message against its action's FIS12 2.0.1 schema (empty when valid); null without the spec pack. */
export function ondcSchemaErrors(action: string, body: unknown): string | null {
  const dir = ondcSpecDir();
  if (!dir) return null;
  let validate = validators.get(action);
  if (!validate) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    (addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
    validate = ajv.compile(JSON.parse(readFileSync(join(dir, "spec/schemas", `${action}.json`), "utf8")));
    validators.set(action, validate);
  }
  return validate(body) ? "" : JSON.stringify(validate.errors, null, 2);
}
