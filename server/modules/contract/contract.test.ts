// The OpenAPI document lists every API route the server mounts, and real answers validate against it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DOCS_PATH, apiPath, JOURNEY_EVENT_NAMES, JOURNEY_PATH, OPENAPI_PATH } from "../../../core/contract/index.ts";
import { DIGILOCKER_CALLBACK_PATH as CONTRACT_DIGILOCKER } from "../../../core/contract/paths.ts";
import { ESIGN_RETURN_PATH, ESIGN_WEBHOOK_PATH } from "../esign/esign.service.ts";
import { DIGILOCKER_CALLBACK_PATH } from "../kyc/kyc.service.ts";
import { SELFIE_PATH } from "../profile/profile.service.ts";
import { BLOG_PAGE_MAX as SERVICE_BLOG_PAGE_MAX } from "../blog/blog.service.ts";
import { BLOG_PAGE_MAX } from "../../../core/blog.ts";
import { jsonSchemaErrors, type JsonSchema } from "../../test-support/json-schema.ts";
import { createTestApp } from "../../test-support/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Json = Record<string, any>;
let t: TestApp;
let doc: Json;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.request(OPENAPI_PATH);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  doc = await response.json();
});
afterAll(() => t.close());

/**
 * The rule for what the document lists: every GET/POST route the app mounts, except /dev/* and
 * /sandbox/* (sandbox helpers and provider stand-ins, never mounted in production), /healthz,
 * /sitemap.xml and /robots.txt (site plumbing), catch-alls (`*`, ALL 404s, pages and assets), and the ONDC
 * endpoints (/ondc/*, /ondc-site-verification.html), which speak ONDC's FIS12 protocol, described by ONDC's own spec.
 */
function listedRoutes(app: TestApp["app"]) {
  return app.routes
    .filter((r) => r.method === "GET" || r.method === "POST")
    .filter(
      (r) =>
        !/^\/(dev|sandbox|ondc)(\/|$)/.test(r.path) &&
        r.path !== "/ondc-site-verification.html" &&
        !["/healthz", "/sitemap.xml", "/robots.txt"].includes(r.path) &&
        !r.path.includes("*"),
    )
    .map((r) => `${r.method} ${r.path}`);
}

/** The JSON schema of an operation's 200 answer. */
function answerSchema(path: string, method = "post"): JsonSchema {
  return doc.paths[path][method].responses["200"].content["application/json"].schema;
}
const errorsOf = (schema: JsonSchema, value: unknown) => jsonSchemaErrors(schema, value, doc);

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and lists every API route the server mounts", () => {
    expect(doc.openapi).toBe("3.1.0");
    const mounted = [...new Set(listedRoutes(t.app))];
    expect(mounted.length).toBeGreaterThan(20);
    const documented = Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.keys(ops as Json).map((m) => `${m.toUpperCase()} ${path}`));
    for (const route of mounted) expect(documented, route).toContain(route);
    // And nothing is documented that is not mounted.
    for (const route of documented) expect(mounted, route).toContain(route);
  });

  it("documents every journey event with its input and answer", () => {
    const events = doc.paths[JOURNEY_PATH].post["x-journey-events"];
    expect(Object.keys(events).sort()).toEqual([...JOURNEY_EVENT_NAMES].sort());
    expect(Object.keys(doc.components.schemas.login_input.properties)).toEqual(expect.arrayContaining(["event_name", "mobile"]));
    expect(doc.components.schemas.register_now_reply.required).toEqual(expect.arrayContaining(["lead_id", "max_loan_amount"]));
    // The banking event's transform is documented by its two shapes.
    expect(JSON.stringify(doc.components.schemas.banking_details_input)).toContain("use_saved_account");
  });

  it("keeps the services' own path constants equal to the contract's", () => {
    expect(DIGILOCKER_CALLBACK_PATH).toBe(CONTRACT_DIGILOCKER);
    expect(ESIGN_WEBHOOK_PATH).toBe(apiPath("esignWebhook"));
    expect(ESIGN_RETURN_PATH).toBe(apiPath("esignReturn"));
    expect(SELFIE_PATH).toBe(apiPath("getProfilePicture"));
    expect(SERVICE_BLOG_PAGE_MAX).toBe(BLOG_PAGE_MAX);
  });
});

