// Issue 33, CKYC end to end on the services with the sandbox registry: the journey's search (with consent),
// download (date of birth or CKYCR's code) and confirmation; the upload job after the first payout (SMS with
// the identifier, idempotent, a new version when details change); the desk, where a rejected upload is
// corrected and sent again.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { JOB_NAMES } from "../../jobs/job-names.ts";
import { customerProfiles, leadDocuments, loanAccounts, uploadedFiles } from "../../db/schema/index.ts";
import { sandboxCkycNumber } from "../../providers/ckyc/sandbox.ts";
import { ckycRecordOf, ckycUploadOf, JPEG } from "../../test-support/ckyc.ts";
import sharp from "sharp";
import { addPastLoan } from "../../test-support/loan.ts";
import { createOnboardingApp, onboard, type TestApp } from "../../test-support/onboarding.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(async () => t.close());

const registry = () => t.services.sandboxCkyc!;
/** Another institution's record for this PAN, already at CKYCR. */
const heldAtCkycr = (pan: string, reference: string) => registry().port.upload(ckycUploadOf(ckycRecordOf({ reference, pan, dob: "1990-05-20" })));

/** A customer with a paid-out loan, a selfie and an Aadhaar front (JPEGs unless given): what the upload is built from. */
async function paidOutCustomer(options: { relative?: boolean; selfie?: Uint8Array; front?: Uint8Array } = {}) {
  const c = await onboard(t);
  const { db, storage } = t.services;
  const lead = await addPastLoan(t, c.profileId, "DISBURSED");
  await db
    .update(loanAccounts)
    .set({ disbursalDate: todayInIndia(t.clock.now()) })
    .where(eq(loanAccounts.leadId, lead.id));
  const selfie = await storage.put(options.selfie ?? JPEG(7));
  const [photo] = await db
    .insert(uploadedFiles)
    .values({ profileId: c.profileId, kind: "selfie", storageKey: selfie, contentType: "image/jpeg", byteSize: 7, createdAt: t.clock.now() })
    .returning();
  await db.update(customerProfiles).set({ selfieFileId: photo.id }).where(eq(customerProfiles.id, c.profileId));
  const front = await storage.put(options.front ?? JPEG(8));
  const [file] = await db
    .insert(uploadedFiles)
    .values({ profileId: c.profileId, leadId: lead.id, kind: "document", storageKey: front, contentType: "image/jpeg", byteSize: 7, createdAt: t.clock.now() })
    .returning();
  await db.insert(leadDocuments).values({ leadId: lead.id, profileId: c.profileId, docType: "aadhaar_front", fileId: file.id, source: "UPLOAD" });
  if (options.relative !== false) await t.services.ckycJourney.setRelative(c.profileId, { kind: "father", name: "Ramesh Kumar" });
  return c;
}

