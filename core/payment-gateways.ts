// The repayment gateways (decisions 21, 29 and 55), written once: their names as stored and sent, the
// customer's label on Pay Now, the short title on receipts and desks, and the hosts the browser
// reaches in production (the Content-Security-Policy; the sandboxes are on our own origin).
export const PAYMENT_GATEWAYS = [
  {
    name: "razorpay",
    title: "Razorpay",
    label: "UPI, cards and net banking (Razorpay)",
    // Razorpay's checkout script and its frame.
    hosts: { script: ["https://checkout.razorpay.com"], frame: ["https://api.razorpay.com"], form: [] },
  },
  {
    name: "payu",
    title: "PayU",
    label: "Cards, net banking and wallets (PayU)",
    // PayU's hosted page that the Pay Now form posts to.
    hosts: { script: [], frame: [], form: ["https://secure.payu.in", "https://test.payu.in"] },
  },
  // PhonePe's page is a plain redirect: nothing to allow.
  { name: "phonepe", title: "PhonePe", label: "PhonePe", hosts: { script: [], frame: [], form: [] } },
] as const;

export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number]["name"];

/** The names, in the list's order (a tuple, for z.enum). */
export const PAYMENT_GATEWAY_NAMES = PAYMENT_GATEWAYS.map((g) => g.name) as unknown as readonly [PaymentGatewayName, ...PaymentGatewayName[]];

export const isPaymentGatewayName = (v: unknown): v is PaymentGatewayName => PAYMENT_GATEWAY_NAMES.includes(v as PaymentGatewayName);

/** The short title of each gateway ("PayU"). */
export const PAYMENT_GATEWAY_TITLES = Object.fromEntries(PAYMENT_GATEWAYS.map((g) => [g.name, g.title])) as {
  readonly [G in (typeof PAYMENT_GATEWAYS)[number] as G["name"]]: G["title"];
};
