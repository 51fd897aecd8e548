import { Form, Link } from "react-router";
import type { CreditQueue, CreditQueueItem } from "../../core/admin/credit-desk.ts";
import { LEAD_SOURCE_FILTER_LABELS, LEAD_SOURCE_FILTERS, type LeadSourceFilter } from "../../core/admin/lead-source.ts";
import { LeadSourceTag } from "./admin/lead-source.tsx";
import { rupees, waitedText } from "../lib/credit-admin.ts";
import { AdminPager } from "./admin-pager.tsx";
import { formatDateTime, formatPhone } from "../../core/format.ts";

/**
 * Search and a table of leads, each linking to its review page; `actions` adds a cell per row. On a phone
 * each row is a card (the Staff list's layout), so the amount and the action stay on screen.
 * `showNet` adds what the customer will receive beside the sanctioned amount (the Disbursal desk).
 * Issue 32: each row says its source (ONDC with the buyer app, or Website), and the search filters by it.
 */
export function CreditQueueTable({
  queue,
  caption,
  order,
  search,
  source = "all",
  actions,
  showNet = false,
}: {
  queue: CreditQueue;
  caption: string;
  order: "oldest" | "newest";
  search: string;
  source?: LeadSourceFilter;
  actions?: (item: CreditQueueItem) => React.ReactNode;
  showNet?: boolean;
}) {
  const params = new URLSearchParams({ order, ...(search ? { q: search } : {}), ...(source !== "all" ? { source } : {}) });
  return (
    <>
      <Form method="get" className="admin-inline" role="search" aria-label={`Search ${caption.toLowerCase()}`}>
        <div>
          <label htmlFor="q">Loan number, mobile or PAN</label>
          <input id="q" name="q" defaultValue={search} maxLength={40} autoComplete="off" />
        </div>
        <div>
          <label htmlFor="source">Source</label>
          <select id="source" name="source" defaultValue={source}>
            {LEAD_SOURCE_FILTERS.map((s) => (
              <option key={s} value={s}>
                {LEAD_SOURCE_FILTER_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <input type="hidden" name="order" value={order} />
        <div>
          <button type="submit">Search</button>
        </div>
      </Form>
      <AdminPager page={queue.page} pageSize={queue.pageSize} total={queue.total} order={order} search={params} />
      {queue.items.length === 0 ? (
        <p>{search || source !== "all" ? "No application matches this search." : "Nothing is waiting here."}</p>
      ) : (
        // A labelled region reachable by keyboard, so a table wider than a phone can be scrolled without a mouse.
        <div className="admin-table-wrap admin-cards" role="region" aria-label={caption} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Customer</th>
                <th scope="col">Source</th>
                <th scope="col">{showNet ? "Sanctioned" : "Amount"}</th>
                {showNet ? <th scope="col">Net to be paid</th> : null}
                <th scope="col">Waiting</th>
                {actions ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {queue.items.map((item) => (
                <tr key={item.leadId}>
                  <td data-label="Application">
                    <Link to={`/admin/credit/${item.leadId}`}>{item.loanNo ?? item.proposalNumber ?? item.leadId.slice(0, 8)}</Link>
                    <br />
                    {item.status}
                    {item.recommendation ? (
                      <>
                        <br />
                        Recommended: {item.recommendation === "SANCTION" ? "sanction" : "reject"}
                      </>
                    ) : null}
                    {item.requotePending ? (
                      <>
                        <br />
                        Waiting for a fresh quote
                      </>
                    ) : null}
                  </td>
                  <td data-label="Customer">
                    {item.customerName || "—"}
                    <br />
                    {formatPhone(item.mobile)}
                    {item.pan ? (
                      <>
                        <br />
                        {item.pan}
                      </>
                    ) : null}
                  </td>
                  <td data-label="Source">
                    <LeadSourceTag source={item.source} />
                  </td>
                  <td data-label={showNet ? "Sanctioned" : "Amount"}>{rupees(item.amount)}</td>
                  {showNet ? <td data-label="Net to be paid">{rupees(item.netDisbursal)}</td> : null}
                  <td data-label="Waiting">
                    {waitedText(item.waitedMinutes)}
                    <br />
                    <small>since {formatDateTime(item.waitingSince)}</small>
                  </td>
                  {actions ? <td data-label="Action">{actions(item)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
