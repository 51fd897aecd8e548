// Issue 32: what the sandbox buyer app reads from its transaction's messages to offer the person the next step, as
// a buyer app reads a lender's xinput and order: fill a form, send it, follow the lender's page, or, once the
// order exists, its state and the payments asked for by update. Pure.
import type { BuyerAppMessage } from "./buyer-app.ts";

export type NextStep =
  | { kind: "wait" }
  | { kind: "refused"; code: string; message: string }
  | { kind: "fill"; formId: string; heading: string; url: string }
  /** A request quoting a form's submission: a select (forms of on_select) or an init (F03's report, forms of on_init). */
  | {
      kind: "send";
      action: "select" | "init" | "confirm";
      formId: string;
      submissionId: string;
      status: "SUCCESS" | "APPROVED";
      reported?: boolean;
      /** The flow with account aggregator: the lender's consent (CONSENT_HANDLER) for the person to approve at the aggregator first. */
      consentHandle?: string;
    }
  /**
   * The lender answered the confirm, or reported the order since: its id, the loan's state (PENDING, SANCTIONED,
   * DISBURSED, COMPLETED, …) and the latest payment the buyer app asked for by update, as the lender states it.
   */
  | {
      kind: "confirmed";
      orderId: string;
      state: string;
      payment?: { label: string; amount: string; status: string; url?: string };
      declined?: { code: string; message: string };
    }
  | { kind: "redirect"; formId: string; heading: string; url: string }
  /** The lender reported a form of its own page done (its unsolicited on_status): status SUCCESS or REJECTED. */
  | { kind: "reported"; formId: string; status: string; submissionId: string };

type Json = Record<string, unknown>;
export const get = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<string | number, unknown>)[key] : undefined), value);
export const parse = (text: string): Json | null => {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return null;
  }
};

/** The next step after the latest verified on_search / on_select / on_init / on_status, as a buyer app reads the lender's xinput. */
export function nextStep(messages: BuyerAppMessage[]): NextStep {
  // A refused update leaves the order as it stood (the refusal is shown with it).
  const index = messages.findLastIndex(
    (m) =>
      m.direction === "in" &&
      ["on_search", "on_select", "on_init", "on_status", "on_confirm", "on_update", "on_cancel"].includes(m.action) &&
      m.result === "verified" &&
      !(["on_update", "on_cancel"].includes(m.action) && get(parse(m.body), "error")),
  );
  if (index < 0) return { kind: "wait" };
  const latest = parse(messages[index].body);
  const error = get(latest, "error");
  if (error) return { kind: "refused", code: String(get(error, "code") ?? ""), message: String(get(error, "message") ?? "") };
  // The order from the confirm on: on_confirm, then the loan's own reports (no form on the item).
  const orderId = get(latest, "message", "order", "id");
  if (messages[index].action === "on_confirm" || (typeof orderId === "string" && !get(latest, "message", "order", "items", 0, "xinput")))
    return {
      kind: "confirmed",
      orderId: String(orderId ?? ""),
      state: String(get(latest, "message", "order", "fulfillments", 0, "state", "descriptor", "code") ?? ""),
      ...servicingPayment(messages),
      ...declinedUpdate(messages.slice(index + 1)),
    };
  const item =
    messages[index].action === "on_search" ? get(latest, "message", "catalog", "providers", 0, "items", 0) : get(latest, "message", "order", "items", 0);
  const xinput = get(item, "xinput");
  const formId = String(get(xinput, "form", "id") ?? "");
  const response = get(xinput, "form_response");
  // The lender acknowledged the form (PENDING): the buyer app answers with it APPROVED (the validator's select_2).
  if (response && get(response, "status") === "PENDING") {
    const tags = (get(item, "tags") as { descriptor?: { code?: string }; list?: { descriptor?: { code?: string }; value?: string }[] }[] | undefined) ?? [];
    const handle = tags.find((t) => t.descriptor?.code === "CONSENT_INFO")?.list?.find((i) => i.descriptor?.code === "CONSENT_HANDLER")?.value;
    return {
      kind: "send",
      action: "select",
      formId,
      submissionId: String(get(response, "submission_id")),
      status: "APPROVED",
      ...(handle ? { consentHandle: handle } : {}),
    };
  }
  const later = messages.slice(index + 1);
  // A form on the lender's own page, reported by its unsolicited on_status: KYC (F03) or the e-mandate (F05) done
  // goes on with the next init.
  if (response && messages[index].action === "on_status") {
    const reported = { formId, status: String(get(response, "status")), submissionId: String(get(response, "submission_id")) };
    // The agreement signed (F06) goes on with the confirm.
    const action = formId === "F06" ? "confirm" : "init";
    if (["F03", "F05", "F06"].includes(formId) && reported.status === "SUCCESS" && !later.some((m) => m.direction === "out" && m.action === action))
      return { kind: "send", action, ...reported, status: "SUCCESS", reported: true };
    return { kind: "reported", ...reported };
  }
  const url = get(xinput, "form", "url");
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) return { kind: "wait" };
  const heading = String(get(xinput, "head", "descriptor", "name") ?? formId);
  if (get(xinput, "form", "mime_type") !== "text/html") return { kind: "redirect", formId, heading, url };
  const submitted = later.findLast((m) => m.direction === "form" && m.action === formId);
  if (!submitted) return { kind: "fill", formId, heading, url };
  // A form of on_select is quoted by the next select, one of on_init by the next init.
  const action = messages[index].action === "on_init" ? "init" : "select";
  if (later.some((m) => m.direction === "out" && m.action === action)) return { kind: "wait" };
  return { kind: "send", action, formId, submissionId: String(get(parse(submitted.body), "submission_id")), status: "SUCCESS" };
}

/** The lender's refusal of the latest update, when it came after the order's latest state. */
function declinedUpdate(later: BuyerAppMessage[]) {
  const error = get(parse(later.findLast((m) => m.direction === "in" && ["on_update", "on_cancel"].includes(m.action))?.body ?? ""), "error");
  return error ? { declined: { code: String(get(error, "code") ?? ""), message: String(get(error, "message") ?? "") } } : {};
}

/** The payment the latest on_update (or on_cancel) states first (the one the buyer app asked for), if any. */
function servicingPayment(messages: BuyerAppMessage[]) {
  const onUpdate = parse(
    messages.findLast((m) => m.direction === "in" && ["on_update", "on_cancel"].includes(m.action) && m.result === "verified" && !get(parse(m.body), "error"))
      ?.body ?? "",
  );
  const payment = get(onUpdate, "message", "order", "payments", 0);
  const label = get(payment, "time", "label");
  if (typeof label !== "string" || label === "INSTALLMENT") return {};
  const url = get(payment, "url");
  return {
    payment: {
      label,
      amount: String(get(payment, "params", "amount") ?? ""),
      status: String(get(payment, "status") ?? ""),
      ...(typeof url === "string" ? { url } : {}),
    },
  };
}
