import { Link, useParams } from "react-router";
import type { Route } from "./+types/loan-documents.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import { kfsDownloadUrl } from "../../lib/loan-history.ts";

export const meta: Route.MetaFunction = () => [{ title: "Your loan documents | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/**
 * Where the SMS and e-mail sent after signing point (regulatory.md: a copy of the KFS and of the signed
 * agreement). The dashboard asks for a session; the downloads serve a document only to its owner.
 */
export default function LoanDocuments() {
  const { leadId = "" } = useParams();
  const id = encodeURIComponent(leadId);
  return (
    <section className="card congrats" aria-labelledby="loan-documents-title">
      <h1 id="loan-documents-title">Your loan documents</h1>
      <p>Your copies of the Key Fact Statement and of the loan agreement you signed. They open only for you, signed in with your mobile number.</p>
      <ul className="home-actions" style={{ justifyContent: "center", listStyle: "none", padding: 0 }}>
        <li>
          <a className="btn btn-primary" href={kfsDownloadUrl(leadId)} download>
            Download Key Fact Statement
          </a>
        </li>
        <li>
          <a className="btn btn-secondary" href={`${apiPath("getSignedAgreement")}?lead_id=${id}`} download>
            Download signed agreement
          </a>
        </li>
      </ul>
      <p>
        <Link to="/my-dashboard/leads">Loan History</Link>
      </p>
    </section>
  );
}
