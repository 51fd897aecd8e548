import { formatDate } from "../../../core/format.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";

/**
 * A declined customer's answer, kept on the dashboard after the dialog (issue 21): the outcome, the one
 * rule that decided it, and when they may apply again. The server names the rule (core/eligibility.ts).
 */
export function EligibilityDecline({ decline }: { decline: NonNullable<DashboardData["eligibility_decline"]> }) {
  return (
    <section className="card eligibility-decline" aria-labelledby="decline-title">
      <h2 id="decline-title">We cannot offer you a loan right now</h2>
      <dl className="facts">
        <div>
          <dt>Outcome</dt>
          <dd>Not eligible (checked on {formatDate(decline.checked_on)})</dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd data-testid="decline-reason">{decline.reason}</dd>
        </div>
        <div>
          <dt>Apply again</dt>
          <dd data-testid="decline-again">{decline.apply_again_text}</dd>
        </div>
      </dl>
      <p className="hint">Your details are saved. Whatever you change in your profile is used at the next check.</p>
    </section>
  );
}
