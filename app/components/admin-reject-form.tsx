// The four-eyes desks' reject form (bank transfers, journals, write-offs): a reason of 5 to 500 characters.
import { Form } from "react-router";

export function AdminRejectForm({ intent, id, inputId, label, busy }: { intent: string; id: string; inputId: string; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={inputId}>Reason for rejecting</label>
      <input id={inputId} name="reason" required minLength={5} maxLength={500} />
      <button type="submit" disabled={busy} aria-label={label}>
        Reject
      </button>
    </Form>
  );
}
