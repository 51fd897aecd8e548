// The Key Fact Statement (regulatory.md; RBI KFS circular RBI/2024-25/18), built only
// from the loan math and the product configuration, so the quote screen, the API,
// the PDF and the eSign page show the same figures. Pure: the proposal number, the
// date and the lender's contact details are passed in.
//
// Items (regulatory.md "Contents"): loan amount, tenure and interest; processing fee
// and GST, with the penal charges listed separately; net disbursed amount; total
// payable and the repayment date; APR (decision 4); the cooling-off period; the
// grievance officer's contact; the recovery mechanism.

import { addDays, type IsoDate } from "./calendar.ts";
import { formatDate } from "./format.ts";
import { LOAN_PURPOSES } from "./journey/masters.ts";
import { formatINR, quoteSingle, type SingleQuote } from "./loan-math/index.ts";
import { PRODUCT, type SingleLoanProduct } from "./product.ts";

export type KfsContact = { name: string; designation?: string; email: string; phone: string };

export type KfsLender = {
  /** Legal name of the regulated entity. */
  legalName: string;
  brand: string;
  grievanceOfficer: KfsContact;
  /** Days after which an unresolved complaint may go to the RBI Integrated Ombudsman. */
  ombudsmanAfterDays: number;
  ombudsmanUrl: string;
  customerCare: { email: string; phone: string };
};

export type KfsInput = {
  /** Unique per quote; made by the server (see isProposalNumber). */
  proposalNumber: string;
  /** The day the KFS is issued (the quote day), India time. */
  issuedOn: IsoDate;
  principal: number;
  tenureDays: number;
  repaymentDate: IsoDate;
  purposeId?: number | null;
  borrowerName?: string | null;
  lender: KfsLender;
};

export type KfsItemId =
  | "proposal_number"
  | "issued_on"
  | "lender"
  | "borrower"
  | "purpose"
  | "loan_amount"
  | "tenure"
  | "interest_rate"
  | "interest_amount"
  | "processing_fee"
  | "gst"
  | "total_charges"
  | "net_disbursed"
  | "total_payable"
  | "repayment_schedule"
  | "apr"
  | "penal_charges"
  | "cooling_off"
  | "grievance_officer"
  | "recovery"
  | "money_flow";

export type KfsItem = { id: KfsItemId; label: string; value: string };
export type KfsSection = { title: string; items: KfsItem[] };

export type Kfs = {
  title: string;
  proposalNumber: string;
  issuedOn: IsoDate;
  repaymentDate: IsoDate;
  quote: SingleQuote;
  /** Last day of the cooling-off period. */
  coolingOffUntil: IsoDate;
  sections: KfsSection[];
};

export const KFS_TITLE = "Key Fact Statement";

/** Proposal numbers look like SOT-20261123-7K3QX9TD: prefix, issue day, 8 random base32 characters. */
const PROPOSAL_RE = /^SOT-\d{8}-[A-Z2-7]{8}$/;
export function isProposalNumber(value: unknown): value is string {
  return typeof value === "string" && PROPOSAL_RE.test(value);
}
/** Formats a proposal number from the issue day and 8 random base32 characters (the caller makes them). */
export function formatProposalNumber(issuedOn: IsoDate, random8: string): string {
  const value = `SOT-${issuedOn.replaceAll("-", "")}-${random8.toUpperCase()}`;
  if (!isProposalNumber(value)) throw new RangeError("A proposal number needs a date and 8 base32 characters");
  return value;
}

/** 2026-11-23 → 23 Nov 2026 (core/format, the one date style). */
export function formatKfsDate(iso: IsoDate): string {
  return formatDate(iso);
}

function percent(n: number): string {
  return `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, "")}%`;
}

/** Human label of a purpose id; '' when unknown. */
export function purposeLabel(id: number | null | undefined): string {
  return LOAN_PURPOSES.find((p) => p.id === id)?.label ?? "";
}

