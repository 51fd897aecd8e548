// Issue 32: our on_search catalog (FIS12 2.0.1, as ONDC's validator checks it). Pure: the product's figures
// (core/product.ts, the same as the website's quote and KFS), the site's lender and grievance officer
// (core/site-config.ts) and the buyer app's search go in; the catalog goes out. Formats follow the
// validator where it is stricter than the spec: item tags in one `INFO` group with "N %", "PT…Y|M" and
// "N INR" values, `BUYER_FINDER_FEES_TYPE` "percent-annualized", `SETTLEMENT_WINDOW` in minutes or hours,
// xinput head named after its current heading (docs/decisions/providers.md, issue 32, on_search).
import type { SingleLoanProduct } from "../../../core/product.ts";
import { site } from "../../../core/site-config.ts";

/** Our ids in the catalog: stable, since every later call of the transaction names them. */
export const CATALOG_IDS = { provider: "salaryontime", category: "personal-loan", item: "salary-day-loan" } as const;
export const F01 = { id: "F01", heading: "Personal Information" } as const;

/** What a buyer app's search says about payment: who collects, its finder fee, its delay interest. */
export interface SearchPaymentTerms {
  collectedBy: "BPP" | "BAP";
  /** BUYER_FINDER_FEES_PERCENTAGE as sent ("0" when the search names no fee). */
  buyerFinderFeesPercentage: string;
  /** SETTLEMENT_TERMS.DELAY_INTEREST as sent (echoed when the buyer app collects). */
  delayInterest: string | null;
}

/** The buyer app's own settlement terms from its init: how we pay its fee, and its delay interest. */
export interface ContractTerms {
  delayInterest: string;
  settlementType: "upi" | "neft" | "rtgs";
}

type TagList = { descriptor: { code: string; name?: string; short_desc?: string }; value: string }[];

/** A tag's value by its group and code in a request's tags; null when absent or not text. */
export const tagValue = (tags: unknown, group: string, code: string): string | null => {
  if (!Array.isArray(tags)) return null;
  const found = tags.find((t) => t?.descriptor?.code === group);
  const item = Array.isArray(found?.list) ? found.list.find((i: { descriptor?: { code?: unknown } }) => i?.descriptor?.code === code) : undefined;
  return typeof item?.value === "string" ? item.value : null;
};

/** The payment terms of a search's `message.intent.payment`; defaults where the buyer app says nothing. */
export function searchPaymentTerms(message: Record<string, unknown>): SearchPaymentTerms {
  const payment = (message.intent as { payment?: { collected_by?: unknown; tags?: unknown } } | undefined)?.payment;
  const percentage = tagValue(payment?.tags, "BUYER_FINDER_FEES", "BUYER_FINDER_FEES_PERCENTAGE");
  return {
    collectedBy: payment?.collected_by === "BAP" ? "BAP" : "BPP",
    buyerFinderFeesPercentage: percentage && /^\d+(\.\d+)?$/.test(percentage) ? percentage : "0",
    delayInterest: tagValue(payment?.tags, "SETTLEMENT_TERMS", "DELAY_INTEREST"),
  };
}

/** Tenure bounds in whole months, rounded outward (7 days → 0 months, 40 days → 2): the validator takes no days. */
export function tenureMonths(days: { min: number; max: number }): { min: number; max: number } {
  return { min: Math.floor(days.min / 30), max: Math.ceil(days.max / 30) };
}

const item = (code: string, name: string, value: string, shortDesc?: string) => ({
  descriptor: { code, name, ...(shortDesc ? { short_desc: shortDesc } : {}) },
  value,
});

/** The item's INFO tags: our one rate (flat, a day, stated a year), tenure and amount bounds. */
export function infoTags(product: SingleLoanProduct) {
  const annual = product.interestPercentPerDay * 365;
  const months = tenureMonths(product.tenureDays);
  const rate = `${annual} %`;
  const rateNote = `${product.interestPercentPerDay}% a day, flat (${annual}% a year)`;
  return {
    descriptor: { code: "INFO", name: "General Information" },
    display: true,
    list: [
      item("MIN_INTEREST_RATE", "Minimum Interest Rate", rate, rateNote),
      item("MAX_INTEREST_RATE", "Maximum Interest Rate", rate, rateNote),
      item("MIN_TENURE", "Minimum Tenure", `PT${months.min}M`, `${product.tenureDays.min} days: one repayment on the next salary day`),
      item("MAX_TENURE", "Maximum Tenure", `PT${months.max}M`, `${product.tenureDays.max} days: one repayment on the next salary day`),
      item("MIN_LOAN_AMOUNT", "Minimum Loan Amount", `${product.amount.min} INR`),
      item("MAX_LOAN_AMOUNT", "Maximum Loan Amount", `${product.amount.max} INR`),
    ] satisfies TagList,
  };
}

const address = (a: { line1: string; line2?: string; city: string; state: string; pinCode: string }) =>
  [a.line1, a.line2, `${a.city} ${a.pinCode}`, a.state].filter(Boolean).join(", ");

