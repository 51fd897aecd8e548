// Issue 32: on_init's order (FIS12 2.0.1, as ONDC's validator checks it). Pure: the offer as on_select stated it
// (provider, item with LOAN_INFO, quote) with the next form, plus the loan's fulfillment (INITIATED, the
// borrower's name, phone and e-mail), the payment terms with the finder fee this loan owes, and the
// cancellation terms (docs/decisions/providers.md, issue 32, init → on_init).
import { catalogPayments, type ContractTerms, type SearchPaymentTerms } from "./catalog.ts";
import { onSelectOrder, rupees, type OfferInput } from "./offer.ts";

export interface OnInitInput extends OfferInput {
  customer: { name: string; mobile: string; email: string };
  terms: SearchPaymentTerms;
  /** The buyer app's finder fee for this loan, paise. */
  finderFeePaise: number;
  /** From on_init_3 on: the repayment schedule (ours is one instalment, the whole repayment on the repayment date). */
  withSchedule?: boolean;
  /** From the agreement on: the buyer app's settlement terms from its init. */
  contract?: ContractTerms;
}

/** India's day as an instant range: 00:00 to 23:59:59.999 IST of `date`, in UTC. */
export const indiaDay = (date: string) => ({
  start: new Date(`${date}T00:00:00+05:30`).toISOString(),
  end: new Date(`${date}T23:59:59.999+05:30`).toISOString(),
});

/** The repayment as ONDC's instalment: the total repayable, due on the repayment date, not paid yet. */
export function repaymentInstalment(kfs: OnInitInput["kfs"]) {
  return {
    id: "instalment-1",
    type: "POST_FULFILLMENT",
    status: "NOT-PAID",
    params: { amount: rupees(kfs.quote.totalRepayablePaise), currency: "INR" },
    time: { label: "INSTALLMENT", range: indiaDay(kfs.repaymentDate) },
  };
}

/** The loan as a fulfillment: its state, and whose it is (the validator wants name, phone and e-mail on each). */
export function loanFulfillment(
  customer: OnInitInput["customer"],
  state: "INITIATED" | "PENDING" | "SANCTIONED" | "DISBURSED" | "COMPLETED" | "REJECTED" | "CANCELLED",
) {
  return {
    type: "LOAN",
    customer: { person: { name: customer.name }, contact: { phone: `+91-${customer.mobile}`, email: customer.email } },
    state: { descriptor: { code: state } },
  };
}

/**
 * Cancelling costs nothing at any state (before the payout; in the cooling-off period only the interest for the
 * days; after it, an early repayment with no foreclosure fee), and the validator takes no fee of 0 per state, so
 * the terms are our published rates and terms page, which states them.
 */
export const cancellationTerms = (publicOrigin: string) => [{ external_ref: { mimetype: "text/html", url: `${publicOrigin}/rate-and-terms` } }];

export function onInitOrder(input: OnInitInput) {
  const offer = onSelectOrder(input);
  const [payment] = catalogPayments(input.terms, input.publicOrigin, rupees(input.finderFeePaise), input.contract);
  return {
    ...offer,
    fulfillments: [loanFulfillment(input.customer, "INITIATED")],
    // Nothing is paid on the order: the loan is paid out after the agreement, and repaid on the salary day.
    payments: [{ id: "loan-payout", type: "ON_ORDER", status: "NOT-PAID", ...payment }, ...(input.withSchedule ? [repaymentInstalment(input.kfs)] : [])],
    cancellation_terms: cancellationTerms(input.publicOrigin),
  };
}

/** FIS12's state of a loan from our lead's: awaiting our sanction, sanctioned, paid out, closed, or refused. */
export function fulfillmentStateOf(leadStatus: string): "PENDING" | "SANCTIONED" | "DISBURSED" | "COMPLETED" | "REJECTED" {
  if (leadStatus === "SANCTIONED" || leadStatus === "DISBURSED" || leadStatus === "REJECTED") return leadStatus;
  return leadStatus === "CLOSED" ? "COMPLETED" : "PENDING";
}

/** The signed agreement, as FIS12's LOAN_AGREEMENT document. */
export const loanAgreementDocument = (url: string) => ({
  descriptor: {
    code: "LOAN_AGREEMENT",
    name: "Loan agreement",
    short_desc: "The signed loan agreement",
    long_desc: "The loan agreement with its Key Fact Statement, signed by the borrower with Aadhaar eSign.",
  },
  mime_type: "application/pdf",
  url,
});

/** How the loan may be cancelled (the cooling-off exit, then early repayment), as FIS12's LOAN_CANCELLATION document. */
export const loanCancellationDocument = (url: string) => ({
  descriptor: {
    code: "LOAN_CANCELLATION",
    name: "Cancelling the loan",
    short_desc: "How to cancel or close the loan early",
    long_desc:
      "The cooling-off exit (the principal and the interest for the days held, nothing else) and, after it, early repayment with no foreclosure charge.",
  },
  mime_type: "application/pdf",
  url,
});

/**
 * The order from the agreement on (on_status_esign, on_confirm, later on_status and on_update): its id (our
 * proposal number, the KFS's), the offer with the whole schedule, the buyer app's settlement terms from its
 * init, the loan's state, and the signed agreement.
 */
export function contractOrder(
  input: OnInitInput & { contract: ContractTerms; state: "INITIATED" | "CANCELLED" | ReturnType<typeof fulfillmentStateOf>; agreementUrl: string },
) {
  const order = onInitOrder({ ...input, withSchedule: true });
  return {
    id: input.kfs.proposalNumber,
    ...order,
    fulfillments: [loanFulfillment(input.customer, input.state)],
    documents: [loanAgreementDocument(input.agreementUrl)],
  };
}
