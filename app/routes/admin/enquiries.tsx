import { Form, Link, data, useLoaderData } from "react-router";
import type { Route } from "./+types/enquiries.ts";
import { AdminPager } from "../../components/admin-pager.tsx";
import { AdminTable } from "../../components/admin-table.tsx";
import { PageRefusal } from "../../components/admin/admin-notices.tsx";
import { adminFailure, pageParams, refusal, requireStaff } from "../../lib/admin.ts";
import { formatDateTime, formatPhone } from "../../../core/format.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page, order, url } = pageParams(request);
  const show = url.searchParams.get("show") === "handled" ? "handled" : url.searchParams.get("show") === "all" ? "all" : "open";
  try {
    return {
      list: await admin.enquiries.list({ page, order, show }),
      show,
      order,
      search: url.searchParams.toString(),
      canEdit: staff.role === "admin",
      failure: null,
    };
  } catch (error) {
    return data({ list: null, show, order, search: "", canEdit: false, failure: adminFailure(error) }, { status: 403 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  try {
    await admin.enquiries.setHandled({ id: String(form.get("id") ?? ""), handled: form.get("handled") === "1" });
    return { failure: null };
  } catch (error) {
    return refusal(error, {});
  }
}

export default function Enquiries() {
  const { list, show, order, search, canEdit, failure } = useLoaderData<typeof loader>();
  if (!list) return <PageRefusal failure={failure} />;
  return (
    <>
      <h1>Enquiries</h1>
      <p>
        Show:{" "}
        {(["open", "handled", "all"] as const).map((s) => (
          <span key={s}>{s === show ? <strong>{s}</strong> : <Link to={`?show=${s}&order=${order}`}>{s}</Link>} </span>
        ))}
      </p>
      <AdminPager page={list.page} pageSize={list.pageSize} total={list.total} order={order} search={new URLSearchParams(search)} />
      <AdminTable caption="Enquiries from the contact page">
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">From</th>
            <th scope="col">Message</th>
            <th scope="col">Handled</th>
          </tr>
        </thead>
        <tbody>
          {list.enquiries.map((e) => (
            <tr key={e.id}>
              <td data-label="Received">{formatDateTime(e.createdAt)}</td>
              <td data-label="From">
                {e.name}
                <br />
                {formatPhone(e.mobile)}
                <br />
                {e.email}
                {e.city ? (
                  <>
                    <br />
                    {e.city}
                  </>
                ) : null}
              </td>
              <td data-label="Message">{e.message}</td>
              <td data-label="Handled">
                {canEdit ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={e.id} />
                    <input type="hidden" name="handled" value={e.handledAt ? "0" : "1"} />
                    <button type="submit" className={e.handledAt ? "secondary" : undefined}>
                      {e.handledAt ? "Mark as not handled" : "Mark as handled"}
                    </button>
                  </Form>
                ) : e.handledAt ? (
                  "Yes"
                ) : (
                  "No"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
