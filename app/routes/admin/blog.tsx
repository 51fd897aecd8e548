import { Link, data, useLoaderData } from "react-router";
import type { Route } from "./+types/blog.ts";
import { AdminPager } from "../../components/admin-pager.tsx";
import { AdminTable } from "../../components/admin-table.tsx";
import { PageRefusal } from "../../components/admin/admin-notices.tsx";
import { adminFailure, pageParams, requireStaff } from "../../lib/admin.ts";
import { formatDate } from "../../../core/format.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page, order, url } = pageParams(request);
  try {
    return { list: await admin.blog.list({ page, order }), order, search: url.searchParams.toString(), canEdit: staff.role === "admin", failure: null };
  } catch (error) {
    return data({ list: null, order, search: "", canEdit: false, failure: adminFailure(error) }, { status: 403 });
  }
}

export default function BlogDesk() {
  const { list, order, search, canEdit, failure } = useLoaderData<typeof loader>();
  if (!list) return <PageRefusal failure={failure} />;
  return (
    <>
      <h1>Blog posts</h1>
      {canEdit ? (
        <p>
          <Link to="/admin/blog/new">Write a new post</Link>
        </p>
      ) : null}
      <AdminPager page={list.page} pageSize={list.pageSize} total={list.total} order={order} search={new URLSearchParams(search)} />
      <AdminTable caption="Blog posts by publish date">
        <thead>
          <tr>
            <th scope="col">Published</th>
            <th scope="col">Title</th>
            <th scope="col">Category</th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {list.posts.map((p) => (
            <tr key={p.slug}>
              <td data-label="Published">{formatDate(p.publish_date)}</td>
              <td data-label="Title">
                <Link to={`/admin/blog/${p.slug}`}>{p.title}</Link>
              </td>
              <td data-label="Category">{p.category_name}</td>
              <td data-label="Last change">{formatDate(p.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
