// Grievances with deadlines (issue 22): categories, the form's rules and messages, the reference
// number and the deadline rules (escalation to the nodal officer, the RBI Integrated Ombudsman notice).
// Shared by the server (raising, the desk, the daily job) and the screens.
import * as z from "zod";
import { daysBetween, todayInIndia } from "./calendar.ts";
import { site } from "./site-config.ts";
import { LIMITS } from "./validation/limits.ts";
import { base64FileCheck } from "./validation/uploads.ts";
import { codeChoice, documented, issueOf, ok, optionalText, schema, text, type Check } from "./validation/primitives.ts";
import { GRIEVANCE_CODES } from "./i18n/service-codes.ts";
import { saidByCode } from "./i18n/translate.ts";
import { emailCheck, mobileCheck } from "./validation/rules.ts";

export const GRIEVANCE_CATEGORIES = ["loan_application", "repayment", "charges", "collection_conduct", "credit_bureau", "service", "other"] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const GRIEVANCE_CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  loan_application: "Loan application or approval",
  repayment: "Repayment or refund",
  charges: "Interest, fees or charges",
  collection_conduct: "Conduct of our collections team or a recovery agent",
  credit_bureau: "Credit-bureau reporting (dispute about data we reported)",
  service: "Customer service",
  other: "Something else",
};

/** Complaints about collection are flagged on the collections desk while they are open. */
export const COLLECTION_CATEGORY: GrievanceCategory = "collection_conduct";

export const GRIEVANCE_STATUSES = ["open", "escalated", "resolved", "closed"] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  open: "Open",
  escalated: "Escalated to the nodal officer",
  resolved: "Resolved",
  closed: "Closed",
};
/** Open and escalated complaints are still running against their deadlines. */
export const UNRESOLVED_STATUSES: readonly GrievanceStatus[] = ["open", "escalated"];

/** RBI's complaint portal under the Integrated Ombudsman Scheme, 2021 (the one site configuration). */
export const RBI_CMS_URL = site.rbiOmbudsmanUrl;

export const GRIEVANCE_LIMITS = {
  descriptionMin: 10,
  descriptionMax: 2000,
  replyMin: 3,
  replyMax: 2000,
  loanNoMax: 20,
  attachmentMaxBytes: LIMITS.maxImageBytes,
} as const;

/** The officers' desk's refusals: staff English (decision 38). */
export const GRIEVANCE_DESK_MESSAGES = {
  reply: `Write a reply of ${GRIEVANCE_LIMITS.replyMin} to ${GRIEVANCE_LIMITS.replyMax.toLocaleString("en-IN")} characters.`,
  notFound: "No such complaint.",
  alreadyClosed: "This complaint is closed.",
  resolveFirst: "Only a resolved complaint can be closed.",
  alreadyResolved: "This complaint is already resolved.",
  alreadyEscalated: "This complaint is already with the nodal officer.",
} as const;

/** A complaint form's refusal: its English and its code (decision 60). */
const said = (name: "description" | "loanNo" | "attachment" | "contactNeeded") => saidByCode(GRIEVANCE_CODES[name]);

const description = text({
  label: "Description",
  max: GRIEVANCE_LIMITS.descriptionMax,
  required: said("description"),
  tooLong: said("description"),
  pattern: new RegExp(`^[\\s\\S]{${GRIEVANCE_LIMITS.descriptionMin},}$`),
  invalid: said("description"),
});

const loanNo = optionalText({
  label: "Loan number",
  max: GRIEVANCE_LIMITS.loanNoMax,
  pattern: /^SOT[0-9A-Z]{1,17}$/,
  invalid: said("loanNo"),
  tooLong: said("loanNo"),
  normalise: (t) => t.toUpperCase().replace(/\s+/g, ""),
});

/** An optional attachment in base64 (the documents' size rule); the server checks its content too. */
const attachment: Check<string | null> = documented(
  (input: unknown) => {
    if (input === undefined || input === null || input === "") return ok(null);
    return base64FileCheck({ required: said("attachment"), maxBytes: GRIEVANCE_LIMITS.attachmentMaxBytes })(input);
  },
  { type: "string", contentEncoding: "base64", description: "Optional: a PDF, JPEG, PNG or WEBP file in base64, at most 5 MB decoded." },
);

