// What the customer's dashboard and My Account say about the current application (issue 14):
// the stage in plain words, what happens next and when. Built from the lead's facts by the server
// (getDashboardData's lead_details) so the web screens and the mobile app read the same sentences.
import { addWorkingDays, isRejectionReason, kfsValidUntil } from "./credit.ts";
import type { IsoDate } from "./calendar.ts";
import { formatMoney } from "./format.ts";
import type { Language } from "./i18n/languages.ts";
import { messageText, sentencesText, type CodedMessage, type MessageKey } from "./i18n/translate.ts";

/** Decision 11's statuses, split where the customer's next step differs. */
export const APPLICATION_STAGES = ["in_process", "submitted", "under_review", "requote", "sanctioned", "disbursed", "closed", "rejected", "declined"] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export type ApplicationFacts = {
  status: string;
  quoteDecision: string | null;
  rejectionReason: string | null;
  /** The day (India) the lead entered its status. */
  statusDay: IsoDate;
  /** A credit manager recommended a decision; the credit head decides next (decision 32). */
  recommended: boolean;
  /** The KFS expired before sanction: the customer must accept a fresh quote (decision 26). */
  requoteRequested: boolean;
  quoteIssuedOn: IsoDate | null;
  repaymentDate: IsoDate | null;
  /** What is due on the repayment date (rupees). */
  repaymentAmount: number | null;
  loanNo: string | null;
};

export type ApplicationStatus = {
  stage: ApplicationStage;
  /** Short label: Submitted, Under review, Sanctioned… */
  label: string;
  /** What happens next, one or two sentences. */
  next: string;
  /** When, as a date or a time frame; "" when nothing is pending. */
  when: string;
};

/** Credit reviews are promised within this many working days of submission (docs/decisions/journey.md). */
export const REVIEW_WORKING_DAYS = 1;

export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  in_process: "In progress",
  submitted: "Submitted",
  under_review: "Under review",
  requote: "Action needed: accept a fresh quote",
  sanctioned: "Sanctioned",
  disbursed: "Disbursed",
  closed: "Closed",
  rejected: "Rejected",
  declined: "Declined by you",
};

export function applicationStage(f: Pick<ApplicationFacts, "status" | "quoteDecision" | "recommended" | "requoteRequested">): ApplicationStage {
  switch (f.status) {
    case "SUBMITTED":
      if (f.requoteRequested) return "requote";
      return f.recommended ? "under_review" : "submitted";
    case "SANCTIONED":
      return "sanctioned";
    case "DISBURSED":
      return "disbursed";
    case "CLOSED":
      return "closed";
    case "REJECTED":
      return f.quoteDecision === "DECLINED" ? "declined" : "rejected";
    default:
      return "in_process";
  }
}

/** What happens next and when, by code (decision 60): the reply words it in the reader's language. */
export type CodedApplicationStatus = {
  stage: ApplicationStage;
  label: string;
  /** What happens next, one or more sentences. */
  next: CodedMessage[];
  /** When, as a date or a time frame; null when nothing is pending. */
  when: CodedMessage | null;
};

const said = (key: MessageKey, values?: CodedMessage["values"]): CodedMessage => (values ? { key, values } : { key });

/** The stage, what happens next and when, by code. */
export function applicationStatusCodes(f: ApplicationFacts): CodedApplicationStatus {
  const stage = applicationStage(f);
  const label = APPLICATION_STAGE_LABELS[stage];
  const decisionBy = said("journey.said.statusDecisionBy", { date: { date: addWorkingDays(f.statusDay, REVIEW_WORKING_DAYS) } });
  const offerUntil = f.quoteIssuedOn ? [said("journey.said.statusOfferUntil", { date: { date: kfsValidUntil(f.quoteIssuedOn) } })] : [];
  const status = (next: CodedMessage[], when: CodedMessage | null = null) => ({ stage, label, next, when });
  switch (stage) {
    case "in_process":
      return status([said("journey.said.statusInProcess")]);
    case "submitted":
      return status([said("journey.said.statusWithManager"), said("journey.said.statusDecisionBySms"), ...offerUntil], decisionBy);
    case "under_review":
      return status([said("journey.said.statusWithHead"), said("journey.said.statusHeadBySms"), ...offerUntil], decisionBy);
    case "requote":
      return status([said("journey.said.statusRequote"), said("journey.said.statusRequoteAccept")], said("journey.said.statusRequoteWhen"));
    case "sanctioned":
      // A sanctioned lead keeps the loan number of a payout the bank returned (issue 29).
      if (f.loanNo) return status([said("journey.said.statusPayoutReturned", { loan: f.loanNo })]);
      return status([said("journey.said.statusSanctioned"), said("journey.said.statusSanctionedPaying")], said("journey.said.statusSanctionedWhen"));
    case "disbursed":
      return status(
        [
          f.loanNo ? said("journey.said.statusPaidOut", { loan: f.loanNo }) : said("journey.said.statusPaidOutNoNumber"),
          f.repaymentAmount !== null ? said("journey.said.statusRepayBy", { amount: formatMoney(f.repaymentAmount) }) : said("journey.said.statusRepayDue"),
        ],
        f.repaymentDate ? said("journey.said.statusRepayDate", { date: { date: f.repaymentDate } }) : null,
      );
    case "closed":
      return status([said("journey.said.statusClosed"), said("journey.said.statusClosedNext")]);
    case "declined":
      return status([said("journey.said.statusDeclined"), said("journey.said.statusDeclinedNext")]);
    case "rejected": {
      const reason = f.rejectionReason && isRejectionReason(f.rejectionReason) ? f.rejectionReason : null;
      const why = reason
        ? said("servicing.lead.explain.rejectedBecause", { reason: { key: `servicing.rejection.${reason}` } })
        : said("journey.said.statusRejected");
      return status([why, said("journey.said.statusRejectedSaved")]);
    }
  }
}

/** The stage, what happens next and when, in the reader's language ("" when nothing is pending). */
export function applicationStatus(f: ApplicationFacts, lang: Language = "en"): ApplicationStatus {
  const s = applicationStatusCodes(f);
  return { stage: s.stage, label: s.label, next: sentencesText(lang, s.next), when: s.when ? messageText(lang, s.when) : "" };
}