/** The provider's CONTACT_INFO (our grievance officer and support) and LSP_INFO (we lend directly: ourselves). */
export function providerTags(publicOrigin: string) {
  const gro = site.grievanceOfficer;
  return [
    {
      descriptor: { code: "CONTACT_INFO", name: "Contact Info" },
      list: [
        item("GRO_NAME", "Grievance Redressal Officer", gro.name),
        item("GRO_EMAIL", "Grievance Redressal Officer e-mail", gro.email),
        item("GRO_CONTACT_NUMBER", "Grievance Redressal Officer phone", gro.phone),
        item("GRO_DESIGNATION", "Designation", gro.designation),
        item("GRO_ADDRESS", "Address", address(gro.address)),
        item("CUSTOMER_SUPPORT_LINK", "Customer support", `${publicOrigin}/contact-salaryontime`),
        item("CUSTOMER_SUPPORT_CONTACT_NUMBER", "Customer support phone", site.support.phone),
        item("CUSTOMER_SUPPORT_EMAIL", "Customer support e-mail", site.support.email),
      ] satisfies TagList,
    },
    {
      descriptor: { code: "LSP_INFO", name: "Lending Service Provider" },
      list: [
        item("LSP_NAME", "Name", site.company.legalName),
        item("LSP_EMAIL", "E-mail", site.support.email),
        item("LSP_CONTACT_NUMBER", "Phone", site.support.phone),
        item("LSP_ADDRESS", "Address", address(site.company.registeredOffice)),
      ] satisfies TagList,
    },
  ];
}

/**
 * Payment terms: the buyer app's collector and finder fee as it asked, and our settlement terms; from on_init on,
 * with the finder fee this loan owes (SETTLEMENT_AMOUNT, rupees).
 */
export function catalogPayments(
  terms: SearchPaymentTerms,
  publicOrigin: string,
  settlementAmount?: string,
  /** From the agreement on (on_status_esign, on_confirm, …): how the fee is settled and its delay interest, as the buyer app's init said. */
  contract?: ContractTerms,
) {
  return [
    {
      collected_by: terms.collectedBy,
      tags: [
        {
          descriptor: { code: "BUYER_FINDER_FEES" },
          display: false,
          list: [
            { descriptor: { code: "BUYER_FINDER_FEES_TYPE" }, value: "percent-annualized" },
            { descriptor: { code: "BUYER_FINDER_FEES_PERCENTAGE" }, value: terms.buyerFinderFeesPercentage },
          ],
        },
        {
          descriptor: { code: "SETTLEMENT_TERMS" },
          display: false,
          list: [
            // The buyer app's fee is paid within 30 days of its invoice (720 hours: the validator takes no days).
            { descriptor: { code: "SETTLEMENT_WINDOW" }, value: "PT720H" },
            { descriptor: { code: "SETTLEMENT_BASIS" }, value: "INVOICE_RECEIPT" },
            { descriptor: { code: "MANDATORY_ARBITRATION" }, value: "false" },
            { descriptor: { code: "COURT_JURISDICTION" }, value: site.company.registeredOffice.city },
            { descriptor: { code: "STATIC_TERMS" }, value: `${publicOrigin}/terms-and-conditions` },
            ...(settlementAmount === undefined ? [] : [{ descriptor: { code: "SETTLEMENT_AMOUNT" }, value: settlementAmount }]),
            { descriptor: { code: "OFFLINE_CONTRACT" }, value: "true" },
            ...(terms.collectedBy === "BAP" || contract
              ? [{ descriptor: { code: "DELAY_INTEREST" }, value: contract?.delayInterest ?? terms.delayInterest ?? "0" }]
              : []),
            ...(contract ? [{ descriptor: { code: "SETTLEMENT_TYPE" }, value: contract.settlementType }] : []),
          ],
        },
      ],
    },
  ];
}

/** F01's address for one transaction: our form page, which the buyer app shows as it is (text/html). */
export function formUrl(publicOrigin: string, formId: string, transactionId: string): string {
  return `${publicOrigin}/ondc/forms/${formId}?transaction_id=${encodeURIComponent(transactionId)}`;
}

export function onSearchCatalog(input: { product: SingleLoanProduct; publicOrigin: string; transactionId: string; terms: SearchPaymentTerms }) {
  const { product, publicOrigin } = input;
  return {
    descriptor: { name: site.brand },
    providers: [
      {
        id: CATALOG_IDS.provider,
        descriptor: {
          name: site.brand,
          short_desc: site.company.legalName,
          long_desc: `${site.company.legalName}: ${site.company.rbiCategory}. ${site.tagline}`,
          images: [{ url: `${publicOrigin}/favicon.svg`, size_type: "sm" }],
        },
        categories: [{ id: CATALOG_IDS.category, descriptor: { code: "PERSONAL_LOAN", name: "Personal Loan" } }],
        items: [
          {
            id: CATALOG_IDS.item,
            descriptor: { code: "PERSONAL_LOAN", name: product.name },
            category_ids: [CATALOG_IDS.category],
            tags: [infoTags(product)],
            matched: true,
            recommended: true,
            xinput: {
              head: { descriptor: { name: F01.heading }, index: { min: 0, cur: 0, max: 0 }, headings: [F01.heading] },
              form: {
                id: F01.id,
                mime_type: "text/html",
                url: formUrl(publicOrigin, F01.id, input.transactionId),
                resubmit: false,
                multiple_sumbissions: false,
              },
              required: true,
            },
          },
        ],
        payments: catalogPayments(input.terms, publicOrigin),
        tags: providerTags(publicOrigin),
      },
    ],
  };
}
