// Collections (decisions 31, 32): open loans due today or overdue, most days past due first, with the
// amount due, the penal charges, the reminders sent and the contact log. Collections staff add a note
// of each contact (audit-logged); auditors read. Issue 32: each loan says its source (ONDC or Website).
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/collections.ts";
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  type CollectionsRow,
  staffAutopayText,
} from "../../../core/admin/collections-desk.ts";
import { messageKindLabel, messageOutcomeText, type CustomerMessage } from "../../../core/admin/customer-messages.ts";
import { ASSET_CLASS_LABELS } from "../../../core/admin/portfolio-desk.ts";
import { formatDateTime, formatPaise } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { LeadSourceTag } from "../../components/admin/lead-source.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Collections | SalaryOnTime back office" }];

const rupees = (paise: number) => formatPaise(paise);
const when = (iso: string) => formatDateTime(iso);
const REMINDER_LABELS: Record<string, string> = {
  due_in_3: "3 days before",
  due_in_1: "1 day before",
  due_today: "on the date",
  overdue_1: "1 day after",
  overdue_3: "3 days after",
  overdue_7: "7 days after",
};

export async function loader({ context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    const queue = await admin.collections.queue();
    return { ...queue, canContact: staff.role === "collections", failure: null };
  } catch (error) {
    return refusal(error, { rows: [] as CollectionsRow[], today: "", withinContactHours: false, canContact: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const leadId = field("leadId");
  try {
    if (field("intent") !== "contact") {
      return unknownIntent({ leadId, message: null });
    }
    await admin.collections.addContact({
      leadId,
      channel: field("channel"),
      outcome: field("outcome"),
      note: field("note"),
      agentName: field("agentName"),
      agencyName: field("agencyName"),
    });
    return { failure: null, leadId, message: "Contact note saved." };
  } catch (error) {
    return refusal(error, { leadId, message: null });
  }
}

function ContactLog({
  row,
  canContact,
  busy,
  acted,
  errors,
}: {
  row: CollectionsRow;
  canContact: boolean;
  busy: boolean;
  /** The last form sent was this loan's: keep its log open to show the note or the errors. */
  acted: boolean;
  errors: Record<string, string>;
}) {
  const prefix = `contact-${row.leadId}`;
  return (
    <details open={acted}>
      <summary>
        {row.contacts.length === 1 ? "1 note" : `${row.contacts.length} notes`}
        <span className="visually-hidden"> for loan {row.loanNo}</span>
      </summary>
      {row.contacts.length ? (
        <ul className="contact-log">
          {row.contacts.map((c) => (
            <li key={c.id}>
              <strong>{CONTACT_CHANNEL_LABELS[c.channel] ?? c.channel}</strong>, {when(c.contactedAt)}
              {c.staffEmail ? ` (${c.staffEmail})` : ""}
              {c.agentName ? `, through ${c.agentName} of ${c.agencyName}` : ""}
              {c.outcome ? ` — ${CONTACT_OUTCOME_LABELS[c.outcome] ?? c.outcome}` : ""}: {c.note}
            </li>
          ))}
        </ul>
      ) : null}
      {canContact ? (
        // A new note remounts the form, so it is empty for the next one.
        <Form key={row.contacts.length} method="post" noValidate>
          <input type="hidden" name="intent" value="contact" />
          <input type="hidden" name="leadId" value={row.leadId} />
          <label htmlFor={`${prefix}-channel`}>How</label>
          <select
            id={`${prefix}-channel`}
            name="channel"
            defaultValue="call"
            aria-invalid={Boolean(errors.channel)}
            aria-describedby={`${prefix}-channel-error`}
          >
            {CONTACT_CHANNELS.map((ch) => (
              <option key={ch} value={ch}>
                {CONTACT_CHANNEL_LABELS[ch]}
              </option>
            ))}
          </select>
          <p id={`${prefix}-channel-error`} className="error">
            {errors.channel}
          </p>
          <label htmlFor={`${prefix}-outcome`}>Outcome</label>
          <select
            id={`${prefix}-outcome`}
            name="outcome"
            defaultValue=""
            required
            aria-invalid={Boolean(errors.outcome)}
            aria-describedby={`${prefix}-outcome-error`}
          >
            <option value="">Choose…</option>
            {CONTACT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {CONTACT_OUTCOME_LABELS[o]}
              </option>
            ))}
          </select>
          <p id={`${prefix}-outcome-error`} className="error">
            {errors.outcome}
          </p>
          <label htmlFor={`${prefix}-agent`}>Recovery agent (only if an agency made the contact)</label>
          <input id={`${prefix}-agent`} name="agentName" maxLength={100} aria-invalid={Boolean(errors.agentName)} aria-describedby={`${prefix}-agent-error`} />
          <label htmlFor={`${prefix}-agency`}>Agency</label>
          <input
            id={`${prefix}-agency`}
            name="agencyName"
            maxLength={100}
            aria-invalid={Boolean(errors.agentName)}
            aria-describedby={`${prefix}-agent-error`}
          />
          <p id={`${prefix}-agent-error`} className="error">
            {errors.agentName}
          </p>
          <label htmlFor={`${prefix}-note`}>Note</label>
          <textarea
            id={`${prefix}-note`}
            name="note"
            rows={3}
            maxLength={1000}
            required
            aria-invalid={Boolean(errors.note)}
            aria-describedby={`${prefix}-note-error`}
          />
          <p id={`${prefix}-note-error`} className="error">
            {errors.note}
          </p>
          <button type="submit" disabled={busy}>
            Add note
          </button>
        </Form>
      ) : null}
    </details>
  );
}

/** Issue 34: how the latest dues notices reached the customer (WhatsApp or SMS, and how far each got). */
function DuesMessages({ messages }: { messages: CustomerMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="dues-messages">
      {messages.map((m, i) => (
        <li key={`${m.at}-${i}`}>
          {messageKindLabel(m.kind)}, {when(m.at)}: {messageOutcomeText(m)}
        </li>
      ))}
    </ul>
  );
}

export default function CollectionsPage() {
  const { rows, today, withinContactHours, canContact, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Collections</h1>
      <p>
        Open loans due today or overdue{today ? ` (today is ${today})` : ""}, most days past due first. Contact customers only between 08:00 and 19:00 India
        time: the server refuses to record a contact outside those hours.
        {withinContactHours ? "" : " It is outside those hours now."}
      </p>
      <ActionNotices result={result} failure={failure} />
      <AdminTable caption={`Due and overdue loans (${rows.length})`}>
        <thead>
          <tr>
            <th scope="col">Loan</th>
            <th scope="col">Customer</th>
            <th scope="col">Repayment date</th>
            <th scope="col">Days past due</th>
            <th scope="col">Class</th>
            <th scope="col">Amount due</th>
            <th scope="col">Penal charges</th>
            <th scope="col">AutoPay</th>
            <th scope="col">Reminders sent</th>
            <th scope="col">Contact log</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.leadId}>
              <td data-label="Loan">
                {row.loanNo}
                <br />
                <LeadSourceTag source={row.source} />
              </td>
              <td data-label="Customer">
                {row.customerName || "—"}
                <br />
                {row.mobile}
                {row.collectionGrievance ? (
                  <strong className="flag">
                    <br />
                    Open complaint about collection: {row.collectionGrievance.reference}
                  </strong>
                ) : null}
              </td>
              <td data-label="Repayment date">{row.repaymentDate}</td>
              <td data-label="Days past due">{row.daysPastDue}</td>
              <td data-label="Class">{ASSET_CLASS_LABELS[row.assetClass]}</td>
              <td data-label="Amount due">{rupees(row.totalDuePaise)}</td>
              <td data-label="Penal charges">{rupees(row.penalPaise)}</td>
              <td data-label="AutoPay">{staffAutopayText(row.autopay)}</td>
              <td data-label="Reminders sent">
                {row.remindersSent.length ? row.remindersSent.map((k) => REMINDER_LABELS[k] ?? k).join(", ") : "none"}
                <DuesMessages messages={row.duesMessages ?? []} />
              </td>
              <td data-label="Contact log">
                <ContactLog
                  row={row}
                  canContact={canContact}
                  busy={busy}
                  acted={result?.leadId === row.leadId}
                  errors={result?.leadId === row.leadId ? (result.failure?.errors ?? {}) : {}}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
