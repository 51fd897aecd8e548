import { useRouteLoaderData } from "react-router";
import type { loader } from "./layout.tsx";

export default function AdminHome() {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <section className="admin-card">
      <h1>Welcome</h1>
      <p>
        Signed in as {layout?.staff.email}, {layout?.staff.roleLabel}. Choose a desk above.
      </p>
    </section>
  );
}
