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
import { formatDate, formatDateInWords } from "./format.ts";
import { translate, type MessageValues } from "./i18n/translate.ts";
import type { Language } from "./i18n/languages.ts";
import { termText } from "./i18n/journey-messages.ts";
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

/**
 * The KFS in the borrower's language (issue 23: RBI asks for a language the borrower understands).
 * The figures are the same in both; dates are in words in Hindi.
 */
export function buildKfs(input: KfsInput, product: SingleLoanProduct = PRODUCT.singleLoan, lang: Language = "en"): Kfs {
  const t = (key: Parameters<typeof translate>[1], values?: MessageValues) => translate(lang, key, values);
  const day = (iso: IsoDate) => (lang === "en" ? formatKfsDate(iso) : formatDateInWords(iso, lang));
  const purpose = purposeLabel(input.purposeId);
  const quote = quoteSingle({ principal: input.principal, tenureDays: input.tenureDays }, product);
  const { lender } = input;
  const coolingOffUntil = addDays(input.issuedOn, product.coolingOffDays);
  const charges = Math.round((quote.fee + quote.gst) * 100) / 100;
  const penal = product.penalCharge;
  const go = lender.grievanceOfficer;
  const item = (id: KfsItemId, label: string, value: string): KfsItem => ({ id, label, value });
  const named = (id: KfsItemId, value: string): KfsItem => item(id, t(`journey.kfs.${id}`), value);

  const sections: KfsSection[] = [
    {
      title: t("journey.kfs.partA"),
      items: [
        named("proposal_number", input.proposalNumber),
        named("issued_on", day(input.issuedOn)),
        named("lender", `${lender.legalName} (${lender.brand})`),
        ...(input.borrowerName ? [named("borrower", input.borrowerName)] : []),
        ...(purpose ? [named("purpose", termText(lang, purpose))] : []),
        named("loan_amount", formatINR(quote.principal)),
        named("tenure", t("journey.kfs.tenureValue", { days: quote.tenureDays })),
        named("interest_rate", t("journey.kfs.interestRateValue", { rate: percent(product.interestPercentPerDay) })),
        named("interest_amount", formatINR(quote.interest)),
        item("processing_fee", t("journey.kfs.processing_fee", { rate: percent(product.processingFeePercent) }), formatINR(quote.fee)),
        item("gst", t("journey.kfs.gst", { rate: percent(product.gstPercent) }), formatINR(quote.gst)),
        named("total_charges", formatINR(charges)),
        named("net_disbursed", formatINR(quote.netDisbursal)),
        named("total_payable", formatINR(quote.totalRepayable)),
        named("repayment_schedule", t("journey.kfs.repaymentValue", { amount: formatINR(quote.totalRepayable), date: day(input.repaymentDate) })),
        named("apr", t("journey.kfs.aprValue", { apr: quote.apr.toFixed(2), days: quote.tenureDays })),
      ],
    },
    {
      title: t("journey.kfs.partB"),
      items: [
        named(
          "penal_charges",
          t("journey.kfs.penalValue", { rate: percent(penal.percentPerDayOfOverduePrincipal), cap: percent(penal.capPercentOfPrincipal) }),
        ),
        // Decision 35: it runs from the payout, which the KFS precedes; the date assumes a payout on the KFS date.
        named("cooling_off", t("journey.kfs.coolingValue", { days: product.coolingOffDays, until: day(coolingOffUntil), issued: day(input.issuedOn) })),
        named(
          "grievance_officer",
          t("journey.kfs.grievanceValue", {
            officer: `${go.name}${go.designation ? `, ${go.designation}` : ""}`,
            email: go.email,
            phone: go.phone,
            days: lender.ombudsmanAfterDays,
            url: lender.ombudsmanUrl,
          }),
        ),
        named("recovery", t("journey.kfs.recoveryValue", { brand: lender.brand })),
        named("money_flow", t("journey.kfs.moneyValue", { legalName: lender.legalName, email: lender.customerCare.email, phone: lender.customerCare.phone })),
      ],
    },
  ];

  return {
    title: lang === "en" ? KFS_TITLE : t("journey.kfs.title"),
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
