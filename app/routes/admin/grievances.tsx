// The grievance desk (issue 22): unresolved complaints, oldest first, with their age against the
// configured escalation and ombudsman days. Grievance officers and admins answer; auditors read.
import { Link, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/grievances.ts";
import type { GrievanceRow } from "../../../core/admin/grievance-desk.ts";
import { formatDateTime } from "../../../core/format.ts";
import { GRIEVANCE_CATEGORY_LABELS, GRIEVANCE_STATUS_LABELS } from "../../../core/grievances.ts";
import { AdminPager } from "../../components/admin-pager.tsx";
import { AdminTable } from "../../components/admin-table.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "Grievances | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const url = new URL(request.url);
  const show = url.searchParams.get("show") === "all" ? ("all" as const) : ("open" as const);
  // Oldest first unless asked: the desk works to deadlines.
  const order = url.searchParams.get("order") === "newest" ? ("newest" as const) : ("oldest" as const);
  const page = Number(url.searchParams.get("page") ?? "1");
  try {
    return { ...(await admin.grievances.list({ show, page, order })), show, failure: null };
  } catch (error) {
    return refusal(error, { rows: [] as GrievanceRow[], today: "", escalationDays: 0, ombudsmanDays: 0, total: 0, page: 1, pageSize: 1, order, show });
  }
}

export default function Grievances() {
  const { rows, today, escalationDays, ombudsmanDays, show, failure, total, page, pageSize, order } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (failure)
    return (
      <p className="error" role="alert">
        {failure.message}
      </p>
    );
  return (
    <>
      <h1>Grievances</h1>
      <p>
        {show === "open" ? "Unresolved complaints" : "Every complaint"}, {order === "oldest" ? "oldest" : "newest"} first (today is {today}). A complaint
        unresolved after {escalationDays} days goes to the Principal Nodal Officer; after {ombudsmanDays} days the customer is told they may go to the RBI
        Integrated Ombudsman.
      </p>
      <p>
        Show: {show === "open" ? <strong>unresolved</strong> : <Link to="?show=open">unresolved</Link>}{" "}
        {show === "all" ? <strong>all</strong> : <Link to="?show=all">all</Link>}
      </p>
      <AdminPager page={page} pageSize={pageSize} total={total} order={order} search={new URLSearchParams(search)} />
      <AdminTable caption={`Complaints (${total}), page ${page}`}>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Age</th>
            <th scope="col">About</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col">Replies</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((g) => (
            <tr key={g.id}>
              <td data-label="Reference">
                <Link to={`/admin/grievances/${g.id}`}>{g.reference}</Link>
              </td>
              <td data-label="Age">
                {g.ageDays === 1 ? "1 day" : `${g.ageDays} days`}
                <br />
                <span className="hint">raised {formatDateTime(g.raisedAt)}</span>
              </td>
              <td data-label="About">{GRIEVANCE_CATEGORY_LABELS[g.category]}</td>
              <td data-label="Customer">
                {g.name}
                {g.loanNo ? (
                  <>
                    <br />
                    {g.loanNo}
                  </>
                ) : null}
              </td>
              <td data-label="Status">
                {GRIEVANCE_STATUS_LABELS[g.status]}
                {g.ombudsmanNoticeSent ? (
                  <>
                    <br />
                    <strong>Ombudsman notice sent</strong>
                  </>
                ) : null}
              </td>
              <td data-label="Replies">{g.replies}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
