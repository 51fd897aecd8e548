import { Form, NavLink, Outlet, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/layout.ts";
import { ADMIN_NAV, STAFF_ROLE_LABELS } from "../../../core/staff.ts";
import { adminApi, requireStaff } from "../../lib/admin.ts";
import adminCss from "../../styles/admin.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
export const meta: Route.MetaFunction = () => [{ title: "Back office | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** Every screen under /admin needs a staff session; the nav shows what the role may open. */
export function loader({ context }: Route.LoaderArgs) {
  const { staff } = requireStaff(context);
  return {
    staff: { email: staff.email, role: staff.role, roleLabel: STAFF_ROLE_LABELS[staff.role] },
    nav: ADMIN_NAV.filter((item) => item.roles.includes(staff.role)),
  };
}

/** POST /admin with intent=sign-out. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "sign-out") await adminApi(context).session.signOut();
  return redirect("/admin/sign-in");
}

export default function AdminLayout() {
  const { staff, nav } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <a href="#admin-main" className="visually-hidden-focusable">
        Skip to content
      </a>
      <header className="admin-header">
        <strong>SalaryOnTime back office</strong>
        <nav className="admin-nav" aria-label="Back office">
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/admin"}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/admin">
          <span>
            {staff.email} ({staff.roleLabel})
          </span>{" "}
          <button type="submit" name="intent" value="sign-out" className="secondary" style={{ color: "#0b4f9c" }}>
            Sign out
          </button>
        </Form>
      </header>
      <main id="admin-main" className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
