// Issue 34: which channel a notice goes on, and when a WhatsApp message is sent again by SMS (the fallback).
// Pure: the notice dispatcher (server/modules/whatsapp/notice-dispatcher.ts) and its job read these.
import { todayInIndia } from "../calendar.ts";
import { withinContactHours } from "../servicing/reminders.ts";

/** A WhatsApp message not delivered this long after it was handed over goes by SMS instead (once). */
export const WHATSAPP_FALLBACK_AFTER_MS = 15 * 60_000;

/**
 * The notices about dues, which SMS sends only in contact hours (08:00-19:00 India time, decision 31): the
 * reminders and the notice before bureau reporting. Their SMS fallback keeps the same hours.
 */
export const DUES_NOTICE_KINDS: readonly string[] = [
  "reminder_upcoming",
  "reminder_due_today",
  "reminder_due_today_autopay",
  "reminder_overdue",
  "bureau_overdue",
];

export type WhatsAppDelivery = "accepted" | "unknown" | "sent" | "failed" | "delivered" | "read";

/** Why a message is owed its SMS now, or null: failed at once; not delivered (nor read) within the limit. */
export function fallbackReason(message: { status: WhatsAppDelivery; createdAt: Date }, now: Date): "failed" | "undelivered" | null {
  if (message.status === "failed") return "failed";
  if (message.status === "delivered" || message.status === "read") return null;
  return now.getTime() - message.createdAt.getTime() >= WHATSAPP_FALLBACK_AFTER_MS ? "undelivered" : null;
}

/**
 * What the fallback does now for a message owed its SMS: send it; wait (a dues notice outside contact hours);
 * or expire (a dues notice whose India day has passed: no SMS). A dues notice, like its SMS (decision 31), goes
 * only on its own day in contact hours: a "due today" read the next morning would be wrong, and the next
 * reminder in the schedule follows.
 */
export function fallbackAction(message: { kind: string; createdAt: Date }, now: Date): "send" | "wait" | "expire" {
  if (!DUES_NOTICE_KINDS.includes(message.kind)) return "send";
  if (todayInIndia(now) !== todayInIndia(message.createdAt)) return "expire";
  return withinContactHours(now) ? "send" : "wait";
}
