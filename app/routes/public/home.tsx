import { Link } from "react-router";
import type { Route } from "./+types/home.ts";

export const meta: Route.MetaFunction = () => [
  { title: "SalaryOnTime: Instant Salary-Day Loans up to ₹1 Lakh" },
  { name: "description", content: "Short-term personal loans for salaried people in India, from ₹10,000 to ₹1 lakh, paid out in about 10 minutes." },
];

export default function Home() {
  return (
    <main id="main" className="error-page">
      <h1>Instant salary-day loans up to ₹1 lakh</h1>
      <p>Money in your bank in about 10 minutes, repaid on your next salary day.</p>
      <Link className="btn btn-primary" to="/apply-now">Apply Now</Link>
    </main>
  );
}
