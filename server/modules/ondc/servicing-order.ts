// Issue 32: the order of an on_update answering a buyer app's servicing request (update, update_target
// payments), and of the later unsolicited on_update once the money arrived (docs/decisions/providers.md, issue 32,
// servicing). Pure: the order as it stands (loanOrder) and the loan's dues in; the order out. The requested payment
// comes first, with its label, amount, the day it is for and (until paid) our Pay Now address; then the order's
// own payment and the repayment instalment, whose status the request moves as FIS12 says. The quote is the
// contract's seven lines plus what the loan owes now under the titles the label takes; its price is the sum of
// all but NET_DISBURSED_AMOUNT, as for every quote.
import type { Kfs } from "../../../core/kfs.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import { breakupOf, rupees } from "./offer.ts";
import { indiaDay } from "./on-init.ts";

export const SERVICING_LABELS = ["FORECLOSURE", "PRE_PART_PAYMENT", "MISSED_EMI_PAYMENT"] as const;
export type ServicingLabel = (typeof SERVICING_LABELS)[number];

export const isServicingLabel = (value: unknown): value is ServicingLabel => SERVICING_LABELS.includes(value as ServicingLabel);

/** What the loan owed when the request was answered, paise (the interest includes a prepayment's one-day minimum). */
export interface ServicingDues {
  principalOutstanding: number;
  interestOutstanding: number;
  penalOutstanding: number;
  /** Interest charged after the repayment date (decision 28), to date. */
  postDueInterest: number;
}

type Payment = { collected_by?: unknown; [key: string]: unknown };
type Order = { payments: Payment[]; quote: Record<string, unknown>; [key: string]: unknown };

/** The quote's lines for a label: the contract's, then what is owed now under the validator's titles for it. */
export function servicingBreakup(kfs: Kfs, label: ServicingLabel, dues: ServicingDues) {
  const contract = breakupOf(kfs).map((l) => ({ title: l.title as string, paise: l.paise }));
  if (label === "MISSED_EMI_PAYMENT") {
    // Past the repayment date: the interest since (OTHER_CHARGES) and the penal charges (LATE_FEE_AMOUNT).
    const lines = contract.map((l) => (l.title === "OTHER_CHARGES" ? { ...l, paise: dues.postDueInterest } : l));
    return [...lines, { title: "LATE_FEE_AMOUNT", paise: dues.penalOutstanding }];
  }
  // Penal charges owed (a loan past its date may still be closed or part-paid) stand under OTHER_CHARGES.
  const lines = contract.map((l) => (l.title === "OTHER_CHARGES" ? { ...l, paise: dues.penalOutstanding } : l));
  return [
    ...lines,
    { title: "OUTSTANDING_PRINCIPAL", paise: dues.principalOutstanding },
    { title: "OUTSTANDING_INTEREST", paise: dues.interestOutstanding },
    // No charge for closing or paying early, ever (the KFS; decision 28).
    { title: label === "FORECLOSURE" ? "FORCLOSUER_CHARGES" : "PRE_PAYMENT_CHARGE", paise: 0 },
  ];
}

/** The instalment's status once a request is made, and once it is paid (FIS12: DELAYED, then DEFERRED). */
function instalmentStatus(label: ServicingLabel, paid: boolean, closed: boolean): string {
  if (label === "MISSED_EMI_PAYMENT") return paid ? "DEFERRED" : "DELAYED";
  if (label === "FORECLOSURE") return paid ? "DEFERRED" : "NOT-PAID";
  return closed ? "PAID" : "NOT-PAID";
}

export function servicingOrder(
  order: Order,
  input: {
    kfs: Kfs;
    label: ServicingLabel;
    /** The request's own id: the payment's. */
    requestId: string;
    amountPaise: number;
    dues: ServicingDues;
    /** The India day the payment is for: the request's, or the day the money arrived. */
    on: IsoDate;
    /** Our Pay Now address for the amount, until it is paid. */
    payUrl: string | null;
    closed: boolean;
  },
) {
  const paid = input.payUrl === null;
  const lines = servicingBreakup(input.kfs, input.label, input.dues);
  const total = lines.filter((l) => l.title !== "NET_DISBURSED_AMOUNT").reduce((sum, l) => sum + l.paise, 0);
  const [main, ...schedule] = order.payments;
  const requested = {
    id: `servicing-${input.requestId}`,
    type: "POST_FULFILLMENT",
    status: paid ? "PAID" : "NOT-PAID",
    // We collect it, as every payment on the loan; the buyer app's terms stay on the order's own payment (FIS12's shape).
    collected_by: main.collected_by,
    params: { amount: rupees(input.amountPaise), currency: "INR" },
    time: { label: input.label, range: indiaDay(input.on) },
    ...(input.payUrl ? { url: input.payUrl } : {}),
  };
  const instalments = schedule.map((p) => ({ ...p, status: instalmentStatus(input.label, paid, input.closed) }));
  return {
    ...order,
    payments: [requested, main, ...instalments],
    quote: {
      ...order.quote,
      price: { currency: "INR", value: rupees(total) },
      breakup: lines.map((l) => ({ title: l.title, price: { currency: "INR", value: rupees(l.paise) } })),
    },
  };
}
