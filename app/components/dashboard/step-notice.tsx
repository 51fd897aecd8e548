import { purposeNotice, type ConsentPurpose, type PurposeNotice } from "../../../core/data-rights/index.ts";
import { useLanguage, useT } from "../../lib/i18n.tsx";
import { FieldError } from "../field-error.tsx";

/** A purpose notice's four facts (what data, why, how long, how to withdraw) and its version: at the step and on My data. */
export function NoticeFacts({
  notice,
  version,
  className,
}: {
  notice: Pick<PurposeNotice, "data" | "why" | "kept" | "withdraw">;
  version: number;
  className?: string;
}) {
  const t = useT();
  return (
    <>
      <dl className={className}>
        <dt>{t("notice.ask.data")}</dt>
        <dd>{notice.data}</dd>
        <dt>{t("notice.ask.why")}</dt>
        <dd>{notice.why}</dd>
        <dt>{t("notice.ask.kept")}</dt>
        <dd>{notice.kept}</dd>
        <dt>{t("notice.ask.withdraw")}</dt>
        <dd>{notice.withdraw}</dd>
      </dl>
      <p className="hint">{t("notice.ask.version", { version })}</p>
    </>
  );
}

/**
 * Issue 23: the notice of the purpose a journey step uses (what data, why, how long, how to withdraw), in
 * the page's language, with the unticked box the customer ticks to go on. The box posts `consent=1`; the
 * step's action sends `consent` "1" or "0" with the step's event, and the server records the grant.
 */
export function StepNotice({
  purpose,
  checked,
  onChange,
  error,
}: {
  purpose: ConsentPurpose;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const t = useT();
  const notice = purposeNotice(purpose, useLanguage());
  const id = `notice-${purpose}`;
  return (
    <section className="step-notice" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("notice.ask.heading", { title: notice.title })}</h2>
      <NoticeFacts notice={notice} version={notice.version} />
      <div className="check">
        <input
          id="consent"
          name="consent"
          type="checkbox"
          value="1"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "consent-error" : undefined}
        />
        <label htmlFor="consent">{t("notice.ask.agree")}</label>
      </div>
      <FieldError id="consent-error" message={error} />
    </section>
  );
}
