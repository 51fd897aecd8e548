// The contract read by someone else's tools: the served /api/openapi.json validates against the
// OpenAPI 3.1 schema with an independent validator, and openapi-typescript turns it into a client's
// types without a single warning (a warning there is a type the apps' developers cannot rely on).
import { Validator } from "@seriousme/openapi-schema-validator";
import { astToString, openapiTS } from "../../test-support/openapi-typescript.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JOURNEY_EVENT_NAMES, JOURNEY_PATH, OPENAPI_PATH } from "../../../core/contract/index.ts";
import { createTestApp } from "../../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: Record<string, any>;
beforeAll(async () => {
  t = await createTestApp();
  doc = await (await t.app.request(OPENAPI_PATH)).json();
});
afterAll(() => t?.close());

describe("the served OpenAPI document in other tools", () => {
  it("validates against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("maps the journey's discriminator only to object schemas", () => {
    const schemas = doc.components.schemas as Record<string, { type?: string }>;
    for (const event of JOURNEY_EVENT_NAMES) expect(schemas[`${event}_input`]?.type, event).toBe("object");
  });

  it("generates a client's types with openapi-typescript without any warning", async () => {
    const warnings: string[] = [];
    const spy = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
    const errors = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
    try {
      const ast = await openapiTS(structuredClone(doc) as never, { silent: false });
      const source = astToString(ast);
      expect(source).toContain("export interface paths");
      expect(source).toContain(`"${JOURNEY_PATH}": {`);
      expect(source).toContain("banking_details_input: {");
    } finally {
      spy.mockRestore();
      errors.mockRestore();
    }
    expect(warnings).toEqual([]);
  });
});
