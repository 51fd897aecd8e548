// Issue 24 (decision 39): "Set up AutoPay", between Banking Details and eSign. Plain words with the loan's
// figures; UPI Autopay or e-NACH go to the provider's page, Skip (shown as the worse choice) to the eSign.
// After the journey the same screen is "Your AutoPay" (issue 30): the mandate's state and why, its history
// (registration, notices, debits), and for an active mandate the way to cancel it, with a warning.
import { Fragment } from "react";
import { Form, data, redirect, redirectDocument, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/autopay.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import { screenFor } from "../../../core/journey/index.ts";
import { formatDateInWords, formatPaise } from "../../../core/format.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { endOnSessionLoss, formValues, requireApi } from "../../lib/dashboard.server.ts";
import { useLanguage, useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";
import { BackLink, FormAlert } from "../../components/dashboard/form-bits.tsx";
import { AutopayHistory, AutopayStateNow, type MandateOnScreen } from "../../components/repayment/autopay-history.tsx";
import { mandateFailureOf, type MandateHistoryEntry } from "../../../core/mandates.ts";

export const meta: Route.MetaFunction = journeyMeta("autopay.pageTitle");

type Mandate = MandateOnScreen & { id: string };
type Details = {
  next_step: string;
  lead_id: string | null;
  account_last4?: string | null;
  figures: { total_repayable_paise: number; penal_cap_paise: number; max_amount_paise: number; debit_on: string } | null;
  mandate: Mandate | null;
  history?: MandateHistoryEntry[];
};
type StepReply = { next_step: string; url?: string };
type ActionReply = { message: string };

export async function loader({ context }: Route.LoaderArgs): Promise<{ info: Details | null; error: string }> {
  const reply = endOnSessionLoss(await requireApi(context).api<Details>(apiPath("getAutopayDetails"), {}));
  return reply.Status === 1 && reply.Data ? { info: reply.Data, error: "" } : { info: null, error: errorText(reply) };
}

/** `intent`: upi | enach (the provider's page), skip (the eSign's page), revoke (cancel an active mandate). */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const api = requireApi(context);
  if (values.intent === "revoke") {
    const reply = endOnSessionLoss(await api.api(apiPath("revokeAutopay"), { lead_id: values.lead_id ?? "" }));
    if (reply.Status === 1) throw redirect("/my-dashboard/autopay");
    return data<ActionReply>({ message: errorText(reply) }, { status: 400 });
  }
  const payload =
    values.intent === "skip"
      ? { event_name: "autopay_setup", skip: 1 }
      : { event_name: "autopay_setup", mandate_method: values.intent === "enach" ? "enach" : "upi" };
  const reply = endOnSessionLoss(await api.journey<StepReply>(payload));
  if (reply.Status === 1 && reply.Data) {
    // The provider's page and the eSign page are not our routes: a whole-document redirect.
    if (reply.Data.url) throw redirectDocument(reply.Data.url);
    throw redirect(screenFor(reply.Data.next_step));
  }
  return data<ActionReply>({ message: errorText(reply) }, { status: 400 });
}

const rupees = (paise: number) => formatPaise(paise);

/** The two ways, UPI Autopay first (recommended). */
const METHODS = [
  { intent: "upi", label: "autopay.upi", hint: "autopay.upiHint", cls: "btn-primary" },
  { intent: "enach", label: "autopay.enach", hint: "autopay.enachHint", cls: "btn-secondary" },
] as const satisfies readonly { intent: "upi" | "enach"; label: MessageKey; hint: MessageKey; cls: string }[];

export default function Autopay({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { info, error } = loaderData;
  const reply = useActionData<ActionReply>();
  const busy = useNavigation().state !== "idle";
  const f = info?.figures ?? null;
  const m = info?.mandate ?? null;
  // Dates in words in the reader's language (issue 23): "1 December 2026", "1 दिसंबर 2026".
  const date = f ? formatDateInWords(f.debit_on, lang) : "";
  const atStep = info?.next_step === "autopay_setup";
  // The terms are what the customer agrees to, or has agreed to: not shown over a cancelled, failed or lapsed mandate.
  const showTerms = atStep || m?.status === "ACTIVE";
  // Past the step, a mandate's screen is about that mandate: "Your AutoPay", not "Set up AutoPay".
  const mine = !!m && !atStep;

  return (
    <section className="step-page" aria-labelledby="step-title">
      <BackLink />
      <div className="card step-card">
        <h1 id="step-title">{mine ? t("autopay.titleMine") : t("autopay.title")}</h1>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : !f || !info ? (
          <p>{t("autopay.none")}</p>
        ) : (
          <>
            {m?.status === "FAILED" && atStep ? (
              <div className="alert alert-error" role="alert">
                <p>
                  <strong>{t("autopay.failedTitle")}</strong>
                </p>
                <p>{t("autopay.reason.notSetUp", { reason: mandateFailureOf(m.failure_reason) })}</p>
              </div>
            ) : null}
            {mine ? <AutopayStateNow mandate={m} history={info.history ?? []} dueDate={date} /> : null}
            {showTerms ? (
              <>
                <p>{t("autopay.intro")}</p>
                <h2>{t("autopay.factsHeading")}</h2>
                <ul className="autopay-facts">
                  <li>{t("autopay.factMax", { max: rupees(f.max_amount_paise), total: rupees(f.total_repayable_paise), penal: rupees(f.penal_cap_paise) })}</li>
                  <li>{t("autopay.factDate", { date })}</li>
                  <li>{t("autopay.factNotice")}</li>
                  <li>{t("autopay.factEarlier")}</li>
                  <li>{t("autopay.factEnds")}</li>
                  {info.account_last4 ? <li>{t("autopay.factAccount", { last4: info.account_last4 })}</li> : null}
                  <li>{t("autopay.factNoBounce")}</li>
                </ul>
              </>
            ) : null}
            <FormAlert message={reply?.message ?? ""} />
            {atStep ? (
              <>
                <h2>{t("autopay.methodsHeading")}</h2>
                <Form method="post">
                  {METHODS.map(({ intent, label, hint, cls }) => (
                    <Fragment key={intent}>
                      <button type="submit" name="intent" value={intent} className={`btn ${cls} btn-block`} disabled={busy} aria-describedby={`${intent}-hint`}>
                        {t(label)}
                      </button>
                      <p id={`${intent}-hint`} className="hint">
                        {t(hint)}
                      </p>
                    </Fragment>
                  ))}
                </Form>
                <h2>{t("autopay.skipHeading")}</h2>
                <p id="skip-warning" className="hint">
                  {t("autopay.skipWarning")}
                </p>
                <Form method="post">
                  <button type="submit" name="intent" value="skip" className="btn btn-link btn-block" disabled={busy} aria-describedby="skip-warning">
                    {t("autopay.skip")}
                  </button>
                </Form>
              </>
            ) : m?.status === "ACTIVE" ? (
              <>
                <h2>{t("autopay.revokeHeading")}</h2>
                <p id="revoke-warning">{t("autopay.revokeWarning", { date })}</p>
                <Form method="post">
                  <input type="hidden" name="lead_id" value={info.lead_id ?? ""} />
                  <button type="submit" name="intent" value="revoke" className="btn btn-secondary btn-block" disabled={busy} aria-describedby="revoke-warning">
                    {t("autopay.revoke")}
                  </button>
                </Form>
              </>
            ) : null}
            {mine ? <AutopayHistory history={info.history ?? []} /> : null}
          </>
        )}
      </div>
    </section>
  );
}
