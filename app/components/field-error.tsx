import { useMessageText } from "../lib/journey-words.ts";

/**
 * The message under a field: one look, tied to its control by id (aria-describedby) and announced when it
 * appears. `keep` renders it while empty too, so the live region is in the page before its first message.
 */
export function FieldError({ id, message, keep = false }: { id?: string; message?: string | null; keep?: boolean }) {
  // Issue 23: a rule's English message is shown in the page's language.
  const words = useMessageText();
  if (!message && !keep) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {words(message ?? "")}
    </p>
  );
}
