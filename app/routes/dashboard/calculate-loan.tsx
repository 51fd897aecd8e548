import type { Route } from "./+types/calculate-loan.ts";

export const meta: Route.MetaFunction = () => [{ title: "Calculating Loans | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** The loan quote screen. The quote itself belongs to the loan-application issue, which fills this in. */
export default function CalculateLoan() {
  return (
    <section className="card" aria-labelledby="quote-title">
      <h1 id="quote-title">Calculating Loans</h1>
      <p>You are eligible. Your loan quote is being prepared.</p>
    </section>
  );
}
