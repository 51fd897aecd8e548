// CKYC in the customer's journey (issue 33): once the PAN is verified and the customer consents (purpose
// `ckyc`, with its notice), CKYCR is searched by PAN; a found record is downloaded with the customer's date
// of birth or the code CKYCR sends to their mobile, and every field it would fill is shown to the customer,
// who confirms or declines it before anything is used. The father's or spouse's name CKYCR's record needs
// is asked here when the journey lacks it. One row per customer in ckyc_customers, owned by this module.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { parseIsoDate } from "../../../core/calendar.ts";
import { ckycFormPrefill, type CkycFormPrefill } from "../../../core/ckyc/form-prefill.ts";
import type { NoticeLanguage } from "../../../core/data-rights/index.ts";
import { NAME_CHARS } from "../../../core/identity-record.ts";
import type { Db } from "../../db/client.ts";
import { ckycCustomers, customerProfiles, type CkycFilledFields } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { CkycDownloadAuth, CkycPort } from "../../providers/ckyc/port.ts";
import type { ConsentsService } from "../data-rights/consents.service.ts";
import { InvalidInput, NotAvailable, ProviderDown, Refused } from "../domain-errors.ts";
import type { CreditReportSubjects } from "../profile/credit-report-subject.service.ts";

export type RelativeKind = "father" | "spouse";

/** What the customer sees of their CKYC state: never the identifier in full before they confirm. */
export interface CkycJourneyView {
  searched: boolean;
  found: boolean;
  maskedCkycNumber: string | null;
  /** Downloaded and waiting for the customer: each field shown to confirm before use. */
  toConfirm: CkycFilledFields | null;
  confirmed: boolean;
  relative: { kind: RelativeKind; name: string } | null;
}

const FIELD = (key: "ckyc.authNeeded" | "ckyc.authFailed" | "ckyc.relativeKind" | "ckyc.relativeName") => ({ key });

/** A father's or spouse's name as CKYCR's record takes it: letters, spaces, dots, hyphens, apostrophes; 2-100. */
export function checkRelativeName(name: unknown): string | null {
  if (typeof name !== "string") return null;
  const trimmed = name.trim().replace(/\s+/g, " ");
  return trimmed.length >= 2 && trimmed.length <= 100 && NAME_CHARS.test(trimmed) ? trimmed : null;
}

function viewOf(r: typeof ckycCustomers.$inferSelect | null): CkycJourneyView {
  const downloaded = r?.downloaded ?? null;
  return {
    searched: !!r?.searchedAt,
    found: !!r?.found,
    maskedCkycNumber: r?.maskedCkycNumber ?? null,
    toConfirm: downloaded
      ? {
          name: downloaded.name,
          relativeName: downloaded.relativeName,
          gender: downloaded.gender,
          dob: downloaded.dob,
          email: downloaded.email,
          address: downloaded.address,
        }
      : null,
    confirmed: !!r?.confirmedAt,
    relative: r?.relativeKind && r.relativeName ? { kind: r.relativeKind, name: r.relativeName } : null,
  };
}

/** A registry call: its failure is the customer's "not answering", logged by class only. */
async function callRegistry<T>(logger: Logger, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    // The registry's error may quote the request: only its class is logged.
    logger.warn(`ckyc ${what} failed`, { error: error instanceof Error ? error.name : typeof error });
    throw new ProviderDown({ key: "ckyc.serviceDown" });
  }
}

/** The forms' prefill from a confirmed record (core/ckyc/form-prefill.ts); the spouse's name only when the customer said the record's name is their spouse's. */
async function formPrefillOf(db: Db, customerId: string, r: typeof ckycCustomers.$inferSelect | null): Promise<CkycFormPrefill> {
  const confirmed = r?.confirmed;
  if (!confirmed) return {};
  const P = customerProfiles;
  const [p] = await db
    .select({
      gender: P.gender,
      personal_email: P.personalEmail,
      dob: P.dob,
      spouse_name: P.spouseName,
      residence_address_1: P.residenceAddress1,
      residence_address_2: P.residenceAddress2,
      residence_pincode: P.residencePincode,
    })
    .from(P)
    .where(eq(P.id, customerId));
  if (!p) return {};
  const spouseName = r.relativeKind === "spouse" && r.relativeName === checkRelativeName(confirmed.relativeName) ? r.relativeName : null;
  return ckycFormPrefill({ gender: confirmed.gender, dob: confirmed.dob, email: confirmed.email, address: confirmed.address, spouseName }, p);
}

