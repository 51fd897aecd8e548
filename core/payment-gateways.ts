// The repayment gateways (decisions 21 and 29), written once: their names as stored and sent, the
// customer's label on Pay Now and the short title on receipts and desks.
export const PAYMENT_GATEWAYS = [
  { name: "razorpay", title: "Razorpay", label: "UPI, cards and net banking (Razorpay)" },
  { name: "payu", title: "PayU", label: "Cards, net banking and wallets (PayU)" },
  { name: "phonepe", title: "PhonePe", label: "PhonePe" },
] as const;

export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number]["name"];

/** The names, in the list's order (a tuple, for z.enum). */
export const PAYMENT_GATEWAY_NAMES = PAYMENT_GATEWAYS.map((g) => g.name) as unknown as readonly [PaymentGatewayName, ...PaymentGatewayName[]];

export const isPaymentGatewayName = (v: unknown): v is PaymentGatewayName => PAYMENT_GATEWAY_NAMES.includes(v as PaymentGatewayName);

/** The short title of each gateway ("PayU"). */
export const PAYMENT_GATEWAY_TITLES = Object.fromEntries(PAYMENT_GATEWAYS.map((g) => [g.name, g.title])) as {
  readonly [G in (typeof PAYMENT_GATEWAYS)[number] as G["name"]]: G["title"];
};
