// Issue 23: every word of the My data screen, in one place so that it can move into the language
// catalogue (decision 38) as it is. The notices themselves are in core/data-rights/purposes.ts.
import { formatKfsDate } from "../../core/kfs.ts";

const day = (iso: string) => formatKfsDate(iso.slice(0, 10));

export const MY_DATA_TEXT = {
  title: "My data",
  intro:
    "What we hold about you, why, and for how long. You can withdraw any consent here at once, download everything, and ask us to correct or erase your data.",
  consentsTitle: "Your consents",
  consentsIntro: "Each purpose below has its own notice. Withdrawing is as quick as giving.",
  readNotice: "Read the notice",
  noticeData: "What data",
  noticeWhy: "Why",
  noticeKept: "How long we keep it",
  noticeWithdraw: "How to withdraw",
  noticeVersion: (v: number) => `Notice version ${v}`,
  givenOn: (at: string) => `Given on ${day(at)}`,
  withdrawnOn: (at: string) => `Withdrawn on ${day(at)}`,
  notAsked: "Not given",
  askedAtStep: "We ask for this at the step of an application that needs it.",
  withdraw: "Withdraw",
  give: "Give consent",
  withdrawLabel: (title: string) => `Withdraw consent: ${title}`,
  giveLabel: (title: string) => `Give consent: ${title}`,
  withdrawnNow: (title: string) => `${title}: consent withdrawn. It stopped at once.`,
  givenNow: (title: string) => `${title}: consent given.`,
  stillNeeded: (title: string, keptUntil: string | null) =>
    `${title}: consent withdrawn. Your loan is still open, so the law obliges us to keep its records and use them to service and collect it, and to report it to the credit bureaus, until it is repaid. ${
      keptUntil
        ? `Loan records are then kept until ${day(keptUntil)}.`
        : "After it closes, its records are kept for five years (the anti-money-laundering rules and RBI's KYC directions)."
    } Every other use has stopped.`,
  downloadTitle: "Download all my data",
  downloadIntro: "Your profile, loans, payments, the documents you gave us, your consents and our contacts with you.",
  downloadPdf: "Download as PDF",
  downloadJson: "Download as JSON",
  correctionTitle: "Ask for a correction",
  correctionIntro: "Tell us what is wrong and what it should say. We answer within 30 days.",
  correctionLabel: "What should we correct?",
  correctionSend: "Send correction request",
  erasureTitle: "Ask us to erase your data",
  erasureIntro:
    "We erase everything no law requires us to keep: your e-mail address, your spouse's details, campaign and tracking data, and your optional consents. You will be signed out.",
  erasureKept: (keptUntil: string) =>
    `Your loan and identity records must be kept until ${day(keptUntil)}, five years after your last loan closed (the Prevention of Money-laundering Rules and RBI's KYC directions). They are deleted then.`,
  erasureOpenLoan: "Your loan is still open: we can erase your data only after it is repaid and closed.",
  erasureNoLoan: "You have no loan with us, so your name, date of birth, address and income are erased too.",
  erasureSend: "Request erasure",
  requestsTitle: "Your requests",
  noRequests: "You have made no requests.",
  requestKind: { correction: "Correction", erasure: "Erasure" } as Record<string, string>,
  requestStatus: { OPEN: "Open", DONE: "Done", REJECTED: "Declined" } as Record<string, string>,
  requestedOn: (at: string) => `Asked on ${day(at)}`,
  dueOn: (at: string) => `answer due by ${day(at)}`,
} as const;

/** Apply Now's consent choices (issue 23): the terms tick stays the spec's; these two are separate and unticked. */