describe("CKYC in the journey", () => {
  it("is searched only after the PAN is verified, and only with consent", async () => {
    const before = await onboard(t, { steps: 0 });
    await expect(t.services.ckycJourney.search(before.profileId, { consent: "1", language: "en" })).rejects.toMatchObject({ code: { key: "ckyc.panFirst" } });
    const c = await onboard(t, { steps: 1 });
    await expect(t.services.ckycJourney.search(c.profileId, { consent: "0", language: "en" })).rejects.toMatchObject({ kind: "invalid-input" });
    expect(await t.services.consents.choice(c.profileId, "ckyc")).not.toBe(true);
    const none = await t.services.ckycJourney.search(c.profileId, { consent: "1", language: "hi" });
    expect(none).toMatchObject({ searched: true, found: false, maskedCkycNumber: null });
    expect(await t.services.consents.choice(c.profileId, "ckyc")).toBe(true);
  });

  it("a found record is downloaded with the date of birth or CKYCR's code, shown, and used only once confirmed", async () => {
    const c = await onboard(t, { steps: 1 });
    expect((await heldAtCkycr(c.pan, `BANK-${c.pan}`)).status).toBe("ACCEPTED");
    const ckycNumber = sandboxCkycNumber(c.pan);
    const j = t.services.ckycJourney;
    const found = await j.search(c.profileId, { consent: "1", language: "en" });
    expect(found).toMatchObject({ found: true, maskedCkycNumber: `XXXXXXXXXX${ckycNumber.slice(-4)}`, toConfirm: null });

    // A wrong date of birth: refused, nothing kept.
    await expect(j.download(c.profileId, { dob: "1991-01-01" })).rejects.toMatchObject({ code: { key: "ckyc.authFailed" } });
    await expect(j.download(c.profileId, { dob: "not a date" })).rejects.toMatchObject({ code: { key: "ckyc.authNeeded" } });
    expect((await j.view(c.profileId)).toConfirm).toBeNull();

    // The code CKYCR sends to the record's mobile.
    expect(await j.sendCode(c.profileId)).toEqual({ sentTo: "XXXXXX3210" });
    const code = (await registry().sentCode(ckycNumber))!;
    const shown = await j.download(c.profileId, { code });
    expect(shown.toConfirm).toEqual({
      name: "ASHA KUMARI VERMA",
      relativeName: "RAMESH VERMA",
      gender: "F",
      dob: "1990-05-20",
      email: "ASHA@EXAMPLE.COM",
      address: { lines: ["14 DEMO RESIDENCY, 5TH CROSS, KORAMANGALA"], city: "BENGALURU", stateCode: "29", pincode: "560034" },
    });
    expect(await j.prefill(c.profileId)).toEqual({});

    // The father's or spouse's name needs its kind, chosen by the customer.
    await expect(j.confirm(c.profileId, { accept: true })).rejects.toMatchObject({ code: { key: "ckyc.relativeKind" } });
    const confirmed = await j.confirm(c.profileId, { accept: true, relativeKind: "father" });
    expect(confirmed).toMatchObject({ confirmed: true, toConfirm: null, relative: { kind: "father", name: "RAMESH VERMA" } });
    // Filled on the forms in their own values; the father's name is not the spouse's field.
    expect(await j.prefill(c.profileId)).toEqual({
      gender: "2",
      dob: "1990-05-20",
      personal_email: "asha@example.com",
      residence_address_1: "14 DEMO RESIDENCY",
      residence_address_2: "5TH CROSS, KORAMANGALA",
      residence_pincode: "560034",
    });
    expect(await j.needsRelative(c.profileId)).toBe(false);
    await expect(j.confirm(c.profileId, { accept: true })).rejects.toMatchObject({ code: { key: "ckyc.nothingToConfirm" } });
  });

  it("the father's or spouse's name is checked as CKYCR takes it", async () => {
    const c = await onboard(t, { steps: 1 });
    expect(await t.services.ckycJourney.needsRelative(c.profileId)).toBe(true);
    await expect(t.services.ckycJourney.setRelative(c.profileId, { kind: "uncle", name: "R4mesh" })).rejects.toMatchObject({
      kind: "invalid-input",
      errors: { relative_kind: { key: "ckyc.relativeKind" }, relative_name: { key: "ckyc.relativeName" } },
    });
    expect(await t.services.ckycJourney.needsRelative(c.profileId)).toBe(true);
  });
});

describe("the upload after the first payout", () => {
  it("uploads once, stores the identifier, tells the customer by SMS, and sends an update when details change", async () => {
    const c = await paidOutCustomer();
    const run = () => t.services.jobHandlers[JOB_NAMES.ckycUploads]() as Promise<{ accepted: number; sent: number }>;
    expect((await run()).accepted).toBeGreaterThanOrEqual(1);
    const state = await t.services.ckyc.service.state(c.profileId, 1);
    expect(state).toMatchObject({ status: "ACCEPTED", ckycNumber: sandboxCkycNumber(c.pan), attempts: 1 });
    const texts = async () => (await t.services.outbox!.outbox(200)).filter((m) => m.to === c.mobile && m.text.includes(sandboxCkycNumber(c.pan)));
    expect(await texts()).toHaveLength(1);

    // Run again, twice at once (two instances): nothing is sent twice, and no second SMS.
    await Promise.all([run(), run()]);
    expect(await t.services.ckyc.service.state(c.profileId, 1)).toMatchObject({ attempts: 1 });
    expect(await t.services.ckyc.service.state(c.profileId, 2)).toBeNull();
    expect(await texts()).toHaveLength(1);

    // The address changes: version 2, an update of the same identifier.
    await t.services.db.update(customerProfiles).set({ residencePincode: "560035" }).where(eq(customerProfiles.id, c.profileId));
    await run();
    expect(await t.services.ckyc.service.state(c.profileId, 2)).toMatchObject({ status: "ACCEPTED", ckycNumber: sandboxCkycNumber(c.pan) });
    const held = (await registry().list()).records.filter((r) => r.ckyc_number === sandboxCkycNumber(c.pan));
    expect(held).toHaveLength(1);
  });

  it("a WebP selfie (the camera's format) and a PNG Aadhaar front go to CKYCR as JPEGs; the stored files stay as they were", async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 40, height: 50, channels: 3, background: "#c08060" } })
        .webp()
        .toBuffer(),
    );
    const front = new Uint8Array(
      await sharp({ create: { width: 60, height: 40, channels: 4, background: "#2040a080" } })
        .png()
        .toBuffer(),
    );
    const c = await paidOutCustomer({ selfie: photo, front });
    await t.services.ckyc.runUploads();
    // Before, our own check refused them ("The photograph is missing or not a JPEG."): now CKYCR accepts the record.
    expect(await t.services.ckyc.service.state(c.profileId, 1)).toMatchObject({ status: "ACCEPTED", reasons: [] });
    const [selfieRow] = await t.services.db
      .select({ key: uploadedFiles.storageKey })
      .from(uploadedFiles)
      .innerJoin(customerProfiles, eq(customerProfiles.selfieFileId, uploadedFiles.id))
      .where(eq(customerProfiles.id, c.profileId));
    expect(Buffer.from((await t.services.storage.get(selfieRow.key))!)).toEqual(Buffer.from(photo));
  });

  it("a record our checks refuse is kept as not sent, with the reason, and never reaches CKYCR", async () => {
    const c = await paidOutCustomer({ relative: false });
    await t.services.ckyc.runUploads();
    const state = await t.services.ckyc.service.state(c.profileId, 1);
    expect(state).toMatchObject({ status: "NOT_SENT", attempts: 0 });
    expect(state!.reasons.map((r) => r.message)).toContain("The father's or spouse's name is missing (CKYCR's template asks for one).");
    expect((await registry().list()).uploads.filter((u) => u.reference === state!.reference)).toEqual([]);
  });
});

