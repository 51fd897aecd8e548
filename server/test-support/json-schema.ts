// A small JSON Schema (2020-12) checker for the subset z.toJSONSchema writes: type, const, enum,
// properties/required/additionalProperties, items, anyOf/oneOf/allOf, $ref to #/components or #/$defs,
// numeric and length bounds. Enough to check sample replies against the OpenAPI document without a dependency.

export type JsonSchema = boolean | { [key: string]: unknown };

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v);

/** Problems of `value` against `schema`, as "path: problem" lines; empty when it conforms. */
export function jsonSchemaErrors(schema: JsonSchema, value: unknown, root: JsonSchema = schema, path = "$"): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: not allowed`];
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === "string") {
    const target = s.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
    if (target === undefined) return [`${path}: unresolved ${s.$ref}`];
    return jsonSchemaErrors(target as JsonSchema, value, root, path);
  }
  const errors: string[] = [];
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    const actual = typeOf(value);
    if (!types.some((t) => t === actual || (t === "number" && actual === "integer"))) return [`${path}: expected ${types.join("|")}, got ${actual}`];
  }
  if ("const" in s && s.const !== value) errors.push(`${path}: expected ${JSON.stringify(s.const)}`);
  if (Array.isArray(s.enum) && !s.enum.includes(value)) errors.push(`${path}: expected one of ${JSON.stringify(s.enum)}`);
  if (typeof value === "number") {
    if (typeof s.minimum === "number" && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
    if (typeof s.maximum === "number" && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
  }
  if (typeof value === "string") {
    if (typeof s.minLength === "number" && value.length < s.minLength) errors.push(`${path}: shorter than ${s.minLength}`);
    if (typeof s.maxLength === "number" && value.length > s.maxLength) errors.push(`${path}: longer than ${s.maxLength}`);
  }
  if (Array.isArray(value) && s.items !== undefined)
    value.forEach((item, i) => errors.push(...jsonSchemaErrors(s.items as JsonSchema, item, root, `${path}[${i}]`)));
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of (s.required ?? []) as string[]) if (!(key in obj)) errors.push(`${path}.${key}: missing`);
    for (const [key, v] of Object.entries(obj)) {
      if (Object.hasOwn(props, key)) errors.push(...jsonSchemaErrors(props[key], v, root, `${path}.${key}`));
      else if (s.additionalProperties === false) errors.push(`${path}.${key}: not in the contract`);
      else if (s.additionalProperties && typeof s.additionalProperties === "object")
        errors.push(...jsonSchemaErrors(s.additionalProperties as JsonSchema, v, root, `${path}.${key}`));
    }
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = s[key] as JsonSchema[] | undefined;
    if (!options) continue;
    const results = options.map((o) => jsonSchemaErrors(o, value, root, path));
    const passing = results.filter((r) => r.length === 0).length;
    if (passing === 0) errors.push(`${path}: matches none of ${key} (${results.map((r) => r[0]).join("; ")})`);
    if (key === "oneOf" && passing > 1) errors.push(`${path}: matches ${passing} of oneOf`);
  }
  for (const sub of (s.allOf ?? []) as JsonSchema[]) errors.push(...jsonSchemaErrors(sub, value, root, path));
  return errors;
}
