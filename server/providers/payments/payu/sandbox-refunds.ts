// The PayU sandbox's refunds, on its postservice API as PayU answers them: cancel_refund_transaction
// queues a refund of a captured payment (error_code 102), refuses a repeated token (106), an amount
// above what is left (105) or an unknown payment (116); check_action_status lists a payment's refund
// actions, and a queued refund is paid (success, with a bank reference) by the next look; each outcome
// sends PayU's refund callback (JSON) to the merchant's refund-notify URL. A refund paid is kept back
// from the next day's settlement as a refund line (issue 29); a failed one never is, as PayU deducts none.
import { parseRupees, rupeeText } from "../../../../core/money.ts";
import { randomInt } from "node:crypto";
import type { IsoDate } from "../../../../core/calendar.ts";
import type { SandboxStore } from "../../sandbox-store.ts";
import { sandboxCaptureIndex } from "../settlement.ts";
import { storeMap } from "../shared.ts";
import type { PayuSettlementTransaction } from "./settlement-range.ts";

type StoredRefund = {
  requestId: string;
  token: string;
  mihpayid: string;
  amountPaise: number;
  status: "queued" | "success" | "failure";
  bankRefNum: string | null;
  /** When the bank paid it (PayU's "YYYY-MM-DD HH:MM:SS", India time). */
  paidAt?: string;
};

const rupees = rupeeText;

/** PayU's addedon: India time, "YYYY-MM-DD HH:MM:SS". */
export const addedOn = (d: Date) => new Date(d.getTime() + 5.5 * 3600_000).toISOString().replace("T", " ").slice(0, 19);

export function createSandboxPayuRefunds(options: {
  store: SandboxStore;
  now: () => Date;
  /** The captured payment a mihpayid names (amount and status), or null. */
  paymentOf: (mihpayid: string) => Promise<{ amountPaise: number; status: string; txnid: string } | null>;
  /** PayU's refund status callback (JSON) to the merchant's refund-notification URL. */
  sendCallback: (body: object) => Promise<void>;
}) {
  const byToken = storeMap<StoredRefund>(options.store, "payu-refund");
  const ofPayment = storeMap<string[]>(options.store, "payu-refunds-of");
  // The tokens of the refunds paid each India day, kept back from the next day's settlement.
  const paid = sandboxCaptureIndex(options.store, "payu-refund-paid", options.now);

  async function refundsOf(mihpayid: string) {
    const tokens = (await ofPayment.get(mihpayid)) ?? [];
    return (await Promise.all(tokens.map((t) => byToken.get(t)))).filter((r) => r !== undefined);
  }

  async function refund(mihpayid: string, token: string, amount: string) {
    const payment = await options.paymentOf(mihpayid);
    if (!payment || payment.status !== "success") return { status: 0, msg: "Transaction Not Found", error_code: 116, mihpayid };
    if (!token) return { status: 0, msg: "Input Data missing", error_code: 124, mihpayid };
    if (await byToken.get(token)) return { status: 0, msg: "Token already exists", error_code: 106, mihpayid };
    const paise = parseRupees(amount);
    // A failed refund gave nothing back: its amount may be refunded again.
    const left = payment.amountPaise - (await refundsOf(mihpayid)).reduce((s, r) => s + (r.status === "failure" ? 0 : r.amountPaise), 0);
    if (paise === null || paise < 100 || paise > left) return { status: 0, msg: "Invalid amount", error_code: 105, mihpayid };
    const stored: StoredRefund = {
      requestId: String(130000000 + randomInt(0, 99_999_999)),
      token,
      mihpayid,
      amountPaise: paise,
      status: "queued",
      bankRefNum: null,
    };
    // One refund per token, even when two instances take the same request at once.
    if (!(await byToken.add(token, stored))) return { status: 0, msg: "Token already exists", error_code: 106, mihpayid };
    await ofPayment.set(mihpayid, [...((await ofPayment.get(mihpayid)) ?? []), token]);
    return { status: 1, msg: "Refund Request Queued", request_id: stored.requestId, bank_ref_num: null, mihpayid, error_code: 102 };
  }

  async function actions(mihpayid: string) {
    const found = await refundsOf(mihpayid);
    if (!found.length) return { status: 0, msg: "0 out of 1 Transactions Fetched Successfully", transaction_details: {} };
    const details: Record<string, Record<string, string | null>> = {};
    for (const r of found) {
      // A queued refund is paid by the next look, and PayU's refund callback goes out as it is.
      if (r.status === "queued") await settle(r.token, "success");
      const paid = (await byToken.get(r.token)) ?? r;
      details[paid.requestId] = {
        mihpayid,
        request_id: paid.requestId,
        bank_ref_num: paid.bankRefNum,
        amt: rupees(paid.amountPaise),
        mode: "UPI",
        action: "refund",
        token: paid.token,
        status: paid.status,
      };
    }
    return { status: 1, msg: "1 out of 1 Transactions Fetched Successfully", transaction_details: { [mihpayid]: details } };
  }

  /** The bank's answer to a queued refund, for tests: stored, then PayU's refund callback is sent. */
  async function settle(token: string, status: "success" | "failure"): Promise<boolean> {
    const found = await byToken.get(token);
    if (!found || found.status !== "queued") return false;
    const done: StoredRefund = {
      ...found,
      status,
      bankRefNum: status === "success" ? `SBXRRN${found.requestId}` : null,
      ...(status === "success" ? { paidAt: addedOn(options.now()) } : {}),
    };
    await byToken.set(token, done);
    if (status === "success") await paid.captured(token);
    const payment = await options.paymentOf(found.mihpayid);
    await options.sendCallback({
      action: "refund",
      key: "SOTsbx",
      mihpayid: found.mihpayid,
      merchantTxnId: payment?.txnid ?? "",
      token,
      request_id: found.requestId,
      amt: rupees(found.amountPaise),
      status,
      bank_arn: done.bankRefNum,
      bank_ref_num: done.bankRefNum,
      refund_mode: "Back to source",
      remark: null,
    });
    return true;
  }

  /**
   * The refund lines of the settlement of `on`: each refund paid the day before, as the Settlement
   * Details Range API lists a deduction (action refund, the payment's payuId, the refund's requestId,
   * positive amounts with no fee, a negative settlementAmount).
   */
  async function settlementLines(on: IsoDate): Promise<PayuSettlementTransaction[]> {
    const tokens = (await paid.settledOn(on)) ?? [];
    const lines: PayuSettlementTransaction[] = [];
    for (const token of tokens) {
      const r = await byToken.get(token);
      if (!r || r.status !== "success") continue;
      const payment = await options.paymentOf(r.mihpayid);
      lines.push({
        action: "refund",
        payuId: r.mihpayid,
        parentPayuId: r.mihpayid,
        requestId: r.requestId,
        transactionAmount: rupees(r.amountPaise),
        merchantTransactionId: payment?.txnid ?? "",
        mdr: "0.00",
        serviceTax: "0.00",
        merchantServiceFee: "0.00",
        merchantServiceTax: "0.00",
        settlementAmount: `-${rupees(r.amountPaise)}`,
        transactionDate: r.paidAt ?? "",
        paymentMode: "UPI",
      });
    }
    return lines;
  }

  return {
    settle,
    settlementLines,
    /** The answer to a refund command on postservice, or null for any other command. */
    async answer(command: string, var1: string, field: (name: string) => string): Promise<object | null> {
      if (command === "cancel_refund_transaction") return refund(var1, field("var2"), field("var3"));
      if (command === "check_action_status") return actions(var1);
      return null;
    },
  };
}
