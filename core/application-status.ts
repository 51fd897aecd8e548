// What the customer's dashboard and My Account say about the current application (issue 14):
// the stage in plain words, what happens next and when. Built from the lead's facts by the server
// (getDashboardData's lead_details) so the web screens and the mobile app read the same sentences.
import { addWorkingDays, kfsValidUntil, rejectionText } from "./credit.ts";
import type { IsoDate } from "./calendar.ts";
import { formatDate, formatMoney } from "./format.ts";

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

/** The stage, what happens next and when, in the customer's words. */
export function applicationStatus(f: ApplicationFacts): ApplicationStatus {
  const stage = applicationStage(f);
  const label = APPLICATION_STAGE_LABELS[stage];
  const reviewBy = formatDate(addWorkingDays(f.statusDay, REVIEW_WORKING_DAYS));
  const offerUntil = f.quoteIssuedOn ? ` Your offer is valid until ${formatDate(kfsValidUntil(f.quoteIssuedOn))}.` : "";
  switch (stage) {
    case "in_process":
      return { stage, label, next: "Your application is not finished yet. Continue with the next step below.", when: "" };
    case "submitted":
      return {
        stage,
        label,
        next: `Your signed application is with your credit manager, who checks your documents and details. We send you the decision by SMS.${offerUntil}`,
        when: `Decision expected by ${reviewBy}`,
      };
    case "under_review":
      return {
        stage,
        label,
        next: `Your credit manager has finished checking your application; our credit head takes the final decision. We send it to you by SMS.${offerUntil}`,
        when: `Decision expected by ${reviewBy}`,
      };
    case "requote":
      return {
        stage,
        label,
        next: "Your loan offer expired before it could be approved. Please review and accept a fresh quote; nothing else needs to be done again.",
        when: "As soon as you accept the new quote, the review continues",
      };
    case "sanctioned":
      // A sanctioned lead keeps the loan number of a payout the bank returned (issue 29).
      if (f.loanNo)
        return {
          stage,
          label,
          next: `Your bank returned the money we paid for loan ${f.loanNo}, so the loan is not active and you owe nothing. Any payment you made for it is held for you and refunded; see Loan Details. We will contact you before paying it out again.`,
          when: "",
        };
      return {
        stage,
        label,
        next: "Your loan is approved. We are paying it into your verified bank account, and we send you an SMS when the money is on its way.",
        when: "Paid out usually within 10 minutes, within 1 hour at most",
      };
    case "disbursed":
      return {
        stage,
        label,
        next: `Your loan${f.loanNo ? ` ${f.loanNo}` : ""} has been paid into your bank account. Repay ${f.repaymentAmount !== null ? formatMoney(f.repaymentAmount) : "the amount due"} on or before the repayment date; we remind you by SMS before it.`,
        when: f.repaymentDate ? `Repay by ${formatDate(f.repaymentDate)}` : "",
      };
    case "closed":
      return { stage, label, next: "This loan is fully repaid and closed. You can download your No Dues Certificate and apply again with Re-Loan.", when: "" };
    case "declined":
      return { stage, label, next: "You declined the loan offer. You can check your eligibility again whenever you need a loan.", when: "" };
    case "rejected": {
      const why = rejectionText(f.rejectionReason);
      return {
        stage,
        label,
        next: `${why ? `We could not approve this application because ${why}` : "We could not approve this application."} Your details are saved; you can check your eligibility again when something changes.`,
        when: "",
      };
    }
  }
}