const complaintShape = () => ({
  category: schema(codeChoice("Category", GRIEVANCE_CATEGORIES), { type: "string", enum: [...GRIEVANCE_CATEGORIES] }),
  loan_no: schema(loanNo),
  description: schema(description),
  attachment: schema(attachment),
});

/** A signed-in customer's complaint: their own contact details are used. */
export const complaintSchema = z.object(complaintShape());

const optionalMobile: Check<string | null> = documented(
  (input: unknown) => (input === undefined || input === null || String(input).trim() === "" ? ok(null) : mobileCheck(input)),
  { type: "string", description: "Optional: a 10-digit Indian mobile number." },
);
const optionalEmail: Check<string | null> = documented(
  (input: unknown) => (input === undefined || input === null || String(input).trim() === "" ? ok(null) : emailCheck(input)),
  { type: "string", description: "Optional: an e-mail address." },
);

/** Anyone's complaint from the public page: a name, a mobile or an e-mail, and the enquiry form's captcha. */
export const publicComplaintSchema = z
  .object({
    ...complaintShape(),
    name: schema(text({ label: "Name", max: LIMITS.text.name })),
    mobile: schema(optionalMobile),
    email: schema(optionalEmail),
    captcha_id: schema(text({ label: "Captcha", max: LIMITS.text.captchaId })),
    captcha: schema(text({ label: "Captcha", max: LIMITS.text.captcha })),
  })
  .superRefine((v, ctx) => {
    if (!v.mobile && !v.email) ctx.addIssue(issueOf(said("contactNeeded"), "mobile"));
  });

export type ComplaintInput = z.infer<typeof complaintSchema>;
export type PublicComplaintInput = z.infer<typeof publicComplaintSchema>;

/**
 * Deadlines (validated configuration, read once at start-up): a complaint unresolved after
 * `escalationDays` goes to the nodal officer; after `ombudsmanDays` the customer is told they may
 * go to the RBI Integrated Ombudsman. RBI's scheme allows a complaint there after 30 days.
 */
export interface GrievanceDeadlines {
  escalationDays: number;
  ombudsmanDays: number;
}
export const DEFAULT_GRIEVANCE_DEADLINES: GrievanceDeadlines = { escalationDays: 7, ombudsmanDays: 30 };

/** Whole days a complaint raised at `raisedAt` has been open on `at`'s India date. */
export function grievanceAgeDays(raisedAt: Date, at: Date): number {
  return Math.max(0, daysBetween(todayInIndia(raisedAt), todayInIndia(at)));
}

/** What the daily job owes an unresolved complaint today. */
export function grievanceDeadlinesDue(
  g: { status: GrievanceStatus; raisedAt: Date; escalatedAt: Date | null; ombudsmanNoticeAt: Date | null },
  at: Date,
  deadlines: GrievanceDeadlines,
): { escalate: boolean; ombudsmanNotice: boolean } {
  if (!UNRESOLVED_STATUSES.includes(g.status)) return { escalate: false, ombudsmanNotice: false };
  const age = grievanceAgeDays(g.raisedAt, at);
  return {
    escalate: !g.escalatedAt && age >= deadlines.escalationDays,
    ombudsmanNotice: !g.ombudsmanNoticeAt && age >= deadlines.ombudsmanDays,
  };
}

/** "GRV-20261126-7F3A": the raising date in India time and 4 random letters or digits. */
export function grievanceReference(raisedAt: Date, random4: string): string {
  return `GRV-${todayInIndia(raisedAt).replaceAll("-", "")}-${random4.toUpperCase()}`;
}

/** The ombudsman sentence every notice uses, with RBI's portal. */
export const OMBUDSMAN_TEXT = `If you are not satisfied with our reply, or have had none within 30 days, you may complain to the RBI Integrated Ombudsman at ${RBI_CMS_URL}.`;
