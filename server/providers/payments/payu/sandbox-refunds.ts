// The PayU sandbox's refunds, on its postservice API as PayU answers them: cancel_refund_transaction
// queues a refund of a captured payment (error_code 102), refuses a repeated token (106), an amount
// above what is left (105) or an unknown payment (116); check_action_status lists a payment's refund
// actions, and a queued refund is paid (success, with a bank reference) by the next look; each outcome
// sends PayU's refund callback (JSON) to the merchant's refund-notify URL.
import { randomInt } from "node:crypto";
import type { SandboxStore } from "../../sandbox-store.ts";
import { rupeesToPaise, storeMap } from "../shared.ts";

type StoredRefund = {
  requestId: string;
  token: string;
  mihpayid: string;
  amountPaise: number;
  status: "queued" | "success" | "failure";
  bankRefNum: string | null;
};

const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;

export function createSandboxPayuRefunds(options: {
  store: SandboxStore;
  /** The captured payment a mihpayid names (amount and status), or null. */
  paymentOf: (mihpayid: string) => Promise<{ amountPaise: number; status: string; txnid: string } | null>;
  /** PayU's refund status callback (JSON) to the merchant's refund-notification URL. */
  sendCallback: (body: object) => Promise<void>;
}) {
  const byToken = storeMap<StoredRefund>(options.store, "payu-refund");
  const ofPayment = storeMap<string[]>(options.store, "payu-refunds-of");

  async function refundsOf(mihpayid: string) {
    const tokens = (await ofPayment.get(mihpayid)) ?? [];
    return (await Promise.all(tokens.map((t) => byToken.get(t)))).filter((r) => r !== undefined);
  }

  async function refund(mihpayid: string, token: string, amount: string) {
    const payment = await options.paymentOf(mihpayid);
    if (!payment || payment.status !== "success") return { status: 0, msg: "Transaction Not Found", error_code: 116, mihpayid };
    if (!token) return { status: 0, msg: "Input Data missing", error_code: 124, mihpayid };
    if (await byToken.get(token)) return { status: 0, msg: "Token already exists", error_code: 106, mihpayid };
    const paise = rupeesToPaise(amount);
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
    const done: StoredRefund = { ...found, status, bankRefNum: status === "success" ? `SBXRRN${found.requestId}` : null };
    await byToken.set(token, done);
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

  return {
    settle,
    /** The answer to a refund command on postservice, or null for any other command. */
    async answer(command: string, var1: string, field: (name: string) => string): Promise<object | null> {
      if (command === "cancel_refund_transaction") return refund(var1, field("var2"), field("var3"));
      if (command === "check_action_status") return actions(var1);
      return null;
    },
  };
}
