// Decision 12: bad input never produces a 500. Generated malformed requests (fast-check) go to
// every path of the contract and every journey event, with and without a session; the field
// names come from the contract's own OpenAPI document, the values are the kinds that broke us
// before (UUID look-alikes, NUL and other control characters, wrong types) plus random ones.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import {
  apiContract,
  journeyContract,
  JOURNEY_EVENT_NAMES,
  type JourneyEventContract,
  type JourneyEventName,
  JOURNEY_PATH,
  routePaths,
  type ApiRouteName,
} from "../../core/contract/index.ts";
import { buildOpenApi } from "../../core/contract/openapi.ts";
import { enrolledStaff, signInStaff } from "../test-support/staff.ts";
import { createTestApp } from "../test-support/test-app.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let token = "";
let leadId = "";

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.signIn();
  token = user.token;
  leadId = crypto.randomUUID();
});
afterAll(() => t.close());

/** Every property and parameter name the contract documents. */
function contractFieldNames(): string[] {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (record.properties && typeof record.properties === "object") for (const key of Object.keys(record.properties)) names.add(key);
    if (typeof record.name === "string" && typeof record.in === "string") names.add(record.name);
    Object.values(record).forEach(walk);
  };
  walk(buildOpenApi());
  return [...names].sort();
}
const FIELDS = contractFieldNames();

const nastyText = fc.constantFrom(
  "-".repeat(36),
  "f".repeat(36),
  "0".repeat(32),
  "00000000-0000-0000-0000-00000000000g",
  "{00000000-0000-0000-0000-000000000000}",
  "\u0000",
  "abc\u0000",
  "\u001b[31m",
  "\u007f",
  "\ud800",
  "",
  " ",
  "null",
  "NaN",
  "-1",
  "1e400",
  "9".repeat(40),
  "'; DROP TABLE leads; --",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "💥".repeat(50),
  "x".repeat(5000),
);
/** Values that pass the common rules, so a run gets past them to the code behind (a valid mobile, a real-looking id). */
const plausibleText = fc.constantFrom(
  "9876543210",
  "6000000001",
  "ABCPE1234F",
  "110001",
  "2000-01-01",
  "1",
  "pdf",
  "jpg",
  "N/A",
  "Asha Rao",
  "asha@example.com",
  "HDFC0000001",
  "123456789012",
);
/** A fresh valid mobile number, so a login gets past the per-number limits to the profile it writes. */
const freshMobile = fc.integer({ min: 0, max: 999_999_999 }).map((n) => `8${String(n).padStart(9, "0")}`);
/** Text with a control character somewhere in it (NUL broke the database before). */
const withControl = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom("\u0000", "\u0001", "\u001f", "\u007f"), fc.string({ maxLength: 8 }))
  .map((parts) => parts.join(""));
const anyText = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  { weight: 3, arbitrary: withControl },
  { weight: 2, arbitrary: plausibleText },
  freshMobile,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const leaf = fc.oneof({ weight: 8, arbitrary: anyText }, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(leadId));
const value = fc.oneof({ weight: 4, arbitrary: leaf }, fc.array(leaf, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), leaf, { maxKeys: 3 }));
const fieldName = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 8 }));

/** The fields a schema documents (its own first, so every run exercises them), else none. */
function ownFields(schema: z.ZodType): string[] {
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, unknown>;
      oneOf?: { properties?: Record<string, unknown> }[];
      anyOf?: { properties?: Record<string, unknown> }[];
    };
    const variants = [json, ...(json.oneOf ?? []), ...(json.anyOf ?? [])];
    return [...new Set(variants.flatMap((v) => Object.keys(v.properties ?? {})))];
  } catch {
    return [];
  }
}

function eventFields(event: JourneyEventName): string[] {
  const entry: JourneyEventContract = journeyContract[event];
  return ownFields(entry.documentedInput ?? entry.input({})).filter((f) => f !== "event_name");
}

/** A body: any subset of the schema's own fields with generated values, plus a few stray keys. */
function bodyFor(fields: string[], of: fc.Arbitrary<unknown> = value) {
  // A field with a rule everything else waits on gets a passing value half the time.
  const forField = (f: string) => (f === "mobile" ? fc.oneof(freshMobile, of) : of);
  const own = fc.record(Object.fromEntries(fields.map((f) => [f, forField(f)])), { requiredKeys: [] });
  const stray = fc.dictionary(fieldName, of, { maxKeys: 4 });
  return fc.tuple(stray, own).map(([stray, mine]) => ({ ...stray, ...mine }) as Record<string, unknown>);
}

const RUNS = 25;
type Answer = { status: number; text: string };

async function send(method: "GET" | "POST", path: string, payload: Record<string, unknown>, signedIn: boolean): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": t.freshIp() };
  if (signedIn) headers["auth-token"] = token;
  let url = path;
  let init: RequestInit = { method, headers };
  if (method === "GET") {
    const search = new URLSearchParams(payload as Record<string, string>).toString();
    url = search ? `${path}?${search}` : path;
  } else {
    init = { ...init, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(payload) };
  }
  const response = await t.app.request(url, init);
  return { status: response.status, text: await response.text() };
}

function expectNoServerError(answer: Answer, what: string) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
}

