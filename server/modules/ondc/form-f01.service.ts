// Issue 32: form F01 answered on our page. The customer is the holder of the mobile: our sign-in's one-time
// code is sent (its send limits and captcha) and checked (its attempt counter) before anything is accepted.
// Every field is checked first, with the website's rules, so bad input changes nothing. Then the same
// services as the website's journey run, in its order: PAN (verified with the provider), personal details,
// residence, income, selfie, and the eligibility service's register_now, which applies our rules as they
// stand (PAN, age, service area, salaried, income, bureau) and opens the lead. The submission is recorded by
// its submission_id with the customer, the lead and the verdict; a customer our rules refuse still gets a
// submission_id, and the select that quotes it is answered with the rejection.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { todayInIndia, type Today } from "../../../core/calendar.ts";
import { messageText, type CodedMessage, type Language } from "../../../core/i18n/index.ts";
import { incomeFormSchema, personalFormSchema, residenceFormSchema } from "../../../core/validation/profile.ts";
import { sniffFileType } from "../../../core/validation/uploads.ts";
import { mobileCheck } from "../../../core/validation/rules.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, ondcFormSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { AuthService, CaptchaAnswer } from "../auth/auth.service.ts";
import { DomainError, Refused, type IssuedCaptcha } from "../domain-errors.ts";
import type { EligibilityService } from "../eligibility/eligibility.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { KycService } from "../kyc/kyc.service.ts";
import { readF01, type F01Values } from "./form-f01.ts";
import type { PageMessage } from "./form-f01-page.ts";

/** Where our account aggregator sends the person back after the consent asked for F01's aa_id: a page saying to return to the app. */
export const F01_CONSENT_PATH = "/ondc/forms/F01/consent";

/** The profile steps' field names → the F01 page's (a refusal is shown beside the field the person filled). */
const PAGE_FIELD: Record<string, string> = {
  pancard: "pan",
  monthly_income: "income",
  personal_email: "personalemail",
  dob: "dob",
  gender: "gender",
  marital_status_id: "maritalStatus",
  spouse_name: "spouseName",
  spouse_number: "spouseNumber",
  residence_type_id: "residenceType",
  residence_address_1: "addressL1",
  residence_address_2: "addressL2",
  residence_landmark: "landmark",
  residence_pincode: "pincode",
  income_type_id: "employmentType",
  salary_date: "salaryDate",
  salary_mode_id: "salaryMode",
  file: "selfie",
};

const GENDER_IDS: Record<string, number> = { male: 1, female: 2 };
const INCOME_TYPE_IDS: Record<string, number> = { salaried: 1, selfEmployed: 2 };

export interface F01Checked {
  f01: F01Values;
  personal: { gender: number; personal_email: string; dob: string; marital_status_id: number; spouse_name: string | null; spouse_number: string | null };
  residence: {
    residence_type_id: number;
    residence_address_1: string;
    residence_address_2: string;
    residence_landmark: string | null;
    residence_pincode: string;
  };
  income: { income_type_id: number; monthly_income: number; salary_date: string; salary_mode_id: number };
  selfie: Uint8Array;
}

type ZodLike = {
  safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string; params?: unknown }[] } };
};

/** A zod issue's code (core/validation puts a coded rule's code in `params`), else its English. */
export const issueMessage = (issue: { message: string; params?: unknown }): PageMessage =>
  (issue.params as { code?: CodedMessage } | undefined)?.code ?? issue.message;

/** True when the message says a field was left empty (ONDC's 80217, not 80216). */
export const saysMissing = (m: PageMessage) => /required|Please add/i.test(messageText("en", m));