export function createCkycJourney(deps: {
  db: Db;
  now: () => Date;
  port: CkycPort | null;
  consents: Pick<ConsentsService, "atStep" | "requireNotWithdrawn">;
  subjects: CreditReportSubjects;
  logger: Logger;
}) {
  const { db, now, consents, subjects, logger } = deps;

  async function row(customerId: string) {
    const [r] = await db.select().from(ckycCustomers).where(eq(ckycCustomers.customerId, customerId));
    return r ?? null;
  }

  async function upsert(customerId: string, set: Partial<typeof ckycCustomers.$inferInsert>) {
    const at = now();
    await db
      .insert(ckycCustomers)
      .values({ customerId, corrections: {}, ...set, updatedAt: at })
      .onConflictDoUpdate({ target: ckycCustomers.customerId, set: { ...set, updatedAt: at } });
  }

  function requirePort(): CkycPort {
    if (!deps.port) throw new NotAvailable({ key: "ckyc.serviceDown" });
    return deps.port;
  }

  /** The customer's verified PAN, or refused: CKYCR is searched by PAN only once it is verified. */
  async function verifiedPan(customerId: string): Promise<string> {
    const [p] = await db.select({ verified: customerProfiles.pancardVerifiedStatus }).from(customerProfiles).where(eq(customerProfiles.id, customerId));
    const pan = p?.verified === 1 ? (await subjects.subjectOf(customerId))?.pan : null;
    if (!pan) throw new Refused({ key: "ckyc.panFirst" });
    return pan;
  }

  const call = <T>(what: string, fn: () => Promise<T>) => callRegistry(logger, what, fn);

  return {
    async view(customerId: string): Promise<CkycJourneyView> {
      return viewOf(await row(customerId));
    },

    /** Searches CKYCR by the verified PAN, with the customer's consent (the notice's tick: "1" grants, "0" refuses). */
    async search(customerId: string, input: { consent?: "0" | "1"; language: NoticeLanguage }): Promise<CkycJourneyView> {
      const pan = await verifiedPan(customerId);
      await consents.atStep(customerId, "ckyc", input.consent, { source: "ckyc_search", language: input.language });
      const port = requirePort();
      const found = await call("search", () => port.search({ pan, requestId: randomUUID() }));
      await upsert(customerId, {
        searchedAt: now(),
        found: found.found,
        maskedCkycNumber: found.found ? found.maskedCkycNumber : null,
        downloadReference: found.found ? found.ckycReference : null,
        downloaded: null,
      });
      return viewOf(await row(customerId));
    },

    /** Asks CKYCR to send its download code to the mobile its record holds; answers that mobile masked. */
    async sendCode(customerId: string, language: NoticeLanguage = "en"): Promise<{ sentTo: string }> {
      await consents.requireNotWithdrawn(customerId, "ckyc", language);
      const r = await row(customerId);
      if (!r?.found || !r.downloadReference) throw new Refused({ key: "ckyc.notFound" });
      const reference = r.downloadReference;
      const sent = await call("download code", () => requirePort().sendDownloadCode({ ckycReference: reference, requestId: randomUUID() }));
      if (!sent) throw new Refused({ key: "ckyc.notFound" });
      return sent;
    },

    /**
     * Downloads the found record, authenticated by the date of birth (YYYY-MM-DD) or CKYCR's 6-digit code; the
     * fields are kept for the customer to confirm and answered. A wrong date or code keeps nothing.
     */
    async download(customerId: string, input: { dob?: unknown; code?: unknown; language?: NoticeLanguage }): Promise<CkycJourneyView> {
      await consents.requireNotWithdrawn(customerId, "ckyc", input.language ?? "en");
      let auth: CkycDownloadAuth;
      if (typeof input.code === "string" && /^\d{6}$/.test(input.code.trim())) auth = { kind: "mobile-code", code: input.code.trim() };
      else if (typeof input.dob === "string" && parseIsoDate(input.dob.trim())) auth = { kind: "dob", dob: input.dob.trim() };
      else throw new InvalidInput(FIELD("ckyc.authNeeded"), { auth: FIELD("ckyc.authNeeded") });
      const pan = await verifiedPan(customerId);
      const r = await row(customerId);
      if (!r?.found || !r.downloadReference) throw new Refused({ key: "ckyc.notFound" });
      const reference = r.downloadReference;
      const result = await call("download", () => requirePort().download({ ckycReference: reference, auth, requestId: randomUUID() }));
      if (!result.ok && result.reason === "AUTH_FAILED") throw new InvalidInput(FIELD("ckyc.authFailed"), { auth: FIELD("ckyc.authFailed") });
      if (!result.ok) throw new Refused({ key: "ckyc.notFound" });
      const d = result.record;
      // A record for another PAN is never shown or kept.
      if (d.pan.trim().toUpperCase() !== pan) throw new Refused({ key: "ckyc.notYours" });
      const fields: CkycFilledFields = { name: d.name, relativeName: d.relativeName, gender: d.gender, dob: d.dob, email: d.email, address: d.address };
      await upsert(customerId, { downloaded: { ...fields, ckycNumber: d.ckycNumber }, downloadedAt: now(), declinedAt: null });
      return viewOf(await row(customerId));
    },

    /**
     * The customer's answer to the downloaded fields: confirmed, they fill the journey (`prefill`) and the
     * identifier is kept for our upload (an update of that record); declined, they are dropped. A father's
     * or spouse's name among them needs its kind, chosen by the customer.
     */
    async confirm(customerId: string, input: { accept: boolean; relativeKind?: unknown }): Promise<CkycJourneyView> {
      const r = await row(customerId);
      const downloaded = r?.downloaded;
      if (!downloaded) throw new NotAvailable({ key: "ckyc.nothingToConfirm" });
      if (!input.accept) {
        await upsert(customerId, { downloaded: null, declinedAt: now() });
        return viewOf(await row(customerId));
      }
      const { ckycNumber, ...fields } = downloaded;
      const relativeName = checkRelativeName(fields.relativeName);
      const kind = input.relativeKind === "father" || input.relativeKind === "spouse" ? input.relativeKind : null;
      if (relativeName && !kind) throw new InvalidInput(FIELD("ckyc.relativeKind"), { relative_kind: FIELD("ckyc.relativeKind") });
      await upsert(customerId, {
        downloaded: null,
        confirmed: fields,
        confirmedAt: now(),
        ckycNumber,
        ...(relativeName && kind ? { relativeKind: kind, relativeName } : {}),
      });
      return viewOf(await row(customerId));
    },

    /** The father's or spouse's name, asked when CKYCR's record needs it and the journey lacks it. */
    async setRelative(customerId: string, input: { kind: unknown; name: unknown }): Promise<CkycJourneyView> {
      const kind = input.kind === "father" || input.kind === "spouse" ? input.kind : null;
      const name = checkRelativeName(input.name);
      const errors = { ...(kind ? {} : { relative_kind: FIELD("ckyc.relativeKind") }), ...(name ? {} : { relative_name: FIELD("ckyc.relativeName") }) };
      if (!kind || !name) throw new InvalidInput(kind ? FIELD("ckyc.relativeName") : FIELD("ckyc.relativeKind"), errors);
      await upsert(customerId, { relativeKind: kind, relativeName: name });
      return viewOf(await row(customerId));
    },

    /**
     * What the confirmed record fills on the journey's personal-details and address forms, in the forms'
     * values and only where the customer has saved nothing; nothing before the customer confirms.
     */
    async prefill(customerId: string): Promise<CkycFormPrefill> {
      return formPrefillOf(db, customerId, await row(customerId));
    },

    /** Whether the journey still lacks the father's or spouse's name CKYCR's record needs (a married customer's spouse's name counts). */
    async needsRelative(customerId: string): Promise<boolean> {
      const r = await row(customerId);
      if (r?.relativeKind && r.relativeName) return false;
      const [p] = await db.select({ spouseName: customerProfiles.spouseName }).from(customerProfiles).where(eq(customerProfiles.id, customerId));
      return !checkRelativeName(p?.spouseName);
    },
  };
}

export type CkycJourney = ReturnType<typeof createCkycJourney>;
