import type { ReactNode } from "react";
import { Link } from "react-router";
import { FieldError } from "../field-error.tsx";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import type { CodedMessage, MessageKey } from "../../../core/i18n/index.ts";

/** Submit button with a spinner; disabled only while the call is in flight. `name`/`value` tell the action which button was pressed. */
export function SubmitButton({
  busy,
  children,
  className = "btn btn-primary btn-block",
  name,
  value,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" name={name} value={value} className={className} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export function BackLink({ to = "/my-dashboard", label }: { to?: string; label?: string }) {
  const t = useT();
  return (
    <Link to={to} className="back-link">
      <span aria-hidden="true">←</span> {label ?? t("journey.backToDashboard")}
    </Link>
  );
}

/** A labelled control with its error message tied to it. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Props that tie an input to its error and hint. */
export function describe(id: string, error?: string, hint?: boolean) {
  const ids = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return { id, name: id, "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

export function FormAlert({ message }: { message: string | CodedMessage }) {
  const words = useCodeText();
  return (
    <p className={message ? "alert alert-error" : "visually-hidden"} role="alert">
      {words(message)}
    </p>
  );
}

/** A master list's options, each label worded from its key in the page's language. */
export function Options({ list, placeholder }: { list: readonly { id: number | string; labelKey: MessageKey }[]; placeholder: string }) {
  const t = useT();
  return (
    <>
      <option value="">{placeholder}</option>
      {list.map((o) => (
        <option key={o.id} value={o.id}>
          {t(o.labelKey)}
        </option>
      ))}
    </>
  );
}
