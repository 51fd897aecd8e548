// Every input field of /api/openapi.json has a real JSON Schema: rules written as functions
// (schema(check) in core/validation) carry their own description, so none shows as `{}` (any).
import { describe, expect, it } from "vitest";
import { buildOpenApi } from "./openapi.ts";

type Json = Record<string, unknown>;
const doc = buildOpenApi() as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

/** Paths (schema.field…) of every schema under `s` that says nothing: `{}` or only a description. */
function emptySchemas(s: unknown, at: string, out: string[] = []): string[] {
  if (!s || typeof s !== "object" || Array.isArray(s)) return out;
  const o = s as Json;
  const keys = Object.keys(o).filter((k) => k !== "description");
  if (keys.length === 0) out.push(at);
  for (const [k, v] of Object.entries((o.properties ?? {}) as Json)) emptySchemas(v, `${at}.${k}`, out);
  for (const key of ["anyOf", "oneOf", "allOf"]) (o[key] as unknown[] | undefined)?.forEach((v, i) => emptySchemas(v, `${at}.${key}[${i}]`, out));
  if (o.items) emptySchemas(o.items, `${at}[]`, out);
  return out;
}

describe("OpenAPI input fields", () => {
  it("give every field of every request body and query a type", () => {
    const inputs = Object.entries(doc.components.schemas).filter(([name]) => name.endsWith("_input"));
    expect(inputs.length).toBeGreaterThan(30);
    const empty = inputs.flatMap(([name, schema]) => emptySchemas(schema, name));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of (op.parameters ?? []) as { name: string; schema: unknown }[]) empty.push(...emptySchemas(p.schema, `${method} ${path}?${p.name}`));
      }
    }
    expect(empty).toEqual([]);
  });

  it("shows a rule's pattern, format and choices", () => {
    const s = doc.components.schemas;
    const props = (name: string) => (s[name] as { properties: Record<string, Json> }).properties;
    expect(props("login_input").mobile).toMatchObject({ type: "string", pattern: expect.any(String) });
    expect(new RegExp(props("login_input").mobile.pattern as string).test("9876543210")).toBe(true);
    expect(props("otp_verify_input").profile_id).toMatchObject({ type: "string", format: "uuid" });
    expect(props("income_details_input").salary_date).toMatchObject({ type: "string", format: "date" });
    expect(props("personal_details_input").gender).toMatchObject({ type: "integer", enum: expect.arrayContaining([1, 2]) });
    expect(props("loan_quotation_decision_input").amount).toMatchObject({ type: "integer", minimum: expect.any(Number), maximum: expect.any(Number) });
  });
});
