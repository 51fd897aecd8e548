// The application review's rows and forms (back office, English only): a labelled row, the reveal of a
// full PAN or account number (with its reason), and the recommend, sanction or reject form.
import { Form } from "react-router";
import type { CreditOutcome } from "../../core/admin/credit-desk.ts";
import { REJECTION_REASONS, SANCTION_REASONS } from "../../core/credit.ts";

export function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="credit-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children ?? "—"}</dd>
    </div>
  );
}

export function RevealForm({ field, label, errorId }: { field: "pan" | "account_number"; label: string; errorId?: string }) {
  const id = `reveal-${field}`;
  return (
    <details className="credit-reveal">
      <summary>Reveal {label}</summary>
      <Form method="post" className="admin-inline">
        <input type="hidden" name="intent" value="reveal" />
        <input type="hidden" name="field" value={field} />
        <div>
          <label htmlFor={id}>Reason for viewing the full {label}</label>
          <input id={id} name="reason" required minLength={5} maxLength={200} aria-describedby={errorId} />
        </div>
        <div>
          <button type="submit" className="secondary">
            Reveal
          </button>
        </div>
      </Form>
    </details>
  );
}

export function ReasonForm({
  intent,
  outcome,
  title,
  button,
  errors,
}: {
  intent: "recommend" | "decide";
  outcome: CreditOutcome;
  title: string;
  button: string;
  errors?: Record<string, string>;
}) {
  const reasons =
    outcome === "SANCTION"
      ? Object.entries(SANCTION_REASONS).map(([code, label]) => [code, label] as const)
      : Object.entries(REJECTION_REASONS).map(([code, r]) => [code, r.label] as const);
  const prefix = `${intent}-${outcome.toLowerCase()}`;
  return (
    <Form method="post" className="admin-card" aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`}>{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="outcome" value={outcome} />
      <label htmlFor={`${prefix}-reason`}>Reason</label>
      <select
        id={`${prefix}-reason`}
        name="reasonCode"
        required
        defaultValue=""
        aria-describedby={errors?.reason ? `${prefix}-reason-error` : undefined}
        aria-invalid={errors?.reason ? true : undefined}
      >
        <option value="" disabled>
          Choose a reason
        </option>
        {reasons.map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </select>
      {errors?.reason ? (
        <p id={`${prefix}-reason-error`} className="error">
          {errors.reason}
        </p>
      ) : null}
      <label htmlFor={`${prefix}-note`}>Note (optional)</label>
      <textarea id={`${prefix}-note`} name="note" maxLength={1000} rows={3} className="credit-note" />
      <button type="submit" className={outcome === "REJECT" ? "secondary" : undefined}>
        {button}
      </button>
    </Form>
  );
}
