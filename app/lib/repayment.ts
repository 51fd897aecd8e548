// The repayment client (Pay Now and the dashboard's repayment screen): the contract's repayment
// calls (spec section 7), the gateways' browser steps by kind, and the figures a screen shows.
// Amounts in replies are rupees as decimals; they are turned into numbers here, once.
import { formatDate as formatDisplayDate } from "../../core/format.ts";
import type { PaymentGatewayName } from "../../core/payment-gateways.ts";
import { apiPath, fillPath } from "../../core/contract/paths.ts";
import type { ApiReply } from "../../core/contract/index.ts";
import { api, postJson, type Envelope } from "./api.ts";

type Amount = number | string | null | undefined;

/** repayment_data as the API sends it. */
export interface RepaymentData {
  loan_no: string | null;
  disbursal_date: string | null;
  repayment_date: string | null;
  repayment_amount: Amount;
  loan_recommended: Amount;
  real_interest: Amount;
  total_due_amount: Amount;
  penal_charges: Amount;
  close_today_amount: Amount;
  cooling_off: number | string;
  cooling_off_until?: string;
  overdue_days?: number | string;
  full_name: string;
  email: string;
  mobile: string;
  lead_id: string | number;
  /** Issue 20: the lines the screens show (rupees); absent from an older server. */
  repayment_lines?: RepaymentLinesData;
}

/** repayment_data.repayment_lines: principal + interest + penal − paid + held_for_refund = total. */
export interface RepaymentLinesData {
  principal: number;
  interest: number;
  one_day_minimum: number;
  penal: number;
  payments: { on: string; amount: number; interest: number; principal: number; penal: number; excess: number }[];
  paid: number;
  held_for_refund: number;
  total: number;
  outstanding: { principal: number; interest: number; penal: number };
  pay_early: { today: number; on_repayment_date: number; saving: number } | null;
}

export type GatewayName = PaymentGatewayName;
export interface PgOption {
  mpg_gateway_name: GatewayName | string;
  label?: string;
}

export interface RepaymentView {
  /** The reply's data, for the order calls (lead id, name, e-mail, mobile). */
  raw: RepaymentData;
  leadId: string;
  loanNo: string;
  disbursalDate: string;
  repaymentDate: string;
  principal: number;
  interest: number;
  penal: number;
  totalDue: number;
  /** What the customer owes on the repayment date (the KFS amount). */
  dueDateAmount: number;
  closeToday: number;
  coolingOff: boolean;
  /** Last day of the cooling-off period ("" when not known). */
  coolingOffUntil: string;
  /** Days past the repayment date (0 up to and on it). */
  overdueDays: number;
  lines: RepaymentLinesData | null;
}

export function toNumber(value: Amount): number {
  const n = typeof value === "number" ? value : Number(String(value ?? "").replace(/,/g, ""));
  return Number.isFinite(n) ? n : 0;
}

/** The figures a screen shows, from repayment_data. */
export function repaymentView(d: RepaymentData): RepaymentView {
  const totalDue = toNumber(d.total_due_amount);
  return {
    raw: d,
    leadId: String(d.lead_id),
    loanNo: d.loan_no ?? "",
    disbursalDate: d.disbursal_date ?? "",
    repaymentDate: d.repayment_date ?? "",
    principal: toNumber(d.loan_recommended),
    interest: toNumber(d.real_interest),
    penal: toNumber(d.penal_charges),
    totalDue,
    dueDateAmount: toNumber(d.repayment_amount),
    // The lines' total is what "Pay" charges: the same figure as close_today_amount.
    closeToday: d.repayment_lines?.total ?? (toNumber(d.close_today_amount) || totalDue),
    coolingOff: Number(d.cooling_off) === 1,
    coolingOffUntil: d.cooling_off_until ?? "",
    overdueDays: Math.max(0, Math.floor(toNumber(d.overdue_days))),
    lines: d.repayment_lines ?? null,
  };
}

/** Dates arrive as YYYY-MM-DD (or a longer ISO text); shown by core/format as 5 Nov 2026, "—" when empty. */
export const formatDate = (value: string): string => formatDisplayDate(value, { fallback: "—" });

/** The calls, typed by the contract (core/contract/api.ts); none ends the web session on Status 4. */
const keep = { keepSession: true };
export const repayApi = {
  sendOtp: (pancard: string, captcha: { captcha_id?: string; captcha?: string } = {}) => api("repaySendOtp", { pancard, ...captcha }, keep),
  verifyOtp: (panNumber: string, otp: string, otpRef: string) => api("repayVerifyOtp", { panNumber, otp, otp_ref: otpRef }, keep),
  // Decision 55: one checkout for every gateway of the list (the spec's per-gateway calls stay on the
  // server for the apps); the dialog takes the browser step by the answer's kind.
  checkout: (gateway: GatewayName, leadId: string, amount: string) =>
    postJson<ApiReply<"gatewayCheckout">>(fillPath(apiPath("gatewayCheckout"), { gateway }), { lead_id: leadId, amount }, keep),
  verifyCheckout: (gateway: GatewayName, fields: Record<string, string>) =>
    postJson<ApiReply<"gatewayCheckoutVerify">>(fillPath(apiPath("gatewayCheckoutVerify"), { gateway }), fields, keep),
  status: (orderId: string, txnId: string) => api("instifiGetSataus", { order_id: orderId, txn_id: txnId }, keep),
  result: (orderId: string) => api("paymentResult", { order_id: orderId }, keep),
};

/** Status 1 with Data, or null. */
export function dataOf<T>(reply: Envelope<T>): T | null {
  return reply.Status === 1 && reply.Data ? reply.Data : null;
}

/**
 * Loads a payment script on demand. The page's CSP allows our own origin and this page's nonce;
 * the new element carries that nonce (read from a script React rendered), so a gateway's own host
 * works too where the CSP is nonce-based.
 */
export function loadScript(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (document.querySelector(`script[data-gateway-src="${CSS.escape(src)}"]`)) return resolve(true);
    const script = document.createElement("script");
    const nonce = (document.querySelector("script[nonce]") as HTMLScriptElement | null)?.nonce;
    if (nonce) script.nonce = nonce;
    script.src = src;
    script.async = true;
    script.dataset.gatewaySrc = src;
    script.onload = () => resolve(true);
    script.onerror = () => {
      script.remove();
      resolve(false);
    };
    document.body.appendChild(script);
  });
}

/** A hosted page that takes a form POST (PayU's): build it from the server's fields and submit it. */
export function postForm(action: string, parameters: Record<string, string | number>) {
  const form = document.createElement("form");
  form.method = "POST";
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(parameters)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** The state /thanku reads (spec: txnStatus and txnId from navigation state; orderId for the result's facts). */
export interface ThankYouState {
  txnStatus: string;
  txnId: string;
  orderId?: string;
}