/** Every field of the page checked, with the website's rules: the values for the steps, or each field's message. */
export function checkF01Page(
  fields: Record<string, unknown>,
  selfie: Uint8Array | null,
  today: Today,
): { ok: true; values: F01Checked } | { ok: false; errors: Record<string, PageMessage> } {
  const errors: Record<string, PageMessage> = {};
  const base = readF01(fields, today);
  if (!base.ok) Object.assign(errors, base.fields);
  const str = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string).trim() : "");
  const run = <T>(schema: ZodLike, input: Record<string, unknown>): T | null => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data as T;
    for (const issue of parsed.error.issues) {
      const field = PAGE_FIELD[String(issue.path[0])] ?? String(issue.path[0]);
      errors[field] ??= issueMessage(issue);
    }
    return null;
  };
  const gender = str("gender");
  if (gender && !(gender in GENDER_IDS) && !errors.gender) errors.gender = { key: "ondc.f01.genderTwo" };
  const personal = run<F01Checked["personal"]>(personalFormSchema({ today }), {
    personal_email: str("personalemail"),
    dob: str("dob"),
    marital_status_id: str("maritalStatus"),
    gender: GENDER_IDS[gender] ?? "",
    spouse_name: str("spouseName"),
    spouse_number: str("spouseNumber"),
  });
  const residence = run<F01Checked["residence"]>(residenceFormSchema, {
    residence_type_id: str("residenceType"),
    residence_address_1: str("addressL1"),
    residence_address_2: str("addressL2"),
    residence_landmark: str("landmark"),
    residence_pincode: str("pincode"),
  });
  const income = run<F01Checked["income"]>(incomeFormSchema({ today }), {
    income_type_id: INCOME_TYPE_IDS[str("employmentType")] ?? "",
    monthly_income: str("income"),
    salary_date: str("salaryDate"),
    salary_mode_id: str("salaryMode"),
  });
  const sniffed = selfie && selfie.byteLength > 0 ? sniffFileType(selfie) : null;
  if (!selfie || selfie.byteLength === 0) errors.selfie ??= { key: "ondc.f01.selfieMissing" };
  else if (sniffed !== "jpeg" && sniffed !== "png" && sniffed !== "webp") errors.selfie ??= { key: "ondc.f01.selfieType" };
  if (Object.keys(errors).length > 0 || !base.ok || !personal || !residence || !income || !selfie) return { ok: false, errors };
  return { ok: true, values: { f01: base.values, personal, residence, income, selfie } };
}

/** A refusal in the page's words: beside its fields when it names them, else for the whole form. */
function pageErrors(error: DomainError): { errors: Record<string, PageMessage>; notice?: PageMessage } {
  const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [PAGE_FIELD[k] ?? k, v]));
  return Object.keys(errors).length ? { errors } : { errors: {}, notice: error.code ?? error.message };
}

export type SendResult = { ok: true; otpRef: string } | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage; captcha?: IssuedCaptcha };
export type SubmitResult =
  | { ok: true; submissionId: string; eligible: boolean }
  | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage; code: "80216" | "80217" | "80219" };

