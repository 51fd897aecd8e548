import { Link } from "react-router";
import type { Route } from "./+types/thankyouvkyc.ts";

export const meta: Route.MetaFunction = () => [{ title: "Video KYC Complete | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** Video KYC thank-you (spec 2). */
export default function ThankYouVkyc() {
  return (
    <main id="main" className="error-page">
      <h1>Thank You!</h1>
      <p>Your Video KYC has been completed successfully.</p>
      <Link className="btn btn-primary" to="/">Go to Dashboard</Link>
    </main>
  );
}
