import { Link } from "react-router";
import { formatINR, formatPhone } from "../../../core/format.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";

/** The header's one line: the application's state once there is one, else the repeat-or-new message. */
function welcome(data: DashboardData) {
  const userType = data.Steps.data.user_type;
  const lead = data.lead_details;
  // A repeat customer with a loan to repay is told that first (spec 2's repeat-or-new message).
  if (userType === "UNPAID-REPEAT") return "Welcome back! Please repay your current loan to apply for a new one.";
  if (lead && !["in_process", "closed", "declined"].includes(lead.application_stage))
    return `Your loan application: ${lead.application_stage_label}. ${lead.next_when ? `${lead.next_when}.` : ""}`.trim();
  if (lead?.application_stage === "in_process" && data.eligibility_status === 1) return "You are eligible. Continue your loan application from the dashboard.";
  if (userType === "REPEAT") return "Welcome back! As a returning customer you can apply again with Re-Loan.";
  return "Welcome! Complete your profile and check your eligibility for your first loan.";
}

/** The profile preview's header card: photo, name, masked PAN, mobile, outstanding amount, repeat-or-new message. */
export function ProfileHeader({ data, editPhoto }: { data: DashboardData; editPhoto: boolean }) {
  const p = data.profile_details;
  const name = p.full_name || "Your profile";
  const due = data.active_loan_details?.total_due ?? 0;
  return (
    <section className="card profile-header" aria-labelledby="profile-name">
      <div className="profile-photo">
        {data.profile_pic ? (
          <img src={data.profile_pic} alt={`Photo of ${name}`} width="88" height="88" />
        ) : (
          <span className="profile-initial" aria-hidden="true">
            {name.charAt(0)}
          </span>
        )}
        {editPhoto ? (
          <Link to="/my-dashboard/upload-picture?action=update" className="btn-link">
            Update photo
          </Link>
        ) : null}
      </div>
      <div className="profile-facts">
        <h1 id="profile-name">{name}</h1>
        <dl className="facts">
          <div>
            <dt>PAN</dt>
            <dd>{p.pancard || "Not verified"}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{formatPhone(p.mobile)}</dd>
          </div>
          <div>
            <dt>Outstanding amount</dt>
            <dd>
              {data.active_loan_details ? formatINR(Number(due) || 0) : "Nothing due"}{" "}
              {data.active_loan_details ? (
                <Link className="btn btn-accent btn-small" to="/my-dashboard/repayment">
                  Pay Now
                </Link>
              ) : null}
            </dd>
          </div>
        </dl>
        <p className="hint" data-testid="account-summary">
          {welcome(data)}
        </p>
      </div>
    </section>
  );
}
