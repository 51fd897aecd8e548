// What the collections screen may ask of the server (decisions 31, 32): loans due today or overdue,
// with days past due, the amount due and the contact log; collections staff add contact notes.
import type { AssetClass } from "../loan-math/asset-class.ts";

export const CONTACT_CHANNELS = ["call", "sms", "email", "whatsapp", "visit"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = { call: "Phone call", sms: "SMS", email: "E-mail", whatsapp: "WhatsApp", visit: "Visit" };

export interface CollectionContact {
  id: string;
  channel: ContactChannel;
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
}

export interface CollectionsDesk {
  /** Open loans due today or overdue, most days past due first. */
  queue(): Promise<{ rows: CollectionsRow[]; today: string; withinContactHours: boolean }>;
  addContact(input: { leadId: string; channel: string; note: string }): Promise<CollectionContact>;
}
