// The repayment gateways (decisions 21, 29 and 55), written once: their names as stored and sent, the
// customer's label on Pay Now, the short title on receipts and desks, and the hosts the browser
// reaches in production (the Content-Security-Policy; the sandboxes are on our own origin). What else
// is per gateway is derived from the name here: its clearing account, its Tally ledger, and the keys of
// its words in the catalogues (the Pay Now detail, the statement's channel), which the types require.
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

/** The ledger's clearing account of a gateway (clearing_payu): money it took and has not yet settled to the bank. */
export type GatewayClearingAccount = `clearing_${PaymentGatewayName}`;
export const gatewayClearingAccount = <G extends PaymentGatewayName>(name: G) => `clearing_${name}` as const;
/** The clearing accounts, in the list's order (the chart of accounts reads them). */
export const GATEWAY_CLEARING_ACCOUNTS = PAYMENT_GATEWAY_NAMES.map(gatewayClearingAccount) as readonly GatewayClearingAccount[];

/** The Pay Now dialog's line under a gateway's button (servicing.pay.payuDetail). */
export const gatewayDetailKey = <G extends PaymentGatewayName>(name: G) => `servicing.pay.${name}Detail` as const;

/** The statement's words for a payment through a gateway (documents.statement.channelPayu). */
export const gatewayChannelKey = <G extends PaymentGatewayName>(name: G) =>
  `documents.statement.channel${(name.charAt(0).toUpperCase() + name.slice(1)) as Capitalize<G>}` as const;
