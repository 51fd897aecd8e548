// Issue 34: the messages we sent a customer, as the back office sees them (the loan's page and the
// collections desk): when, by which channel, which notice, and how far it got. Never the text: it
// carries Pay Now links and amounts, and staff need the fact, not the words (decision 32, masking).

export type MessageChannel = "whatsapp" | "sms" | "email";
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", email: "E-mail" };

/** The WhatsApp states Meta reports (server/db/schema/whatsapp.ts), and "handed over" for SMS and e-mail. */
export type MessageStatus = "accepted" | "unknown" | "sent" | "delivered" | "read" | "failed" | "handed_over";
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  accepted: "accepted by WhatsApp, not yet sent",
  unknown: "no answer from WhatsApp yet",
  sent: "sent, not yet delivered",
  delivered: "delivered",
  read: "read",
  failed: "failed",
  handed_over: "handed to the provider",
};

/** Why a WhatsApp message went by SMS instead (once), or why its SMS was not sent. */
export type SmsFallback = "failed" | "undelivered" | "expired";
export const SMS_FALLBACK_LABELS: Record<SmsFallback, string> = {
  failed: "SMS sent instead: WhatsApp failed",
  undelivered: "SMS sent instead: not delivered in time",
  expired: "no SMS: the contact hours of its day had passed",
};

export interface CustomerMessage {
  at: string;
  channel: MessageChannel;
  /** The notice's kind (loan_disbursed, reminder_overdue …), an e-mail's too; "email" for a staff-written e-mail without one. */
  kind: string;
  status: MessageStatus;
  /** WhatsApp only: the SMS that replaced it, if any. */
  smsFallback: SmsFallback | null;
}

/** The notices staff read about, by kind; anything else shows its kind. */
export const MESSAGE_KIND_LABELS: Record<string, string> = {
  loan_disbursed: "Payout done",
  payout_reversed: "Payout returned",
  loan_rejected: "Application declined",
  requote: "Offer expired",
  reminder_upcoming: "Reminder before the date",
  reminder_due_today: "Due today",
  reminder_due_today_autopay: "Due today (AutoPay)",
  reminder_overdue: "Overdue",
  autopay_notice: "AutoPay pre-debit notice",
  autopay_failed: "AutoPay debit failed",
  payment_received: "Payment received",
  loan_closed: "Loan closed",
  refund_paid: "Refund paid",
  bureau_overdue: "Before bureau reporting",
  signed_copies: "KFS and agreement copies",
  grievance_received: "Complaint registered",
  grievance_replied: "Complaint answered",
  grievance_ombudsman: "Ombudsman notice",
  grievance_escalated: "Complaint escalated",
  grievance_resolved: "Complaint resolved",
  email: "E-mail",
};

/** The notices about dues (the collections desk shows these). */
export const DUES_MESSAGE_KINDS = [
  "reminder_upcoming",
  "reminder_due_today",
  "reminder_due_today_autopay",
  "reminder_overdue",
  "autopay_notice",
  "autopay_failed",
  "bureau_overdue",
] as const;

/** One message in a line: "WhatsApp: delivered" or "WhatsApp: failed; SMS sent instead: WhatsApp failed". */
export function messageOutcomeText(m: Pick<CustomerMessage, "channel" | "status" | "smsFallback">): string {
  const base = `${MESSAGE_CHANNEL_LABELS[m.channel]}: ${MESSAGE_STATUS_LABELS[m.status]}`;
  return m.smsFallback ? `${base}; ${SMS_FALLBACK_LABELS[m.smsFallback]}` : base;
}

export const messageKindLabel = (kind: string) => MESSAGE_KIND_LABELS[kind] ?? kind;
