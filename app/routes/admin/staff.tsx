import { Form, data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/staff.ts";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "../../../core/staff.ts";
import { AdminPager } from "../../components/admin-pager.tsx";
import { AdminTable } from "../../components/admin-table.tsx";
import { PageRefusal } from "../../components/admin/admin-notices.tsx";
import { adminFailure, pageParams, refusal, requireStaff } from "../../lib/admin.ts";
import { formatDate } from "../../../core/format.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page, order, url } = pageParams(request);
  try {
    return {
      list: await admin.staffDesk.list({ page, order }),
      order,
      search: url.searchParams.toString(),
      canEdit: staff.role === "admin",
      me: staff.staffId,
      failure: null,
    };
  } catch (error) {
    return data({ list: null, order, search: "", canEdit: false, me: staff.staffId, failure: adminFailure(error) }, { status: 403 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  const staffId = String(form.get("staffId") ?? "");
  try {
    switch (form.get("intent")) {
      case "create": {
        const made = await admin.staffDesk.create({ email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") });
        return {
          message: `Created ${made.email}. Send them this one-time enrolment link:`,
          link: new URL(made.enrolmentPath, request.url).href,
          failure: null,
          /** A new key for the form each time, so the next staff member starts from an empty e-mail. */
          created: made.enrolmentPath,
        };
      }
      case "role":
        await admin.staffDesk.changeRole({ staffId, role: String(form.get("role") ?? "") });
        return { message: "Role changed.", link: null, failure: null };
      case "disable":
      case "enable":
        await admin.staffDesk.setDisabled({ staffId, disabled: form.get("intent") === "disable" });
        return { message: "Saved.", link: null, failure: null };
      case "link": {
        const { enrolmentPath } = await admin.staffDesk.reissueEnrolment(staffId);
        return { message: "New one-time enrolment link:", link: new URL(enrolmentPath, request.url).href, failure: null };
      }
    }
    return data({ message: null, link: null, failure: { kind: "invalid-input", message: "Unknown request." } }, { status: 400 });
  } catch (error) {
    return refusal(error, { message: null, link: null });
  }
}

export default function StaffDesk() {
  const { list, order, search, canEdit, me, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!list) return <PageRefusal failure={failure} />;
  return (
    <>
      <h1>Staff</h1>
      <div role="status">
        {result?.message ? <p className="notice">{result.message}</p> : null}
        {result?.link ? (
          <p>
            <code>{result.link}</code>
          </p>
        ) : null}
        {result?.failure ? <p className="error">{result.failure.message}</p> : null}
      </div>
      {canEdit ? (
        <Form method="post" className="admin-card" key={result && "created" in result ? result.created : "new-staff"}>
          <h2>Add a staff member</h2>
          <div className="admin-inline">
            <div>
              <label htmlFor="new-email">E-mail</label>
              <input id="new-email" name="email" type="email" required />
            </div>
            <div>
              <label htmlFor="new-role">Role</label>
              <select id="new-role" name="role" defaultValue="credit_manager">
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {STAFF_ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="intent" value="create">
              Create and get link
            </button>
          </div>
        </Form>
      ) : null}
      <AdminPager page={list.page} pageSize={list.pageSize} total={list.total} order={order} search={new URLSearchParams(search)} />
      <AdminTable caption="Staff accounts">
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            {canEdit ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {list.staff.map((s) => (
            <tr key={s.id}>
              <td data-label="E-mail">{s.email}</td>
              <td data-label="Role">{STAFF_ROLE_LABELS[s.role]}</td>
              <td data-label="Status">{s.status}</td>
              <td data-label="Created">{formatDate(s.createdAt)}</td>
              {canEdit ? (
                <td data-label="Actions">
                  {s.id === me ? (
                    "You"
                  ) : (
                    <Form method="post" className="admin-inline">
                      <input type="hidden" name="staffId" value={s.id} />
                      <div>
                        <label htmlFor={`role-${s.id}`}>Role for {s.email}</label>
                        <select id={`role-${s.id}`} name="role" defaultValue={s.role}>
                          {STAFF_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {STAFF_ROLE_LABELS[r]}
                            </option>
                          ))}
                        </select>
                      </div>
                      <button type="submit" name="intent" value="role">
                        Change role
                      </button>
                      <button type="submit" name="intent" value={s.status === "disabled" ? "enable" : "disable"} className="secondary">
                        {s.status === "disabled" ? "Enable" : "Disable"}
                      </button>
                      <button type="submit" name="intent" value="link" className="secondary">
                        New enrolment link
                      </button>
                    </Form>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
