import { Form, data, useLoaderData } from "react-router";
import type { Route } from "./+types/audit.ts";
import { AdminPager } from "../../components/admin-pager.tsx";
import { AdminTable } from "../../components/admin-table.tsx";
import { PageRefusal } from "../../components/admin/admin-notices.tsx";
import { adminFailure, pageParams, requireStaff } from "../../lib/admin.ts";

const FILTERS = [
  ["actor", "Actor e-mail", "email"],
  ["action", "Action (e.g. blog.edit)", "text"],
  ["targetKind", "Target kind", "text"],
  ["targetId", "Target id", "text"],
  ["from", "From date", "date"],
  ["to", "To date", "date"],
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const { page, order, url } = pageParams(request);
  const q = Object.fromEntries(FILTERS.map(([name]) => [name, url.searchParams.get(name) ?? ""]));
  try {
    return { log: await admin.audit.list({ ...q, page, order }), q, order, search: url.searchParams.toString(), failure: null };
  } catch (error) {
    return data({ log: null, q, order, search: "", failure: adminFailure(error) }, { status: 403 });
  }
}

export default function AuditLog() {
  const { log, q, order, search, failure } = useLoaderData<typeof loader>();
  if (!log) return <PageRefusal failure={failure} />;
  return (
    <>
      <h1>Audit log</h1>
      <Form method="get" className="admin-card admin-inline">
        {FILTERS.map(([name, label, type]) => (
          <div key={name}>
            <label htmlFor={`f-${name}`}>{label}</label>
            <input id={`f-${name}`} name={name} type={type} defaultValue={q[name]} />
          </div>
        ))}
        <button type="submit">Filter</button>
      </Form>
      <AdminPager page={log.page} pageSize={log.pageSize} total={log.total} order={order} search={new URLSearchParams(search)} />
      <AdminTable caption="Audit log rows">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">When (UTC)</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Before → after</th>
          </tr>
        </thead>
        <tbody>
          {log.rows.map((r) => (
            <tr key={r.seq}>
              <td data-label="#">{r.seq}</td>
              <td data-label="When (UTC)">{r.at.slice(0, 19).replace("T", " ")}</td>
              <td data-label="Who">
                {r.actorEmail ?? "—"}
                {r.actorRole ? ` (${r.actorRole})` : ""}
              </td>
              <td data-label="Action">{r.action}</td>
              <td data-label="Target">{r.targetKind ? `${r.targetKind} ${r.targetId}` : "—"}</td>
              <td data-label="Before → after">
                <code>{r.before ? JSON.stringify(r.before) : "—"}</code> → <code>{r.after ? JSON.stringify(r.after) : "—"}</code>
                {r.reason ? (
                  <>
                    <br />
                    Reason: {r.reason}
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
