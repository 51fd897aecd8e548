// The route table mirrors spec section 2.
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("apply-now", "routes/public/apply-now.tsx"),
  route("my-dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("pan-details", "routes/dashboard/pan-details.tsx"),
    route("captur-personal-information", "routes/dashboard/personal-information.tsx"),
    route("captur-address", "routes/dashboard/address.tsx"),
    route("captur-income-details", "routes/dashboard/income-details.tsx"),
    route("upload-picture", "routes/dashboard/upload-picture.tsx"),
    route("profile-preview", "routes/dashboard/profile-preview.tsx"),
    route("eligibility", "routes/dashboard/eligibility.tsx"),
    route("lead-preview", "routes/dashboard/lead-preview.tsx"),
    route("calculate-loan", "routes/dashboard/calculate-loan.tsx"),
    route("about-your-company", "routes/dashboard/about-your-company.tsx"),
    route("leads", "routes/dashboard/leads.tsx"),
    route("details", "routes/dashboard/details.tsx"),
    route("congratulations", "routes/dashboard/congratulations.tsx"),
    route("bank-detail", "routes/dashboard/bank-detail.tsx"),
  ]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
