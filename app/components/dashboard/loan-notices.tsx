import { useRichT, useT } from "../../lib/i18n.tsx";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { kfsDownloadUrl } from "../../lib/loan-history.ts";

/** On the dashboard home: a declined offer is said plainly; an accepted quote offers its KFS while the journey runs (later, the status card does). */
export function LoanNotices({ data }: { data: DashboardData }) {
  const rich = useRichT();
  const t = useT();
  const lead = data.lead_details;
  if (!lead) return null;
  if (lead.status === "REJECTED" && lead.quote_decision === "DECLINED") {
    return (
      <p className="alert alert-success" role="status">
        {t("journey.msg.declinedDashboard")}
      </p>
    );
  }
  // Only a lead with a quote has a KFS (demo customers' earlier loans have none).
  if (lead.quote_decision === "ACCEPTED" && lead.status === "IN_PROCESS" && lead.proposal_number) {
    return (
      <p className="card">
        {rich("servicing.notices.kfs", {
          proposal: lead.proposal_number,
          download: (chunks) => (
            <a href={kfsDownloadUrl(lead.lead_id)} download>
              {chunks}
            </a>
          ),
        })}
      </p>
    );
  }
  return null;
}
