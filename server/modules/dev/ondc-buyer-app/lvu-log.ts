// Issue 32: a transaction as the sandbox buyer app kept it, written as ONDC's log-validation-utility reads a log
// (../shared/ondc/lvu/README.md): {domain, version, flow, bap_id, bpp_id, payload: {search, on_search,
// select_1, on_select_1, …}}. The n-th request of an action and the callback answering it (same message_id)
// take the keys `<action>_<n>` and `on_<action>_<n>` where the validator numbers them (select), else
// `<action>` and `on_<action>`. Only verified callbacks are logged: a refused one never reached the buyer app.
import type { BuyerAppMessage } from "./buyer-app.ts";

/** Actions the validator numbers (select_1, select_2, …) in the personal-loan flows. */
const NUMBERED = new Set(["select", "init"]);

/** The validator's key of an unsolicited on_status: after the lender's own page for KYC (F03), e-mandate (F05) or eSign (F06). */
const FORM_STATUS_KEYS: Record<string, string> = { F03: "on_status_ekyc", F05: "on_status_enach", F06: "on_status_esign" };

function unsolicitedKey(action: string, body: unknown): string {
  // The validator's own spelling of the unsolicited on_update.
  if (action === "on_update") return "on_update_unsolicated";
  const formId = (body as { message?: { order?: { items?: { xinput?: { form?: { id?: string } } }[] } } }).message?.order?.items?.[0]?.xinput?.form?.id;
  return (action === "on_status" && formId && FORM_STATUS_KEYS[formId]) || action;
}

/** The keys of a walk from search to on_confirm with the offer for the amount (select_3), in the validator's order. */
export const ORIGINATION_KEYS = [
  "search",
  "on_search",
  "select_1",
  "on_select_1",
  "select_2",
  "on_select_2",
  "select_3",
  "on_select_3",
  "on_status_ekyc",
  "init_1",
  "on_init_1",
  "init_2",
  "on_init_2",
  "on_status_enach",
  "init_3",
  "on_init_3",
  "on_status_esign",
  "confirm",
  "on_confirm",
];

export function lvuRequest(messages: BuyerAppMessage[], flow: string) {
  const payload: Record<string, unknown> = {};
  const counts = new Map<string, number>();
  const keyOfMessage = new Map<string, string>();
  let bapId = "";
  let bppId = "";
  for (const m of messages) {
    if (m.direction === "form") continue;
    if (m.direction === "in" && m.result !== "verified") continue;
    const body = JSON.parse(m.body) as { context: { message_id: string; bap_id: string; bpp_id?: string } };
    bapId ||= body.context.bap_id;
    bppId ||= body.context.bpp_id ?? "";
    if (m.direction === "out") {
      const n = (counts.get(m.action) ?? 0) + 1;
      counts.set(m.action, n);
      const key = NUMBERED.has(m.action) ? `${m.action}_${n}` : m.action;
      keyOfMessage.set(body.context.message_id, key);
      payload[key] = body;
    } else {
      const request = keyOfMessage.get(body.context.message_id);
      payload[request ? `on_${request}` : unsolicitedKey(m.action, body)] = body;
    }
  }
  return { domain: "ONDC:FIS12", version: "2.0.0", flow, bap_id: bapId, bpp_id: bppId, payload };
}

/**
 * A servicing flow's log (FORECLOSURE_PERSONAL, PRE_PART_PERSONAL, MISSED_EMI_PERSONAL: confirm, on_confirm, update,
 * on_update, on_update_unsolicated): the transaction's confirm and its answer, the update with `updateMessageId`,
 * its answer, and the first unsolicited on_update after it.
 */
export function lvuServicingRequest(messages: BuyerAppMessage[], flow: string, updateMessageId: string) {
  const whole = lvuRequest(messages, flow);
  const idOf = (m: BuyerAppMessage) => (JSON.parse(m.body) as { context: { message_id: string } }).context.message_id;
  const at = messages.findIndex((m) => m.direction === "out" && m.action === "update" && idOf(m) === updateMessageId);
  const answer = messages.find((m, i) => i > at && m.direction === "in" && m.action === "on_update" && m.result === "verified" && idOf(m) === updateMessageId);
  const unsolicited = messages.find(
    (m, i) => i > at && m.direction === "in" && m.action === "on_update" && m.result === "verified" && idOf(m) !== updateMessageId,
  );
  const body = (m: BuyerAppMessage | undefined) => (m ? (JSON.parse(m.body) as unknown) : undefined);
  return {
    ...whole,
    payload: {
      confirm: whole.payload.confirm,
      on_confirm: whole.payload.on_confirm,
      update: body(messages[at]),
      on_update: body(answer),
      on_update_unsolicated: body(unsolicited),
    },
  };
}
