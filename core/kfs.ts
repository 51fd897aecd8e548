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
import { translate, translator, type Language } from "./i18n/index.ts";
import { LOAN_PURPOSES } from "./journey/masters.ts";
import { bpsOfPaise, dues, formatPaise, quoteSingle, ratesOfProduct, wholeRupeesToPaise, type SingleQuote } from "./loan-math/index.ts";
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
  | "post_due_interest"
  | "penal_charges"
  | "fairness_cap"
  | "late_example"
  | "cooling_off"
  | "grievance_officer"
  | "recovery"
  | "money_flow";

export type KfsItem = { id: KfsItemId; label: string; value: string };
export type KfsSection = { title: string; items: KfsItem[] };

export type Kfs = {
  title: string;
  /** The language its words are in. */
  language: Language;
  proposalNumber: string;
  issuedOn: IsoDate;
  repaymentDate: IsoDate;
  quote: SingleQuote;
  /** The interest rate it states, percent a day (the loan's own for an accepted quote). */
  interestPercentPerDay: number;
  /** Days of the cooling-off period it states. */
  coolingOffDays: number;
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

/** The days late the KFS's worked example shows (issue 29): the total owed at each. */
export const LATE_EXAMPLE_DAYS = [10, 40] as const;

/** What one late day costs, the caps, and the total owed n days after the repayment date, paise. */
export type LateCharges = {
  dailyInterest: number;
  dailyPenal: number;
  penalCap: number;
  /** Decision 28's fairness cap: interest after the repayment date + penal charges never exceed it (the principal). */
  fairnessCap: number;
  onTime: number;
  /** The most ever owed, however late: principal + the KFS interest + the fairness cap. */
  mostOwed: number;
  examples: { daysLate: number; total: number; interest: number; penal: number }[];
};

/**
 * The charges of paying late, from core dues() (the one place the product charges them), so the KFS
 * states what the loan will really charge. The dates are only a frame: dues() counts days.
 */
export function lateCharges(principalRupees: number, tenureDays: number, product: SingleLoanProduct): LateCharges {
  const rates = ratesOfProduct(product);
  const principal = wholeRupeesToPaise(principalRupees);
  const disbursalDate = "2026-01-01";
  const repaymentDate = addDays(disbursalDate, tenureDays);
  const owed = (daysLate: number) => dues({ principal, disbursalDate, repaymentDate, rates }, addDays(repaymentDate, daysLate));
  const onTime = owed(0).totalDue;
  return {
    dailyInterest: bpsOfPaise(principal, rates.interestBpsPerDay),
    dailyPenal: bpsOfPaise(principal, rates.penalBpsPerDay),
    penalCap: bpsOfPaise(principal, rates.penalCapBps),
    fairnessCap: principal,
    onTime,
    mostOwed: onTime + principal,
    examples: LATE_EXAMPLE_DAYS.map((daysLate) => {
      const d = owed(daysLate);
      return { daysLate, total: d.totalDue, interest: d.interestToDate, penal: d.penalToDate };
    }),
  };
}

/** Human label of a purpose id; '' when unknown. */
export function purposeLabel(id: number | null | undefined, lang: Language = "en"): string {
  const purpose = LOAN_PURPOSES.find((p) => p.id === id);
  if (!purpose) return "";
  // English is core's label (the apps' text); another language words it by its id (decision 60).
  return lang === "en" ? purpose.label : translate(lang, `servicing.loanPurpose.${purpose.id}`);
}

/** A KFS date in the reader's language: "23 Nov 2026", or in words in Hindi ("23 नवंबर 2026"). */
export function kfsDate(iso: IsoDate, lang: Language = "en"): string {
  return lang === "en" ? formatKfsDate(iso) : formatDateInWords(iso, lang);
}

/**
 * The KFS in `lang` (the borrower's preferred language; English by default). The figures are
 * computed once and printed the same in both languages; only the words around them change.
 */
export function buildKfs(input: KfsInput, product: SingleLoanProduct = PRODUCT.singleLoan, lang: Language = "en"): Kfs {
  const quote = quoteSingle({ principal: input.principal, tenureDays: input.tenureDays }, product);
  const { lender } = input;
  const coolingOffUntil = addDays(input.issuedOn, product.coolingOffDays);
  const charges = quote.feePaise + quote.gstPaise;
  const penal = product.penalCharge;
  const late = lateCharges(input.principal, input.tenureDays, product);
  const go = lender.grievanceOfficer;
  const t = translator(lang);
  const date = (iso: IsoDate) => kfsDate(iso, lang);
  const item = (id: KfsItemId, label: string, value: string): KfsItem => ({ id, label, value });

  const sections: KfsSection[] = [
    {
      title: t("documents.kfs.partA"),
      items: [
        item("proposal_number", t("documents.kfs.proposalNumber"), input.proposalNumber),
        item("issued_on", t("documents.kfs.issuedOn"), date(input.issuedOn)),
        item("lender", t("documents.kfs.lender"), `${lender.legalName} (${lender.brand})`),
        ...(input.borrowerName ? [item("borrower", t("documents.kfs.borrower"), input.borrowerName)] : []),
        ...(purposeLabel(input.purposeId)
          ? [item("purpose", t("documents.kfs.purpose"), t(`servicing.loanPurpose.${input.purposeId as (typeof LOAN_PURPOSES)[number]["id"]}`))]
          : []),
        item("loan_amount", t("documents.kfs.loanAmount"), formatPaise(quote.principalPaise)),
        item("tenure", t("documents.kfs.tenure"), t("documents.kfs.tenureValue", { days: String(quote.tenureDays) })),
        item("interest_rate", t("documents.kfs.interestRate"), t("documents.kfs.interestRateValue", { rate: percent(product.interestPercentPerDay) })),
        item("interest_amount", t("documents.kfs.interestAmount"), formatPaise(quote.interestPaise)),
        item("processing_fee", t("documents.kfs.processingFee", { percent: percent(product.processingFeePercent) }), formatPaise(quote.feePaise)),
        item("gst", t("documents.kfs.gst", { percent: percent(product.gstPercent) }), formatPaise(quote.gstPaise)),
        item("total_charges", t("documents.kfs.totalCharges"), formatPaise(charges)),
        item("net_disbursed", t("documents.kfs.netDisbursed"), formatPaise(quote.netDisbursalPaise)),
        item("total_payable", t("documents.kfs.totalPayable"), formatPaise(quote.totalRepayablePaise)),
        item(
          "repayment_schedule",
          t("documents.kfs.repayment"),
          t("documents.kfs.repaymentValue", { amount: formatPaise(quote.totalRepayablePaise), date: date(input.repaymentDate) }),
        ),
        item("apr", t("documents.kfs.apr"), t("documents.kfs.aprValue", { apr: quote.apr.toFixed(2), days: String(quote.tenureDays) })),
      ],
    },
    {
      title: t("documents.kfs.partB"),
      items: [
        // Decision 28: every charge of paying late, with this loan's own figures (issue 29).
        item(
          "post_due_interest",
          t("documents.kfs.postDueInterest"),
          t("documents.kfs.postDueInterestValue", { rate: percent(product.interestPercentPerDay), daily: formatPaise(late.dailyInterest) }),
        ),
        item(
          "penal_charges",
          t("documents.kfs.penal"),
          t("documents.kfs.penalValue", {
            rate: percent(penal.percentPerDayOfOverduePrincipal),
            cap: percent(penal.capPercentOfPrincipal),
            daily: formatPaise(late.dailyPenal),
            capAmount: formatPaise(late.penalCap),
          }),
        ),
        item(
          "fairness_cap",
          t("documents.kfs.fairnessCap"),
          t("documents.kfs.fairnessCapValue", { cap: formatPaise(late.fairnessCap), most: formatPaise(late.mostOwed) }),
        ),
        item(
          "late_example",
          t("documents.kfs.lateExample"),
          [
            t("documents.kfs.lateExampleOnTime", { total: formatPaise(late.onTime) }),
            ...late.examples.map((e) =>
              t("documents.kfs.lateExampleDay", {
                days: String(e.daysLate),
                total: formatPaise(e.total),
                principal: formatPaise(quote.principalPaise),
                interest: formatPaise(e.interest),
                penal: formatPaise(e.penal),
              }),
            ),
            t("documents.kfs.lateExamplePartPaid"),
          ].join(" "),
        ),
        item(
          "cooling_off",
          t("documents.kfs.coolingOff"),
          // Decision 35: it runs from the payout, which the KFS precedes; the date assumes a payout on the KFS date.
          t("documents.kfs.coolingOffValue", { days: String(product.coolingOffDays), until: date(coolingOffUntil), issued: date(input.issuedOn) }),
        ),
        item(
          "grievance_officer",
          t("documents.kfs.grievance"),
          t("documents.kfs.grievanceValue", {
            // The KFS names the grievance redressal officer: English prints the configured title, Hindi the role's.
            officer: `${go.name}${go.designation ? `, ${lang === "en" ? go.designation : t("contact.grievanceOfficer")}` : ""}`,
            email: go.email,
            phone: go.phone,
            days: String(lender.ombudsmanAfterDays),
            url: lender.ombudsmanUrl,
          }),
        ),
        item("recovery", t("documents.kfs.recovery"), t("documents.kfs.recoveryValue", { brand: lender.brand })),
        item(
          "money_flow",
          t("documents.kfs.moneyFlow"),
          t("documents.kfs.moneyFlowValue", { lender: lender.legalName, email: lender.customerCare.email, phone: lender.customerCare.phone }),
        ),
      ],
    },
  ];

  return {
    title: t("documents.kfs.title"),
    language: lang,
    proposalNumber: input.proposalNumber,
    issuedOn: input.issuedOn,
    repaymentDate: input.repaymentDate,
    quote,
    interestPercentPerDay: product.interestPercentPerDay,
    coolingOffDays: product.coolingOffDays,
    coolingOffUntil,
    sections,
  };
}

/** Every item of a KFS by id (for tests and the PDF). */
export function kfsItems(kfs: Kfs): Partial<Record<KfsItemId, string>> {
  return Object.fromEntries(kfs.sections.flatMap((s) => s.items.map((i) => [i.id, i.value])));
}