export function createOndcF01Forms(deps: {
  db: Db;
  now: () => Date;
  logger: Logger;
  auth: Pick<AuthService, "login" | "otpKit">;
  profiles: Pick<ProfileService, "verifyPan" | "savePersonal" | "saveResidence" | "saveIncome" | "saveSelfie">;
  eligibility: Pick<EligibilityService, "registerNow">;
  /** The flow with account aggregator: the consent asked when F01 names the person's aggregator handle (aa_id). */
  kyc: Pick<KycService, "consentAhead">;
  publicOrigin: string;
}) {
  const { db, now, logger, auth, profiles, eligibility, kyc, publicOrigin } = deps;

  /**
   * F01 with aa_id, eligible: our account aggregator's consent for the statement, asked now (the flow with
   * account aggregator, docs/decisions/providers.md); its handle goes to the buyer app in on_select_1. When the
   * aggregator cannot be asked, null: the flow goes on without it and F03's page asks the statement as on our site.
   */
  async function consentFor(profileId: string, leadId: string, aaId: string | null, transactionId: string): Promise<string | null> {
    if (!aaId) return null;
    try {
      const redirectUrl = `${publicOrigin}${F01_CONSENT_PATH}?transaction_id=${encodeURIComponent(transactionId)}`;
      return (await kyc.consentAhead(profileId, leadId, { customerVua: aaId, redirectUrl })).consentHandle;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger.warn("ondc f01: no account aggregator consent", { transactionId, kind: error.kind });
      return null;
    }
  }

  return {
    /** Step one: our sign-in's code to the mobile (its limits and captcha); the customer found or created for it, as on the website. */
    async sendCode(input: { contactNumber: string; ip: string; captcha?: CaptchaAnswer; lang: Language }): Promise<SendResult> {
      const mobile = mobileCheck(input.contactNumber.trim());
      if (!mobile.ok) return { ok: false, errors: { contactNumber: mobile.code ?? mobile.message } };
      try {
        const sent = await auth.login({ mobile: mobile.value, ip: input.ip, utm: { utm_source: "ondc" }, captcha: input.captcha, lang: input.lang });
        return { ok: true, otpRef: sent.profileId };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const captcha = "captcha" in error ? (error.captcha as IssuedCaptcha) : undefined;
        const said = error.code ?? error.message;
        return { ok: false, errors: captcha ? {} : { contactNumber: said }, notice: captcha ? said : undefined, captcha };
      }
    },

    /** Step two: the fields checked, then the code, then the journey's own steps and rules; recorded by submission_id. */
    async submit(input: {
      transactionId: string;
      otpRef: string;
      otp: string;
      fields: Record<string, unknown>;
      selfie: Uint8Array | null;
    }): Promise<SubmitResult> {
      const at = now();
      const checked = checkF01Page(input.fields, input.selfie, () => todayInIndia(at));
      if (!checked.ok) {
        const missing = Object.values(checked.errors).some(saysMissing);
        return { ok: false, errors: checked.errors, code: missing ? "80217" : "80216" };
      }
      const { f01, personal, residence, income, selfie } = checked.values;
      const [profile] = /^[0-9a-f-]{36}$/i.test(input.otpRef) ? await db.select().from(customerProfiles).where(eq(customerProfiles.id, input.otpRef)) : [];
      if (!profile || profile.mobile !== f01.contactNumber) {
        return { ok: false, errors: { contactNumber: { key: "ondc.f01.askCodeFirst" } }, code: "80216" };
      }
      const code = await auth.otpKit.codes.check("login", { subject: profile.id, code: input.otp.trim(), at });
      if (!code.ok) {
        const words =
          code.reason === "wrong"
            ? auth.otpKit.messages.wrong(code.attemptsLeft)
            : auth.otpKit.messages[code.reason === "locked" ? "locked" : code.reason === "burned" ? "burned" : "expired"];
        return { ok: false, errors: { otp: words }, code: "80216" };
      }
      try {
        await profiles.verifyPan(profile.id, { pancard: f01.pan, monthly_income: income.monthly_income });
        await profiles.savePersonal(profile.id, personal);
        await profiles.saveResidence(profile.id, residence);
        await profiles.saveIncome(profile.id, income);
        await profiles.saveSelfie(profile.id, { file: Buffer.from(selfie).toString("base64") });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        logger.info("ondc F01 refused by a profile step", { kind: error.kind });
        return { ok: false, ...pageErrors(error), code: error.kind === "provider-down" ? "80219" : "80216" };
      }
      let leadId: string | null = null;
      let reason: string | null = null;
      let rejectCode: string | null = null;
      try {
        ({ leadId } = await eligibility.registerNow(profile.id));
      } catch (error) {
        if (!(error instanceof Refused)) {
          if (error instanceof DomainError) return { ok: false, ...pageErrors(error), code: error.kind === "provider-down" ? "80219" : "80216" };
          throw error;
        }
        // Not eligible: recorded, and told to the buyer app in on_select (the rule that decides, in staff's English).
        reason = error.message;
        const rules = Object.keys(error.errors ?? {});
        // ONDC's own codes where one names the rule (spec attributes §5); else "no offer can be returned".
        rejectCode = rules.includes("serviceArea") ? "80225" : rules.includes("bureauScore") ? "80226" : "80203";
      }
      const submissionId = randomUUID();
      const aaConsentHandle = leadId ? await consentFor(profile.id, leadId, f01.aaId, input.transactionId) : null;
      await db.insert(ondcFormSubmissions).values({
        submissionId,
        formId: "F01",
        transactionId: input.transactionId,
        profileId: profile.id,
        leadId,
        outcome: leadId ? "eligible" : "not_eligible",
        reason,
        rejectCode,
        endUse: f01.endUse,
        aaConsentHandle,
        createdAt: at,
      });
      return { ok: true, submissionId, eligible: leadId !== null };
    },
  };
}

export type OndcF01Forms = ReturnType<typeof createOndcF01Forms>;
