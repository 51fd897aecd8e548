// The four-eyes desks' decision (bank transfers, journals, write-offs): approve, or reject with a reason
// of 5 to 500 characters.
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

/** The approve button and the reject form of one pending row, each with the label a screen reader says. */
export function FourEyesDecision(props: {
  intents: [approve: string, reject: string];
  labels: [approve: string, reject: string];
  id: string;
  inputId: string;
  busy: boolean;
}) {
  const { intents, labels, id, inputId, busy } = props;
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value={intents[0]} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" disabled={busy} aria-label={labels[0]}>
          Approve
        </button>
      </Form>
      <AdminRejectForm intent={intents[1]} id={id} inputId={inputId} label={labels[1]} busy={busy} />
    </>
  );
}
