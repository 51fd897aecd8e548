// A lead's uploaded documents in the back office (English only), each opened with a reason: the credit
// review and the loan account list them alike.
import { formatDateTime } from "../../../core/format.ts";

type LeadDocument = { id: string; kind: string; contentType: string; size: number; createdAt: string };

export function LeadDocuments({ leadId, documents, empty }: { leadId: string; documents: LeadDocument[]; empty: string }) {
  if (!documents.length) return <p>{empty}</p>;
  return (
    <ul>
      {documents.map((d) => (
        <li key={d.id}>
          {d.kind.replace(/_/g, " ")}: {d.contentType}, {Math.ceil(d.size / 1024)} KB, {formatDateTime(d.createdAt, "—")}
          <details className="credit-reveal">
            <summary>Open {d.kind.replace(/_/g, " ")}</summary>
            {/* A plain form post (not the router's): the answer is the file itself, as a download; the reason is audited. */}
            <form method="post" action={`/admin/credit/${encodeURIComponent(leadId)}/documents/${encodeURIComponent(d.id)}`} className="admin-inline">
              <div>
                <label htmlFor={`doc-reason-${d.id}`}>Reason for opening this document</label>
                <input id={`doc-reason-${d.id}`} name="reason" required minLength={5} maxLength={200} />
              </div>
              <div>
                <button type="submit" className="secondary">
                  Download
                </button>
              </div>
            </form>
          </details>
        </li>
      ))}
    </ul>
  );
}
