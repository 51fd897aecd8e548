// Gateway settlements in one shape: each vendor's adapter translates its own settlement report
// (Razorpay's recon API, PayU's settlement range API, PhonePe's settlement transactions) into this.
import { createHash } from "node:crypto";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { SandboxStore } from "../sandbox-store.ts";
import { storeMap } from "./shared.ts";

/**
 * What a settlement line is: a payment settled to us; a refund the gateway paid the customer and
 * keeps back; a chargeback (dispute) taken back, or given back when won; an adjustment of the gateway's.
 */
export type SettlementLineType = "payment" | "refund" | "chargeback" | "adjustment";

/**
 * One line of a settlement: the gross that moves towards us (negative for a refund or a chargeback
 * taken back), the gateway's fee (without GST), the GST on it, and what reached the bank: net =
 * gross − fee − tax, so a refund line's net is negative (the settlement is that much smaller).
 */
export interface SettlementLine {
  /** Absent on a payment line (older readers). */
  type?: SettlementLineType;
  /**
   * The line's own id at the gateway: a payment's id as we record it on the payment (Razorpay pay_…,
   * PayU mihpayid, PhonePe transactionId); a refund's id as our refund records it (Razorpay rfnd_…,
   * PayU request id, PhonePe refund id); a dispute's or adjustment's id.
   */
  paymentId: string;
  /** A refund's or chargeback's payment, when the gateway names it. */
  parentPaymentId?: string;
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