describe("the CKYC desk", () => {
  it("a rejected upload is listed with CKYCR's reason, corrected and sent again; names masked; roles held", async () => {
    const c = await paidOutCustomer();
    // Another institution already registered this PAN: CKYCR refuses a new record (R201).
    await heldAtCkycr(c.pan, `BANK-${c.pan}`);
    await t.services.ckyc.runUploads();
    expect(await t.services.ckyc.service.state(c.profileId, 1)).toMatchObject({ status: "REJECTED" });

    const accounts = (await signInStaff(t.services, await enrolledStaff(t.services, "accounts"))).principal;
    const dpo = (await signInStaff(t.services, await enrolledStaff(t.services, "data_protection"))).principal;
    const credit = (await signInStaff(t.services, await enrolledStaff(t.services, "credit_manager"))).principal;
    const desk = t.services.ckyc.desk;
    await expect(desk.list(credit)).rejects.toMatchObject({ kind: "forbidden" });
    const row = (await desk.list(dpo)).rows.find((r) => r.customerId === c.profileId)!;
    expect(row).toMatchObject({ status: "REJECTED", version: 1, ckycNumber: null, panLast4: c.pan.slice(-4), overdue: false, notified: false });
    expect(row.reasons.map((r) => r.code)).toEqual(["R201"]);
    expect(row.name).toMatch(/^\S+ [A-Z]\.$/);

    // Sent again unchanged: nothing to send.
    await expect(desk.sendAgain(accounts, { customerId: c.profileId })).resolves.toMatchObject({ status: "REJECTED" });
    // Bad corrections change nothing.
    await expect(desk.correct(accounts, { customerId: c.profileId, field: "ckyc_number", value: "123" })).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(desk.correct(accounts, { customerId: c.profileId, field: "pan", value: "X" })).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(desk.correct(accounts, { customerId: "not-an-id", field: "name", value: "Asha" })).rejects.toMatchObject({ kind: "not-found" });

    // Corrected: the identifier CKYCR holds, so the record goes as an update of it, and is accepted.
    expect(await desk.correct(accounts, { customerId: c.profileId, field: "ckyc_number", value: sandboxCkycNumber(c.pan) })).toEqual({ field: "ckyc_number" });
    const sent = await desk.sendAgain(accounts, { customerId: c.profileId });
    expect(sent).toMatchObject({ status: "ACCEPTED", ckycNumber: sandboxCkycNumber(c.pan), attempts: 3, version: 1 });
    const after = (await desk.list(accounts)).rows.find((r) => r.customerId === c.profileId)!;
    expect(after).toMatchObject({ status: "ACCEPTED", ckycNumber: `XXXXXXXXXX${sandboxCkycNumber(c.pan).slice(-4)}`, notified: true });
    await expect(desk.correct(accounts, { customerId: c.profileId, field: "name", value: "Asha Rao" })).rejects.toMatchObject({ kind: "refused" });
  });
});
