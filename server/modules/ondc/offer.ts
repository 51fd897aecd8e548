// Issue 32: on_select's offer, built from our KFS (core/kfs.ts buildKfs, the same figures as the KFS PDF and
// the website's quote). Pure: the KFS and our ids in, the order out. The quote breakup has the spec's seven
// titles and its price is the sum of all but NET_DISBURSED_AMOUNT (the validator's rule); our fee and the
// GST on it are taken from the payout, so the net disbursed is principal − fee − GST, and the borrower
// repays principal + interest once, on the repayment date (docs/decisions/providers.md, issue 32, on_select).
import type { Kfs } from "../../../core/kfs.ts";
import type { SingleLoanProduct } from "../../../core/product.ts";
import { CATALOG_IDS, providerTags } from "./catalog.ts";

export const F02 = { id: "F02", heading: "Set Loan Amount" } as const;
export const F03 = { id: "F03", heading: "Know your Customer" } as const;
/** The forms after F01, each with its heading, type and place among its call's headings (the validator's lists). */
const SELECT_HEADINGS = [F02.heading, F03.heading];
const INIT_HEADINGS = ["Account Information", "E-mandate", "Loan Agreement"];
const FORMS = {
  F02: { heading: F02.heading, mime: "text/html", headings: SELECT_HEADINGS, cur: 0 },
  F03: { heading: F03.heading, mime: "application/html", headings: SELECT_HEADINGS, cur: 1 },
  F04: { heading: INIT_HEADINGS[0], mime: "text/html", headings: INIT_HEADINGS, cur: 0 },
  F05: { heading: INIT_HEADINGS[1], mime: "application/html", headings: INIT_HEADINGS, cur: 1 },
  F06: { heading: INIT_HEADINGS[2], mime: "application/html", headings: INIT_HEADINGS, cur: 2 },
} as const;
export type NextFormId = keyof typeof FORMS;

/**
 * The form a callback asks next: F02 (our amount page) and F03 (KYC) in on_select; F04 (the bank account), F05
 * (AutoPay, our page) and F06 (the loan agreement's eSign, our page) in on_init.
 */
export function nextForm(form: NextFormId, url: string) {
  const f = FORMS[form];
  return {
    head: { descriptor: { name: f.heading }, index: { min: 0, cur: f.cur, max: f.headings.length - 1 }, headings: [...f.headings] },
    form: { id: form, mime_type: f.mime, url, resubmit: false, multiple_sumbissions: false },
    required: true,
  };
}

/** Paise as ONDC's rupee value: "12345.60" → always two decimals, so sums are exact. */
export const rupees = (paise: number) => (paise / 100).toFixed(2);

const item = (code: string, name: string, value: string, shortDesc?: string) => ({
  descriptor: { code, name, ...(shortDesc ? { short_desc: shortDesc } : {}) },
  value,
});

/** The seven breakup lines, paise. */
export function breakupOf(kfs: Kfs) {
  const q = kfs.quote;
  return [
    { title: "PRINCIPAL", paise: q.principalPaise },
    { title: "INTEREST", paise: q.interestPaise },
    { title: "PROCESSING_FEE", paise: q.feePaise },
    // The GST on the processing fee: an upfront charge taken from the payout with it.
    { title: "OTHER_UPFRONT_CHARGES", paise: q.gstPaise },
    { title: "INSURANCE_CHARGES", paise: 0 },
    { title: "NET_DISBURSED_AMOUNT", paise: q.netDisbursalPaise },
    { title: "OTHER_CHARGES", paise: 0 },
  ] as const;
}

