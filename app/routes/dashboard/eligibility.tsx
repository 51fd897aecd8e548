import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/eligibility.ts";
import { JourneyHome } from "../../components/dashboard/journey-home.tsx";
import { readState } from "../../lib/session-state.ts";

export const meta: Route.MetaFunction = () => [{ title: "My Loan Application | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** Guarded (spec section 2): without stored eligibility 1 the visitor goes to /my-dashboard. */
export default function Eligibility() {
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (readState("eligibility") === "1") setAllowed(true);
    else navigate("/my-dashboard", { replace: true });
  }, [navigate]);
  return allowed ? <JourneyHome /> : <p className="loading" role="status">Loading…</p>;
}
