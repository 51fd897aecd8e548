// Gateway settlements in one shape: each vendor's adapter translates its own settlement report
// (Razorpay's recon API, PayU's settlement range API, PhonePe's settlement transactions) into this.
import { createHash } from "node:crypto";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { SandboxStore } from "../sandbox-store.ts";
import { storeMap } from "./shared.ts";

/** One payment in a settlement: the gross the customer paid, the gateway's fee (without GST), the GST on it, and what reached the bank. */
export interface SettlementLine {
  /** The gateway's payment id, as we record it on the payment (Razorpay pay_…, PayU mihpayid, PhonePe transactionId). */
  paymentId: string;
  grossPaise: number;
  feePaise: number;
  taxPaise: number;
  netPaise: number;
}

/** One transfer from the gateway to our bank account, with its lines. */
export interface GatewaySettlement {
  settlementId: string;
  utr: string;
  /** India date the money was sent. */
  settledOn: IsoDate;
  lines: SettlementLine[];
}

/** The sandboxes' price: 2% fee on the gross, 18% GST on the fee, each rounded to the paisa. */
export function sandboxSettlementFigures(grossPaise: number) {
  const feePaise = Math.round(grossPaise * 0.02);
  const taxPaise = Math.round(feePaise * 0.18);
  return { grossPaise, feePaise, taxPaise, netPaise: grossPaise - feePaise - taxPaise };
}

/** The sandboxes settle at 11:00 India time each day what was captured the India day before (T+1). */
export const SANDBOX_SETTLEMENT_HOUR_IST = 11;

/** A stable id for a sandbox settlement of one day, so a report asked twice names the same settlement. */
export function sandboxSettlementRef(gateway: string, on: IsoDate, length = 14): string {
  return createHash("sha256")
    .update(`${gateway}:${on}`)
    .digest("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, length);
}

/**
 * Which payments a sandbox captured on each India day, so its daily report can list them. Returns
 * the day's references, and whether the settlement of `on` has happened yet at `now`.
 */
export function sandboxCaptureIndex(store: SandboxStore, gateway: string, now: () => Date) {
  const days = storeMap<string[]>(store, `${gateway}-captured-on`);
  return {
    async captured(reference: string) {
      const day = todayInIndia(now());
      await days.set(day, [...((await days.get(day)) ?? []), reference]);
    },
    /** The references settled on `on` (captured the day before), or null when that settlement has not happened yet. */
    async settledOn(on: IsoDate): Promise<string[] | null> {
      const at = new Date(`${on}T${String(SANDBOX_SETTLEMENT_HOUR_IST).padStart(2, "0")}:00:00+05:30`);
      if (now().getTime() < at.getTime()) return null;
      return (await days.get(addDays(on, -1))) ?? [];
    },
    settledAt: (on: IsoDate) => new Date(`${on}T${String(SANDBOX_SETTLEMENT_HOUR_IST).padStart(2, "0")}:00:00+05:30`),
  };
}
