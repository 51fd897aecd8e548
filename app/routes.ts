// The route table mirrors spec section 2.
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("apply-now", "routes/public/apply-now.tsx"),
  route("my-dashboard", "routes/dashboard/layout.tsx", [index("routes/dashboard/home.tsx")]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
