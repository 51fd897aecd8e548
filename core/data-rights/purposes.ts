// Issue 23, decision 42 (DPDP Act 2023, Rules 2025): the purposes we ask consent for, each with its
// versioned notice. The notice text is ours, in English and Hindi, in the catalogue (core/i18n/notices.*.ts).
import { translate, type Language } from "../i18n/index.ts";

// Issue 33: video_kyc, the video KYC (V-CIP) with a live official: asked when the customer starts one.
// Issue 33: ckyc, the search of CERSAI's Central KYC Records Registry by PAN and the download of a found record.
// Issue 34: whatsapp_updates, the borrower's notices on WhatsApp instead of SMS (opt-in; STOP withdraws it).
export const CONSENT_PURPOSES = [
  "lending_servicing",
  "identity_checks",
  "credit_bureau",
  "account_aggregator",
  "reminders",
  "marketing",
  "tracking",
  "whatsapp_updates",
  "video_kyc",
  "ckyc",
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export function isConsentPurpose(value: unknown): value is ConsentPurpose {
  return typeof value === "string" && (CONSENT_PURPOSES as readonly string[]).includes(value);
}

/** Languages a notice was shown in (decision 38). */
export const NOTICE_LANGUAGES = ["en", "hi"] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export interface PurposeNotice {
  purpose: ConsentPurpose;
  /** Bumped whenever the text below changes; each consent row records the version it was given on. */
  version: number;
  title: string;
  data: string;
  why: string;
  kept: string;
  withdraw: string;
  /** A loan in progress or open cannot go on without it (withdrawing stops the loan's other uses only). */
  neededByLoan: boolean;
}

/** What each notice is besides its words: its version and whether an open loan needs the purpose. */
const NOTICE_META: Record<ConsentPurpose, { version: number; neededByLoan: boolean }> = {
  lending_servicing: { version: 1, neededByLoan: true },
  identity_checks: { version: 1, neededByLoan: true },
  credit_bureau: { version: 1, neededByLoan: true },
  account_aggregator: { version: 1, neededByLoan: false },
  reminders: { version: 1, neededByLoan: false },
  marketing: { version: 1, neededByLoan: false },
  tracking: { version: 1, neededByLoan: false },
  whatsapp_updates: { version: 1, neededByLoan: false },
  video_kyc: { version: 1, neededByLoan: false },
  ckyc: { version: 1, neededByLoan: false },
};

/**
 * A purpose's notice in a language (issue 23): the words are in the catalogue (core/i18n/notices.*.ts);
 * a version covers the same content in every language, and each consent records the language shown.
 */
export function purposeNotice(purpose: ConsentPurpose, lang: Language = "en"): PurposeNotice {
  const t = (part: "title" | "data" | "why" | "kept" | "withdraw") => translate(lang, `notice.${purpose}.${part}`);
  return { purpose, ...NOTICE_META[purpose], title: t("title"), data: t("data"), why: t("why"), kept: t("kept"), withdraw: t("withdraw") };
}

/** The English notices (the version and the loan's need are the same in every language). */
export const PURPOSE_NOTICES = Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, purposeNotice(p)])) as Record<ConsentPurpose, PurposeNotice>;

/** Granted by pressing Get OTP with the terms ticked: without them there is no application at all. */
export const SIGN_IN_PURPOSES: readonly ConsentPurpose[] = ["lending_servicing", "identity_checks", "reminders"];
/** Offered as separate, unticked choices at sign-in (never bundled with the terms); each can be given on My data. Issue 34: WhatsApp updates. */
export const OPTIONAL_SIGN_IN_PURPOSES: readonly ConsentPurpose[] = ["marketing", "tracking", "whatsapp_updates"];

/**
 * Issue 23: the journey steps that use a purpose, each showing its notice with a tick on its screen; the
 * grant is recorded with the step's event name as its source.
 */
export const STEP_PURPOSES = {
  register_now: "credit_bureau",
  ekyc_initiated: "identity_checks",
  account_aggregator_verify: "account_aggregator",
} as const satisfies Record<string, ConsentPurpose>;
export type ConsentStep = keyof typeof STEP_PURPOSES;
