// What the three parts of payments share (decision 29, issue 20): the sources of money, who may pay,
// and our own callback paths. Their answers are codes (core/i18n REPAY_CODES).
import { PAYMENT_GATEWAYS, type PaymentGatewayName } from "../../../core/payment-gateways.ts";

export type GatewayName = PaymentGatewayName;
export type AmountMismatch = { gateway: GatewayName; orderId: string; gatewayPaymentId: string; orderedPaise: number; paidPaise: number };
/** Where money received for a loan came from: a gateway, or a bank transfer approved by accounts. */
export type PaymentSource = GatewayName | "bank_transfer";

export const REPAY_SESSION_COOKIE = "sot_repay";
export const REPAY_SESSION_SECONDS = 15 * 60;
/** Where the browser lands after a gateway: the status page reads the order and asks instifiGetSataus. */
export const thankYouPath = (orderId: string, txnId: string) => `/thank-you/${encodeURIComponent(orderId)}/${encodeURIComponent(txnId)}`;
/** Our own return and webhook routes (outside /Api: gateways post forms and raw bodies without our Origin). */
export const PAYMENT_CALLBACKS = "/payments";
export const PAYU_RETURN_PATH = `${PAYMENT_CALLBACKS}/payu/return`;
export const PHONEPE_RETURN_PATH = `${PAYMENT_CALLBACKS}/phonepe/return`;

/** pg_data of REPAY-API 2 and 8: the gateways Pay Now offers, from the one list. */
export const PG_DATA = PAYMENT_GATEWAYS.map((g) => ({ mpg_gateway_name: g.name, label: g.label }));

/** Who asks: a signed-in customer, and/or the Pay Now cookie. */
export type RepayCaller = { profileId?: string | null; repayToken?: string | null };
