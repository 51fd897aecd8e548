// Issue 23: the credit bureau, DigiLocker and account aggregator notices are ticked at their own journey
// steps; the step's request records the grant (purpose, notice version, language, source = the step, an
// audit row) once per notice version, refuses the step when the form sent the box unticked, and leaves
// an API client that sends no such field (the mobile apps) as before.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { auditLog, consents, customerProfiles } from "../../db/schema/index.ts";
import { moveToEkycForDev } from "../dev/dev-journey.ts";
import { nextStepOf } from "../../test-support/kyc.ts";
import { onboard, type TestApp } from "../../test-support/onboarding.ts";
import { createTestApp } from "../../test-support/test-app.ts";

const HINDI = { "accept-language": "hi-IN" };

describe("purpose notices ticked at their journey steps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stepRows = async (profileId: string) =>
    (await t.services.db.select().from(consents).where(eq(consents.profileId, profileId)).orderBy(consents.id))
      .filter((r) => r.source !== "sign_in")
      .map((r) => [r.purpose, r.action, r.noticeVersion, r.language, r.source]);
  const audited = (profileId: string) =>
    t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, profileId), eq(auditLog.action, "consent.grant")))
      .orderBy(auditLog.seq);

  it("Check Eligibility with the credit bureau box ticked records the grant in the page's language, with the step and an audit row", async () => {
    const c = await onboard(t);
    const reply = await t.post({ event_name: "register_now", consent: "1" }, { headers: { ...c.headers, ...HINDI } });
    expect(reply.body.Status).toBe(1);
    expect(await stepRows(c.profileId)).toEqual([["credit_bureau", "grant", 1, "hi", "register_now"]]);
    const rows = await audited(c.profileId);
    // Three at sign-in (lending, identity checks, reminders), then the bureau's.
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({ actorEmail: "customer", targetKind: "customer_profile" });
    expect(rows[3].after).toEqual({ purpose: "credit_bureau", notice_version: 1, language: "hi", source: "register_now" });

    // My data shows the purpose granted, dated by the step's time.
    const view = await t.post({}, { path: `${JOURNEY_CONTROLLER}/getMyData`, headers: c.headers });
    const bureau = (view.body.Data.consents as { purpose: string; granted: boolean; at: string }[]).find((x) => x.purpose === "credit_bureau");
    expect(bureau).toMatchObject({ granted: true, at: t.clock.now().toISOString() });
  });

  it("refuses the step when the form sent the box unticked, in the client's language, and records nothing", async () => {
    const c = await onboard(t);
    const english = await t.post({ event_name: "register_now", consent: "0" }, { headers: c.headers });
    expect(english.status).toBe(422);
    expect(english.body).toMatchObject({
      Status: 2,
      Message: "Please read the notice and tick the box to agree before you go on.",
      errors: { consent: "Please read the notice and tick the box to agree before you go on." },
    });
    const hindi = await t.post({ event_name: "register_now", consent: "0" }, { headers: { ...c.headers, ...HINDI } });
    expect(hindi.body.Message).toBe("आगे बढ़ने से पहले कृपया नोटिस पढ़ें और सहमति के लिए बॉक्स पर टिक करें।");
    expect(hindi.body.errors).toEqual({ consent: "आगे बढ़ने से पहले कृपया नोटिस पढ़ें और सहमति के लिए बॉक्स पर टिक करें।" });
    expect(await stepRows(c.profileId)).toEqual([]);
    // Nothing of the step happened: no eligibility decision, the customer is still at register_now.
    const [profile] = await t.services.db
      .select({ eligibility: customerProfiles.eligibilityStatus })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, c.profileId));
    expect(profile.eligibility).toBe(0);
    expect(await nextStepOf(t, c.profileId)).toBe("register_now");
    // A value that is not 0 or 1 is a bad request, not a tick.
    const junk = await t.post({ event_name: "register_now", consent: "yes" }, { headers: c.headers });
    expect(junk.body).toMatchObject({ Status: 2, errors: { consent: "A consent choice must be 0 or 1." } });
  });

  it("an API client that sends no consent field goes on as before, and nothing is recorded for the step", async () => {
    const c = await onboard(t);
    expect((await c.send({ event_name: "register_now" })).body.Status).toBe(1);
    expect(await stepRows(c.profileId)).toEqual([]);
  });

  it("records once per notice version: ticking again writes no second row; a tick after a withdrawal gives it again", async () => {
    const c = await onboard(t);
    expect((await c.send({ event_name: "register_now", consent: "1" })).body.Status).toBe(1);
    // Sent again (a double press): the step has moved on, and the tick writes nothing new either.
    expect((await c.send({ event_name: "register_now", consent: "1" })).body.Message).toBe("This step is not available now.");
    expect(await stepRows(c.profileId)).toEqual([["credit_bureau", "grant", 1, "en", "register_now"]]);
    expect(await audited(c.profileId)).toHaveLength(4);

    const d = await onboard(t);
    await t.services.consents.grant(d.profileId, ["credit_bureau"], { source: "register_now" });
    await t.services.consents.withdraw(d.profileId, "credit_bureau", { source: "my_data" });
    // Without the field (an app), the withdrawal still stops the step.
    const refused = await d.send({ event_name: "register_now" });
    expect(refused.body.Message).toBe(
      "You have withdrawn your consent to Credit bureau check, so we have stopped this step. Please contact us if you want to give it again.",
    );
    // The notice read and ticked again on the step's screen is a new consent, and the step runs.
    expect((await d.send({ event_name: "register_now", consent: "1" })).body.Status).toBe(1);
    expect(await stepRows(d.profileId)).toEqual([
      ["credit_bureau", "grant", 1, "en", "register_now"],
      ["credit_bureau", "withdraw", 1, "en", "my_data"],
      ["credit_bureau", "grant", 1, "en", "register_now"],
    ]);
  });

  it("DigiLocker's start and the account aggregator's consent record their own purposes; skipping records nothing", async () => {
    const c = await onboard(t);
    expect((await c.send({ event_name: "register_now", consent: "1" })).body.Status).toBe(1);
    await moveToEkycForDev(t.services, c.profileId);
    // identity_checks was granted at sign-in on the same notice version: the eKYC tick adds no row.
    expect((await c.send({ event_name: "ekyc_initiated", aadhaar_no: "4321", run_ekyc_flag: 1, consent: "1" })).body.Status).toBe(1);
    expect(await stepRows(c.profileId)).toEqual([["credit_bureau", "grant", 1, "en", "register_now"]]);
    // Withdrawn on My data, then unticked on the screen: refused; ticked (on a Hindi page): given again.
    await t.services.consents.withdraw(c.profileId, "identity_checks", { source: "my_data" });
    const unticked = await c.send({ event_name: "ekyc_initiated", aadhaar_no: "4321", run_ekyc_flag: 1, consent: "0" });
    expect(unticked.body.Message).toBe("Please read the notice and tick the box to agree before you go on.");
    const started = await t.post({ event_name: "ekyc_initiated", aadhaar_no: "4321", run_ekyc_flag: 1, consent: "1" }, { headers: { ...c.headers, ...HINDI } });
    expect(started.body.Status).toBe(1);
    expect(started.body.Data.ekyc_url).toBeTruthy();

    // Skip eKYC, then the aggregator: an unticked consent is refused, a ticked one recorded, a skip needs none.
    expect((await c.send({ event_name: "ekyc_initiated", run_ekyc_flag: 2, consent: "0" })).body.Status).toBe(1);
    expect(await nextStepOf(t, c.profileId)).toBe("account_aggregator_verify");
    expect((await c.send({ event_name: "account_aggregator_verify", action: "consent", consent: "0" })).body.Status).toBe(2);
    const shared = await c.send({ event_name: "account_aggregator_verify", action: "consent", consent: "1" });
    expect(shared.body.Status).toBe(1);
    expect(shared.body.Data.aa_url).toBeTruthy();
    expect(await stepRows(c.profileId)).toEqual([
      ["credit_bureau", "grant", 1, "en", "register_now"],
      ["identity_checks", "withdraw", 1, "en", "my_data"],
      ["identity_checks", "grant", 1, "hi", "ekyc_initiated"],
      ["account_aggregator", "grant", 1, "en", "account_aggregator_verify"],
    ]);
    expect((await c.send({ event_name: "account_aggregator_verify", action: "skip", consent: "0" })).body.Status).toBe(1);
    expect(await stepRows(c.profileId)).toHaveLength(4);
  });
});
