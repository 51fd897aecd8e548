// Issue 34: when a WhatsApp message is owed its SMS, and when a dues notice's SMS may go.
import { describe, expect, it } from "vitest";
import { fallbackAction, fallbackReason } from "./channel.ts";

// 2026-11-22 11:30 India time (06:00 UTC).
const sentAt = new Date(Date.UTC(2026, 10, 22, 6, 0, 0));
const after = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);

describe("the WhatsApp fallback's rules", () => {
  it("owes the SMS at once for a failure, after 15 minutes for anything not delivered, never for a delivered or read message", () => {
    expect(fallbackReason({ status: "failed", createdAt: sentAt }, after(0))).toBe("failed");
    for (const status of ["accepted", "unknown", "sent"] as const) {
      expect(fallbackReason({ status, createdAt: sentAt }, after(14.99))).toBeNull();
      expect(fallbackReason({ status, createdAt: sentAt }, after(15))).toBe("undelivered");
    }
    expect(fallbackReason({ status: "delivered", createdAt: sentAt }, after(60))).toBeNull();
    expect(fallbackReason({ status: "read", createdAt: sentAt }, after(60))).toBeNull();
  });

  it("sends a dues notice's SMS only in contact hours on its own India day; other notices at any hour", () => {
    const reminder = { kind: "reminder_overdue", createdAt: sentAt };
    expect(fallbackAction(reminder, after(15))).toBe("send"); // 11:45
    expect(fallbackAction(reminder, after(7 * 60 + 29))).toBe("send"); // 18:59
    expect(fallbackAction(reminder, after(7 * 60 + 30))).toBe("wait"); // 19:00
    expect(fallbackAction(reminder, after(12 * 60 + 29))).toBe("wait"); // 23:59
    expect(fallbackAction(reminder, after(12 * 60 + 30))).toBe("expire"); // 00:00 the next day
    expect(fallbackAction(reminder, after(20 * 60 + 30))).toBe("expire"); // 08:00 the next day
    expect(fallbackAction({ kind: "bureau_overdue", createdAt: sentAt }, after(12 * 60))).toBe("wait"); // 23:30
    expect(fallbackAction({ kind: "loan_disbursed", createdAt: sentAt }, after(12 * 60))).toBe("send");
    expect(fallbackAction({ kind: "autopay_failed", createdAt: sentAt }, after(30 * 60))).toBe("send");
  });
});
