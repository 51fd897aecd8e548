// What the collections screen may ask of the server (decisions 31, 32): loans due today or overdue,
// with days past due, the amount due and the contact log; collections staff add contact notes.
import type { AssetClass } from "../loan-math/asset-class.ts";
import type { CustomerMessage } from "./customer-messages.ts";
import type { LeadSource } from "./lead-source.ts";

export const CONTACT_CHANNELS = ["call", "sms", "email", "whatsapp", "visit"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = { call: "Phone call", sms: "SMS", email: "E-mail", whatsapp: "WhatsApp", visit: "Visit" };

/** Issue 22: every contact records its outcome. */
export const CONTACT_OUTCOMES = ["promised_to_pay", "paid", "no_answer", "wrong_number", "refused", "call_back", "other"] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const CONTACT_OUTCOME_LABELS: Record<ContactOutcome, string> = {
  promised_to_pay: "Promised to pay",
  paid: "Says they have paid",
  no_answer: "No answer",
  wrong_number: "Wrong number",
  refused: "Refused to pay",
  call_back: "Asked to be called back",
  other: "Other",
};

export const COLLECTIONS_MESSAGES = {
  channel: "Choose how you contacted the customer.",
  outcome: "Choose the outcome of the contact.",
  note: "Write a note of 3 to 1,000 characters.",
  agentName: "Give the recovery agent's full name (2 to 100 characters) and the agency's name (2 to 100 characters), or neither.",
  notFound: "No such loan.",
  notOpen: "This loan is not open.",
  outsideHours: "Customers may be contacted only between 08:00 and 19:00 India time. Nothing was saved: record the contact within those hours.",
} as const;

export interface CollectionContact {
  id: string;
  channel: ContactChannel;
  outcome: ContactOutcome | null;
  /** A contact made through a recovery agency: the agent and the agency, shown to the customer. */
  agentName: string | null;
  agencyName: string | null;
  note: string;
  staffEmail: string | null;
  contactedAt: string;
}

export interface CollectionsRow {
  leadId: string;
  loanNo: string;
  customerName: string;
  /** Masked by default (decision 32). */
  mobile: string;
  repaymentDate: string;
  daysPastDue: number;
  /** Issue 22: the loan's asset class today (SMA-0 to NPA, or STANDARD). */
  assetClass: AssetClass;
  totalDuePaise: number;
  penalPaise: number;
  remindersSent: string[];
  contacts: CollectionContact[];
  /** Issue 22: the customer has an open complaint about collection. */
  collectionGrievance: { reference: string; raisedAt: string } | null;
  /** Issue 24: the loan's AutoPay mandate (state and next debit date), null when none was set up. */
  autopay?: StaffAutopay | null;
  /** Issue 34: the dues notices sent (at most five, newest first), with their channel and how far each got. */
  duesMessages?: CustomerMessage[];
  /** Issue 32: the loan came through a buyer app on ONDC (which one), or the website. */
  source: LeadSource;
}

export interface CollectionsDesk {
  /** Open loans due today or overdue, most days past due first. */
  queue(): Promise<{ rows: CollectionsRow[]; today: string; withinContactHours: boolean }>;
  addContact(input: { leadId: string; channel: string; outcome: string; note: string; agentName?: string; agencyName?: string }): Promise<CollectionContact>;
}

/** Issue 24: a loan's AutoPay mandate as staff see it (no provider ids nor account digits). */
export interface StaffAutopay {
  status: "PENDING" | "ACTIVE" | "FAILED" | "CANCELLED";
  method: "upi" | "enach";
  nextDebitOn: string | null;
}

/** The mandate in one line for the back office: method, state, next debit date. */
export function staffAutopayText(a: StaffAutopay | null | undefined): string {
  if (!a) return "none";
  const method = a.method === "upi" ? "UPI Autopay" : "e-NACH";
  const state = { PENDING: "awaiting approval", ACTIVE: "active", FAILED: "not set up", CANCELLED: "cancelled" }[a.status];
  return a.nextDebitOn ? `${method}, ${state}, next debit ${a.nextDebitOn}` : `${method}, ${state}, no debit planned`;
}
