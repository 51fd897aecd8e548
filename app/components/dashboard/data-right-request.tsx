import { Form } from "react-router";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n.tsx";

/**
 * Issue 23: a data-rights request card on My data (correction or erasure): its title and what it does,
 * an optional note (the erasure's retention), and, when the customer may ask, the form that asks. A
 * correction says what to correct in a text box; an erasure asks with the button alone.
 */
export function DataRightRequest({ kind, busy, note, canAsk = true }: { kind: "correction" | "erasure"; busy: boolean; note?: ReactNode; canAsk?: boolean }) {
  const t = useT();
  const key = (part: "Title" | "Intro" | "Send") => `servicing.myData.${kind}${part}` as const;
  return (
    <section className="card" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`}>{t(key("Title"))}</h2>
      <p>{t(key("Intro"))}</p>
      {note ? <p>{note}</p> : null}
      {canAsk ? (
        <Form method="post">
          {kind === "correction" ? (
            <div className="field">
              <label htmlFor="correction-details">{t("servicing.myData.correctionLabel")}</label>
              <textarea id="correction-details" name="details" rows={3} maxLength={1000} required />
            </div>
          ) : null}
          <button type="submit" name="intent" value={kind} className="btn btn-secondary" disabled={busy}>
            {t(key("Send"))}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
