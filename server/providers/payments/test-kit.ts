// What tests outside providers/payments need of the gateway sandboxes: their public test keys, a
// webhook signed as the sandbox signs it, and a recorded settlement report read as the adapter reads
// it. Running code never imports it: it reaches the gateways through index.ts (the port and its factory).
export { razorpayWebhookSignature } from "./razorpay/port.ts";
export { SANDBOX_RAZORPAY_KEY_ID, SANDBOX_RAZORPAY_WEBHOOK_SECRET } from "./razorpay/sandbox.ts";
export { razorpaySettlementsFromRecon } from "./razorpay/settlement-recon.ts";
