// Issue 34: the messages a loan's customer was sent (back office, English only): when, which notice, by
// which channel and how far it got, and the SMS that replaced a WhatsApp message. Never the text.
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_STATUS_LABELS,
  messageKindLabel,
  SMS_FALLBACK_LABELS,
  type CustomerMessage,
} from "../../../core/admin/customer-messages.ts";
import { formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../admin-table.tsx";

export function CustomerMessagesSection({ messages, failure }: { messages: CustomerMessage[]; failure: string | null }) {
  return (
    <section className="admin-card" aria-labelledby="sec-messages">
      <h2 id="sec-messages">Messages to the customer</h2>
      <p>
        What we sent since this application began, newest first. WhatsApp shows what Meta last reported; SMS and e-mail show that the provider took them.
        One-time codes are not listed.
      </p>
      {failure ? (
        <p className="error" role="alert">
          {failure}
        </p>
      ) : messages.length === 0 ? (
        <p>No messages sent.</p>
      ) : (
        <AdminTable caption={`Messages (${messages.length})`}>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Notice</th>
              <th scope="col">Channel</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m, i) => (
              <tr key={`${m.at}-${m.channel}-${i}`} data-testid="customer-message">
                <td data-label="Sent">{formatDateTime(m.at)}</td>
                <td data-label="Notice">{messageKindLabel(m.kind)}</td>
                <td data-label="Channel">{MESSAGE_CHANNEL_LABELS[m.channel]}</td>
                <td data-label="Status">
                  {MESSAGE_STATUS_LABELS[m.status]}
                  {m.smsFallback ? (
                    <>
                      <br />
                      {SMS_FALLBACK_LABELS[m.smsFallback]}
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}