export function buildKfs(input: KfsInput, product: SingleLoanProduct = PRODUCT.singleLoan): Kfs {
  const quote = quoteSingle({ principal: input.principal, tenureDays: input.tenureDays }, product);
  const { lender } = input;
  const coolingOffUntil = addDays(input.issuedOn, product.coolingOffDays);
  const charges = Math.round((quote.fee + quote.gst) * 100) / 100;
  const penal = product.penalCharge;
  const go = lender.grievanceOfficer;
  const item = (id: KfsItemId, label: string, value: string): KfsItem => ({ id, label, value });

  const sections: KfsSection[] = [
    {
      title: "Part A: About the loan",
      items: [
        item("proposal_number", "Proposal number", input.proposalNumber),
        item("issued_on", "Date of this statement", formatKfsDate(input.issuedOn)),
        item("lender", "Lender", `${lender.legalName} (${lender.brand})`),
        ...(input.borrowerName ? [item("borrower", "Borrower", input.borrowerName)] : []),
        ...(purposeLabel(input.purposeId) ? [item("purpose", "Purpose of the loan", purposeLabel(input.purposeId))] : []),
        item("loan_amount", "Loan amount (sanctioned)", formatINR(quote.principal)),
        item("tenure", "Loan tenure", `${quote.tenureDays} days`),
        item("interest_rate", "Rate of interest", `${percent(product.interestPercentPerDay)} of the loan amount per day, flat (fixed rate)`),
        item("interest_amount", "Total interest", formatINR(quote.interest)),
        item("processing_fee", `Processing fee (${percent(product.processingFeePercent)} of the loan amount)`, formatINR(quote.fee)),
        item("gst", `GST on the processing fee (${percent(product.gstPercent)})`, formatINR(quote.gst)),
        item("total_charges", "Total fees and charges (deducted before disbursal)", formatINR(charges)),
        item("net_disbursed", "Net amount paid to you", formatINR(quote.netDisbursal)),
        item("total_payable", "Total amount you repay", formatINR(quote.totalRepayable)),
        item("repayment_schedule", "Repayment", `One payment of ${formatINR(quote.totalRepayable)} on ${formatKfsDate(input.repaymentDate)}`),
        item(
          "apr",
          "Annual Percentage Rate (APR)",
          `${quote.apr.toFixed(2)}% (interest, fee and GST over the net amount paid to you, annualised: (total repayable / net amount − 1) × 365 / ${quote.tenureDays})`,
        ),
      ],
    },
    {
      title: "Part B: Other disclosures",
      items: [
        item(
          "penal_charges",
          "Penal charges (only if you pay late)",
          `${percent(penal.percentPerDayOfOverduePrincipal)} of the overdue loan amount for each day after the repayment date, at most ${percent(
            penal.capPercentOfPrincipal,
          )} of the loan amount in all. A charge, not interest: it is never added to the interest rate and never compounded.`,
        ),
        item(
          "cooling_off",
          "Cooling-off (look-up) period",
          // Decision 35: it runs from the payout, which the KFS precedes; the date assumes a payout on the KFS date.
          `${product.coolingOffDays} days from the day the loan is paid out to your bank account (until ${formatKfsDate(coolingOffUntil)} if it is paid out on ${formatKfsDate(input.issuedOn)}): you may exit the loan without any penalty by repaying the loan amount and the interest for the days you kept it (the proportionate APR). The processing fee and its GST are not refunded.`,
        ),
        item(
          "grievance_officer",
          "Grievance redressal officer",
          `${go.name}${go.designation ? `, ${go.designation}` : ""}; e-mail ${go.email}; phone ${go.phone}. If a complaint is not resolved within ${lender.ombudsmanAfterDays} days, you may complain to the RBI Integrated Ombudsman at ${lender.ombudsmanUrl}.`,
        ),
        item(
          "recovery",
          "Recovery mechanism",
          `Reminders by SMS, e-mail and phone from ${lender.brand}'s own staff, between 8 am and 7 pm only. No recovery agent is engaged today; if one ever is, you will be told their name and contact in advance. No harassment, threats or contact with your family, friends or employer.`,
        ),
        item(
          "money_flow",
          "Disbursal and repayment",
          `The net amount is paid straight into your verified bank account, and you repay straight to ${lender.legalName}'s account; no other account sits between. Customer care: ${lender.customerCare.email}, ${lender.customerCare.phone}.`,
        ),
      ],
    },
  ];

  return {
    title: KFS_TITLE,
    proposalNumber: input.proposalNumber,
    issuedOn: input.issuedOn,
    repaymentDate: input.repaymentDate,
    quote,
    coolingOffUntil,
    sections,
  };
}

/** Every item of a KFS by id (for tests and the PDF). */
export function kfsItems(kfs: Kfs): Partial<Record<KfsItemId, string>> {
  return Object.fromEntries(kfs.sections.flatMap((s) => s.items.map((i) => [i.id, i.value])));
}