describe("generated malformed input never yields a 5xx", () => {
  for (const signedIn of [false, true]) {
    it(`journey events ${signedIn ? "with" : "without"} a session`, async () => {
      // logout ends the session: it goes last, and the next test signs in again.
      for (const event of [...JOURNEY_EVENT_NAMES].sort((a, b) => Number(a === "logout") - Number(b === "logout"))) {
        await fc.assert(
          fc.asyncProperty(bodyFor(eventFields(event)), async (fields) => {
            const payload = { ...fields, event_name: event };
            expectNoServerError(await send("POST", JOURNEY_PATH, payload, signedIn), `${event} ${JSON.stringify(payload).slice(0, 300)}`);
          }),
          { numRuns: RUNS },
        );
      }
    });
  }

  it("every other path of the contract, with and without a session", async () => {
    token = (await t.signIn()).token;
    for (const name of Object.keys(apiContract) as ApiRouteName[]) {
      const route = apiContract[name];
      for (const path of routePaths(route)) {
        await fc.assert(
          fc.asyncProperty(
            bodyFor(ownFields(("documentedInput" in route ? route.documentedInput : undefined) ?? route.input), route.method === "GET" ? anyText : value),
            fc.boolean(),
            async (payload, signedIn) => {
              expectNoServerError(await send(route.method, path, payload, signedIn), `${route.method} ${path} ${JSON.stringify(payload).slice(0, 300)}`);
            },
          ),
          { numRuns: RUNS },
        );
      }
    }
  });

  it("the back office admin's staff actions (role change, disable, new link): a refusal the screen can show, never a 500", async () => {
    // The screens' actions answer a domain refusal (an error with a kind) as a message; anything else is a 500.
    const admin = await enrolledStaff(t.services, "admin");
    const { principal } = await signInStaff(t.services, admin);
    const desk = t.services.staff.desk;
    const staffId = fc.oneof({ weight: 3, arbitrary: anyText }, fc.constant(crypto.randomUUID()), fc.constant(admin.staffId.toUpperCase()));
    const refusedOrDone = async (what: string, run: () => Promise<unknown>) => {
      const outcome = await run().then(
        () => null,
        (e: unknown) => e,
      );
      if (outcome !== null) expect(typeof (outcome as { kind?: unknown }).kind, `${what}: ${String(outcome)}`).toBe("string");
    };
    await fc.assert(
      fc.asyncProperty(staffId, anyText, fc.boolean(), async (id, role, disabled) => {
        await refusedOrDone(`changeRole ${JSON.stringify(id)}`, () => desk.changeRole(principal, { staffId: id, role }));
        await refusedOrDone(`changeRole ${JSON.stringify(id)}`, () => desk.changeRole(principal, { staffId: id, role: "auditor" }));
        await refusedOrDone(`setDisabled ${JSON.stringify(id)}`, () => desk.setDisabled(principal, { staffId: id, disabled }));
        await refusedOrDone(`reissueEnrolment ${JSON.stringify(id)}`, () => desk.reissueEnrolment(principal, id));
      }),
      { numRuns: RUNS * 4 },
    );
    // The admin's own id in capitals is still the admin: refused as "yourself", not changed.
    await expect(desk.setDisabled(principal, { staffId: admin.staffId.toUpperCase(), disabled: true })).rejects.toMatchObject({ kind: "refused" });
  });

  it("the cases found before: UUID look-alikes, NUL in text, a lead_id that is not a string", async () => {
    token = (await t.signIn()).token;
    const lookAlikes = ["-".repeat(36), "a".repeat(36)];
    const C = "/Api/Website/RepeatInstantJourneyController";
    for (const id of lookAlikes) {
      // Ownership questions (decision 20): an id that cannot be the customer's is Status 4.
      for (const [path, payload] of [
        [`${C}/getLeadDetail`, { lead_id: id }],
        [`${C}/getDashboardData`, { lead_id: id }],
        [
          `${C}/saveCustomerDocument`,
          { lead_id: id, docs_id: 6, file: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n").toString("base64"), ext: "pdf" },
        ],
      ] as const) {
        const answer = await send("POST", path, payload, true);
        expect(answer.status, path).toBe(401);
        expect(JSON.parse(answer.text).Status, path).toBe(4);
      }
      for (const path of [`${C}/getSignedAgreement?lead_id=${id}`, `${C}/downloadKfs?lead_id=${id}`]) {
        const answer = await send("GET", path, {}, true);
        expect(answer.status, path).toBe(401);
        expect(JSON.parse(answer.text).Status, path).toBe(4);
      }
      // Someone else's (or no) document reads as not found; an unknown signing goes to "failed".
      expect((await send("GET", `${C}/getCustomerDocument?id=${id}`, {}, true)).status).toBe(404);
      const back = await t.app.request(`/esign/return?verification_id=${id}`);
      expect(back.status).toBe(303);
      expect(back.headers.get("location")).toContain("esign=failed");
    }

    const login = await send(
      "POST",
      JOURNEY_PATH,
      { event_name: "login", mobile: "9876543210", utm_source: "a\u0000b", utm_medium: "\u0000", click_id: "x\u0000" },
      false,
    );
    expect(login.status).toBe(422);
    expect(JSON.parse(login.text)).toMatchObject({ Status: 2, errors: { utm_source: "utm_source contains characters that are not allowed." } });
    const blog = await send("POST", "/Api/Website/BlogsController/blogDetail", { blog_slug: "a\u0000" }, false);
    expect(blog.status).toBe(422);
    expect(JSON.parse(blog.text).Message).toBe("blog_slug contains characters that are not allowed.");

    for (const lead_id of [["x"], { a: 1 }]) {
      const answer = await send("POST", `${C}/getDashboardData`, { lead_id }, true);
      expect(answer.status).toBe(422);
      expect(JSON.parse(answer.text)).toMatchObject({ Status: 2, Message: "lead_id is not valid." });
    }
  });
});
