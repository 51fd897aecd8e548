import { Link, useParams } from "react-router";
import { apiPath } from "../../../core/contract/paths.ts";
import { kfsDownloadUrl } from "../../lib/loan-history.ts";
import { useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta = journeyMeta("journey.loanDocs.title");

/**
 * Where the SMS and e-mail sent after signing point (regulatory.md: a copy of the KFS and of the signed
 * agreement). The dashboard asks for a session; the downloads serve a document only to its owner.
 */
export default function LoanDocuments() {
  const { leadId = "" } = useParams();
  const id = encodeURIComponent(leadId);
  const t = useT();
  return (
    <section className="card congrats" aria-labelledby="loan-documents-title">
      <h1 id="loan-documents-title">{t("journey.loanDocs.heading")}</h1>
      <p>{t("journey.loanDocs.text")}</p>
      <ul className="home-actions" style={{ justifyContent: "center", listStyle: "none", padding: 0 }}>
        <li>
          <a className="btn btn-primary" href={kfsDownloadUrl(leadId)} download>
            {t("journey.loanDocs.kfs")}
          </a>
        </li>
        <li>
          <a className="btn btn-secondary" href={`${apiPath("getSignedAgreement")}?lead_id=${id}`} download>
            {t("journey.loanDocs.agreement")}
          </a>
        </li>
      </ul>
      <p>
        <Link to="/my-dashboard/leads">{t("journey.loanDocs.history")}</Link>
      </p>
    </section>
  );
}
