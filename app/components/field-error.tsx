import type { CodedMessage } from "../../core/i18n/index.ts";
import { useCodeText } from "../lib/i18n.tsx";

/**
 * The message under a field: one look, tied to its control by id (aria-describedby) and announced when it
 * appears. `keep` renders it while empty too, so the live region is in the page before its first message.
 * A coded message (a rule's refusal, the screen's own) is worded in the page's language (decision 60);
 * a text (the server's answer, already in the page's language) is shown as it is.
 */
export function FieldError({ id, message, keep = false }: { id?: string; message?: string | CodedMessage | null; keep?: boolean }) {
  const words = useCodeText();
  if (!message && !keep) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {words(message ?? "")}
    </p>
  );
}
