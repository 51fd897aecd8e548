// A labelled text field of a back office form with its message below it (English only): the entry forms
// of the four-eyes desks (bank transfers, journals, write-offs) share it.
import type { InputHTMLAttributes } from "react";

export function AdminInput({ id, label, error, ...input }: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={Boolean(error)} aria-describedby={`${id}-error`} />
      <p id={`${id}-error`} className="error">
        {error}
      </p>
    </>
  );
}
