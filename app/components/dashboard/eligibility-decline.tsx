import { useT } from "../../lib/i18n.tsx";
import { useDateText } from "../../lib/journey-words.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";

/**
 * A declined customer's answer, kept on the dashboard after the dialog (issue 21): the outcome, the one
 * rule that decided it, and when they may apply again. The server names the rule (core/eligibility.ts) and words
 * the reason and the date in the page's language (decision 60).
 */
export function EligibilityDecline({ decline }: { decline: NonNullable<DashboardData["eligibility_decline"]> }) {
  const t = useT();
  const date = useDateText();
  return (
    <section className="card eligibility-decline" aria-labelledby="decline-title">
      <h2 id="decline-title">{t("journey.decline.title")}</h2>
      <dl className="facts">
        <div>
          <dt>{t("journey.decline.outcome")}</dt>
          <dd>{t("journey.decline.notEligible", { date: date(decline.checked_on) })}</dd>
        </div>
        <div>
          <dt>{t("journey.decline.reason")}</dt>
          <dd data-testid="decline-reason">{decline.reason}</dd>
        </div>
        <div>
          <dt>{t("journey.decline.again")}</dt>
          <dd data-testid="decline-again">{decline.apply_again_text}</dd>
        </div>
      </dl>
      <p className="hint">{t("journey.decline.saved")}</p>
    </section>
  );
}