/** LOAN_INFO with the KFS's figures, in the validator's codes and formats. */
export function loanInfoTags(kfs: Kfs, product: SingleLoanProduct, links: { kfs: string; tnc: string }) {
  const q = kfs.quote;
  const annual = kfs.interestPercentPerDay * 365;
  return {
    descriptor: { code: "LOAN_INFO", name: "Loan Information" },
    display: true,
    list: [
      item("INTEREST_RATE", "Interest Rate", `${annual} %`, `${kfs.interestPercentPerDay}% a day, flat (${annual}% a year)`),
      item("TERM", "Loan Term", `${q.tenureDays} days`, `One repayment on ${kfs.repaymentDate}`),
      item("INTEREST_RATE_TYPE", "Interest rate type", "FIXED"),
      item(
        "APPLICATION_FEE",
        "Processing fee with GST",
        `${rupees(q.feePaise + q.gstPaise)} INR`,
        `Processing fee ${rupees(q.feePaise)} INR (${product.processingFeePercent}%) + GST ${rupees(q.gstPaise)} INR (${product.gstPercent}%), taken from the payout`,
      ),
      item("FORECLOSURE_FEE", "Foreclosure fee", "0 %", "Repay early at no charge: interest is for the days the loan runs"),
      item("INTEREST_RATE_CONVERSION_CHARGE", "Interest rate conversion charge", "0 INR"),
      item(
        "DELAY_PENALTY_FEE",
        "Penal charge",
        `${product.penalCharge.percentPerDayOfOverduePrincipal} %`,
        `A day, on the overdue principal, at most ${product.penalCharge.capPercentOfPrincipal}% of the principal`,
      ),
      item("OTHER_PENALTY_FEE", "Other penal charges", "0 %"),
      item("ANNUAL_PERCENTAGE_RATE", "Annual Percentage Rate", `${q.apr.toFixed(2)} %`, "By the RBI's method, as in our Key Fact Statement"),
      item("REPAYMENT_FREQUENCY", "Repayment Frequency", "ONE_TIME", `Once, on ${kfs.repaymentDate} (the next salary day)`),
      item("NUMBER_OF_INSTALLMENTS_OF_REPAYMENT", "Number of installments", "1"),
      item("INSTALLMENT_AMOUNT", "Installment amount", `${rupees(q.totalRepayablePaise)} INR`, `Due on ${kfs.repaymentDate}`),
      item("COOL_OFF_PERIOD", "Cooling-off period", `PT${kfs.coolingOffDays}D`, `Exit without penalty within ${kfs.coolingOffDays} days of the payout`),
      item("TNC_LINK", "Terms & Conditions", links.tnc),
      item("KFS_LINK", "Key Facts Statement", links.kfs),
    ],
  };
}

/** on_select_1: the form's submission acknowledged (PENDING), no offer yet; the buyer app answers with the form APPROVED. */
export function formAcknowledged(input: { publicOrigin: string; productName: string; form: "F01"; submissionId: string; consentHandle?: string | null }) {
  const { publicOrigin, form, submissionId, consentHandle } = input;
  return {
    provider: { id: CATALOG_IDS.provider, descriptor: { name: "SalaryOnTime" }, tags: providerTags(publicOrigin) },
    items: [
      {
        id: CATALOG_IDS.item,
        descriptor: { code: "PERSONAL_LOAN", name: input.productName },
        xinput: { form: { id: form }, form_response: { status: "PENDING", submission_id: submissionId } },
        // The flow with account aggregator: our aggregator's consent for the statement, for the person to approve there.
        ...(consentHandle
          ? {
              tags: [
                {
                  descriptor: { code: "CONSENT_INFO", name: "Consent Information" },
                  list: [{ descriptor: { code: "CONSENT_HANDLER", name: "Consent Handler" }, value: consentHandle }],
                  display: false,
                },
              ],
            }
          : {}),
      },
    ],
  };
}

export interface OfferInput {
  kfs: Kfs;
  product: SingleLoanProduct;
  publicOrigin: string;
  transactionId: string;
  submissionId: string;
  /** What the quote is valid for (ISO 8601): our KFS is valid until the quote is re-issued. */
  quoteTtl: string;
  /** The form asked next, and its address. */
  next: { form: NextFormId; url: string };
}

export function onSelectOrder(input: OfferInput) {
  const { kfs, product, publicOrigin } = input;
  const lines = breakupOf(kfs);
  const total = lines.filter((l) => l.title !== "NET_DISBURSED_AMOUNT").reduce((sum, l) => sum + l.paise, 0);
  return {
    provider: {
      id: CATALOG_IDS.provider,
      descriptor: { name: "SalaryOnTime" },
      tags: providerTags(publicOrigin),
    },
    items: [
      {
        id: CATALOG_IDS.item,
        descriptor: { code: "PERSONAL_LOAN", name: product.name },
        price: { currency: "INR", value: rupees(kfs.quote.principalPaise) },
        tags: [loanInfoTags(kfs, product, { kfs: `${publicOrigin}/ondc/kfs/${input.submissionId}`, tnc: `${publicOrigin}/terms-and-conditions` })],
        xinput: nextForm(input.next.form, input.next.url),
      },
    ],
    quote: {
      id: kfs.proposalNumber,
      price: { currency: "INR", value: rupees(total) },
      breakup: lines.map((l) => ({ title: l.title, price: { currency: "INR", value: rupees(l.paise) } })),
      ttl: input.quoteTtl,
    },
  };
}