describe("sample replies validate against the document", () => {
  it("journey: login and otp_verify", async () => {
    const { verify, profileId } = await t.signIn();
    const schemas = doc.components.schemas;
    expect(errorsOf({ $ref: "#/components/schemas/otp_verify_answer" }, verify.body)).toEqual([]);
    expect(errorsOf(answerSchema(JOURNEY_PATH), verify.body)).toEqual([]);
    t.clock.advance(31_000);
    const resend = await t.post({ event_name: "resend_otp", profile_id: profileId }, { headers: { "x-forwarded-for": t.freshIp() } });
    expect(resend.body.Status).toBe(1);
    expect(errorsOf(schemas.resend_otp_answer, resend.body)).toEqual([]);
    // A renamed field would not pass.
    expect(errorsOf(schemas.resend_otp_answer, { ...resend.body, Data: { profile_id: profileId } })).not.toEqual([]);
  });

  it("master data, IFSC, blog, captcha and the dashboard", async () => {
    const states = await t.post({ type: "state" }, { path: apiPath("masterAPI") });
    expect(errorsOf(answerSchema(apiPath("masterAPI")), states.body)).toEqual([]);
    const pin = await t.post({ type: "pincode", pincode: "400001" }, { path: apiPath("masterAPI") });
    expect(pin.body.Status).toBe(1);
    expect(errorsOf(answerSchema(apiPath("masterAPI")), pin.body)).toEqual([]);

    const ifsc = await (await t.app.request(`${apiPath("ifsc")}?code=HDFC0000001`)).json();
    expect(errorsOf(answerSchema(apiPath("ifsc"), "get"), ifsc)).toEqual([]);

    const blog = await t.post({ start: 0, end: 3 }, { path: apiPath("blog") });
    expect(errorsOf(answerSchema(apiPath("blog")), blog.body)).toEqual([]);

    const captcha = await t.post({}, { path: "/index.php/Api/EnquiryController/generate_captcha" });
    expect(errorsOf(answerSchema("/index.php/Api/EnquiryController/generate_captcha"), captcha.body)).toEqual([]);

    const user = await t.signIn();
    const dashboard = await t.post({}, { path: apiPath("getDashboardData"), headers: { "auth-token": user.token } });
    expect(dashboard.body.Status).toBe(1);
    expect(errorsOf(answerSchema(apiPath("getDashboardData")), dashboard.body)).toEqual([]);
  });
});

describe("contract input validation at the routes", () => {
  it("refuses a mistyped lead_id on getDashboardData and a missing one on downloadKfs with 422 field errors", async () => {
    const user = await t.signIn();
    const headers = { "auth-token": user.token };
    const dashboard = await t.post({ lead_id: 42 }, { path: apiPath("getDashboardData"), headers });
    expect(dashboard.status).toBe(422);
    expect(dashboard.body).toMatchObject({ Status: 2, Message: "lead_id is not valid.", errors: { lead_id: "lead_id is not valid." } });
    const kfs = await t.app.request(apiPath("downloadKfs"), { headers });
    expect(kfs.status).toBe(422);
    expect(await kfs.json()).toMatchObject({ Status: 2, Message: "lead_id is required.", errors: { lead_id: "lead_id is required." } });
  });
});

describe("API reference page", () => {
  it("is a self-contained HTML page listing every event and path with its fields", async () => {
    const response = await t.app.request(API_DOCS_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("unsafe-eval");
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
    for (const event of JOURNEY_EVENT_NAMES) expect(html).toContain(`id="event-${event}"`);
    for (const path of Object.keys(doc.paths)) expect(html).toContain(path);
    // Input and reply fields are listed.
    expect(html).toContain("<code>mobile</code>");
    expect(html).toContain("<code>cust_profile_id</code>");
    expect(html).toContain("<code>next_event_name</code>");
  });
});
