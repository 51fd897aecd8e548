import { Link } from "react-router";
import { formatINR, formatPhone } from "../../../core/format.ts";
import type { Translate } from "../../../core/i18n/index.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { useT } from "../../lib/i18n.tsx";
import { stageKey } from "./application-status.tsx";

/** The header's one line: the application's state once there is one, else the repeat-or-new message. */
function welcome(data: DashboardData, t: Translate) {
  const userType = data.Steps.data.user_type;
  const lead = data.lead_details;
  // A repeat customer with a loan to repay is told that first (spec 2's repeat-or-new message).
  if (userType === "UNPAID-REPEAT") return t("journey.header.unpaidRepeat");
  if (lead && !["in_process", "closed", "declined"].includes(lead.application_stage))
    return `${t("journey.header.application", { stage: t(stageKey(lead.application_stage)) })} ${lead.next_when ? `${lead.next_when}.` : ""}`.trim();
  if (lead?.application_stage === "in_process" && data.eligibility_status === 1) return t("journey.header.eligible");
  if (userType === "REPEAT") return t("journey.header.repeat");
  return t("journey.header.new");
}

/** The profile preview's header card: photo, name, masked PAN, mobile, outstanding amount, repeat-or-new message. */
export function ProfileHeader({ data, editPhoto }: { data: DashboardData; editPhoto: boolean }) {
  const p = data.profile_details;
  const t = useT();
  const name = p.full_name || t("journey.header.yourProfile");
  const due = data.active_loan_details?.total_due ?? 0;
  return (
    <section className="card profile-header" aria-labelledby="profile-name">
      <div className="profile-photo">
        {data.profile_pic ? (
          <img src={data.profile_pic} alt={t("journey.header.photoOf", { name })} width="88" height="88" />
        ) : (
          <span className="profile-initial" aria-hidden="true">
            {name.charAt(0)}
          </span>
        )}
        {editPhoto ? (
          <Link to="/my-dashboard/upload-picture?action=update" className="btn-link">
            {t("journey.header.updatePhoto")}
          </Link>
        ) : null}
      </div>
      <div className="profile-facts">
        <h1 id="profile-name">{name}</h1>
        <dl className="facts">
          <div>
            <dt>{t("journey.header.pan")}</dt>
            <dd>{p.pancard || t("journey.header.panNotVerified")}</dd>
          </div>
          <div>
            <dt>{t("journey.header.mobile")}</dt>
            <dd>{formatPhone(p.mobile)}</dd>
          </div>
          <div>
            <dt>{t("journey.header.outstanding")}</dt>
            <dd>
              {data.active_loan_details ? formatINR(Number(due) || 0) : t("journey.header.nothingDue")}{" "}
              {data.active_loan_details ? (
                <Link className="btn btn-accent btn-small" to="/my-dashboard/repayment">
                  {t("journey.header.payNow")}
                </Link>
              ) : null}
            </dd>
          </div>
        </dl>
        <p className="hint" data-testid="account-summary">
          {welcome(data, t)}
        </p>
      </div>
    </section>
  );
}
