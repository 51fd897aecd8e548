// Issue 30 (DPDP Act 2023, s. 11: the right of access names with whom personal data was shared): the outside
// services that receive a customer's personal data from us. Their role, and what each gets and why, are the
// catalogue's documents.myData.role.<id> and documents.myData.processor.<id> (English and Hindi). Names are
// the production providers' brands (server/services-providers.ts and the payment, payout, mandate and KYC
// adapters); PAN verification, storage and the tracking postback are chosen by configuration, so they have no brand here.
import { PAYMENT_GATEWAYS } from "../payment-gateways.ts";

export type ProcessorId =
  | "credit_bureau"
  | "pan_verification"
  | "digilocker"
  | "account_aggregator"
  | "bank_verification"
  | "esign"
  | "payment_gateways"
  | "autopay"
  | "payout"
  | "sms"
  | "email"
  | "whatsapp"
  | "storage"
  | "tracking";

export interface Processor {
  id: ProcessorId;
  /** The provider's brand, or null when configuration chooses it. */
  name: string | null;
}

export const PROCESSORS: readonly Processor[] = [
  { id: "credit_bureau", name: "TransUnion CIBIL" },
  { id: "pan_verification", name: null },
  { id: "digilocker", name: "DigiLocker" },
  { id: "account_aggregator", name: "Setu" },
  { id: "bank_verification", name: "Cashfree Payments" },
  { id: "esign", name: "Cashfree Payments" },
  { id: "payment_gateways", name: PAYMENT_GATEWAYS.map((g) => g.title).join(", ") },
  { id: "autopay", name: "Razorpay" },
  { id: "payout", name: "RazorpayX" },
  { id: "sms", name: "MSG91" },
  { id: "email", name: "ZeptoMail" },
  // Issue 34: WhatsApp updates, for customers who chose them.
  { id: "whatsapp", name: "Meta (WhatsApp)" },
  { id: "storage", name: null },
  { id: "tracking", name: null },
];
