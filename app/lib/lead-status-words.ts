// A lead's status in the reader's language (issue 23). The API's status_label and status_explanation
// are English; the screens word the status from its code (status, quote_decision) instead, and a
// credit rejection's reason from the catalogue's copy of core/credit's customer words.
import type { Translate } from "../../core/i18n/index.ts";
import type { MessageKey } from "../../core/i18n/index.ts";

const LABELS: Record<string, MessageKey> = {
  IN_PROCESS: "servicing.lead.status.IN_PROCESS",
  SUBMITTED: "servicing.lead.status.SUBMITTED",
  SANCTIONED: "servicing.lead.status.SANCTIONED",
  DISBURSED: "servicing.lead.status.DISBURSED",
  CLOSED: "servicing.lead.status.CLOSED",
  REJECTED: "servicing.lead.status.REJECTED",
};

const EXPLANATIONS: Record<string, MessageKey> = {
  IN_PROCESS: "servicing.lead.explain.IN_PROCESS",
  SUBMITTED: "servicing.lead.explain.SUBMITTED",
  SANCTIONED: "servicing.lead.explain.SANCTIONED",
  DISBURSED: "servicing.lead.explain.DISBURSED",
  CLOSED: "servicing.lead.explain.CLOSED",
  REJECTED: "servicing.lead.explain.REJECTED",
};

const declined = (status: string, quoteDecision: string | null | undefined) => status === "REJECTED" && quoteDecision === "DECLINED";

/** "Disbursed", "Declined by you", …; an unknown status as the API said it. */
export function leadStatusWords(t: Translate, lead: { status: string; status_label: string; quote_decision?: string | null }): string {
  if (declined(lead.status, lead.quote_decision)) return t("servicing.lead.status.declined");
  const key = LABELS[lead.status];
  return key ? t(key) : lead.status_label;
}

/** What the status means; a rejection's reason in words (the English explanation names it after "because "). */
export function leadExplanationWords(
  t: Translate,
  say: (text: string) => string,
  lead: { status: string; status_explanation: string; quote_decision?: string | null },
): string {
  if (declined(lead.status, lead.quote_decision)) return t("servicing.lead.explain.declined");
  const because = lead.status_explanation.indexOf(" because ");
  if (lead.status === "REJECTED" && because >= 0) {
    const reason = lead.status_explanation.slice(because + " because ".length);
    const words = say(reason);
    // A reason the catalogue does not know stays with its English sentence.
    return words === reason ? lead.status_explanation : t("servicing.lead.explain.rejectedBecause", { reason: words });
  }
  const key = EXPLANATIONS[lead.status];
  return key ? t(key) : lead.status_explanation;
}
