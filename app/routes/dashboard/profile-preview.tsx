import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/profile-preview.ts";
import { EligibilityDecline } from "../../components/dashboard/eligibility-decline.tsx";
import { EligibilityAction } from "../../components/dashboard/eligibility-action.tsx";
import { ApplicationStatusCard } from "../../components/dashboard/application-status.tsx";
import { ProfileHeader } from "../../components/dashboard/profile-header.tsx";
import { useTimedAlert } from "../../components/dashboard/timed-alert.tsx";
import { GENDERS, INCOME_TYPES, MARITAL_STATUSES, RESIDENCE_TYPES, SALARY_MODES, labelFor } from "../../../core/journey/index.ts";
import { formatDate, formatINR, formatPhone } from "../../../core/format.ts";
import { MESSAGES } from "../../../core/validation/index.ts";
import { useDashboardData, type DashboardData } from "../../lib/dashboard-data.ts";

export const meta: Route.MetaFunction = () => [{ title: "My Profile | SalaryOnTime" }, { name: "robots", content: "noindex" }];

type Row = [label: string, value: ReactNode];

function DetailCard({ id, title, rows, onEdit }: { id: string; title: string; rows: Row[]; onEdit?: () => void }) {
  return (
    <section className="card detail-card" aria-labelledby={`${id}-title`}>
      <div className="detail-card-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {onEdit ? (
          <button type="button" className="btn-link" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </button>
        ) : null}
      </div>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Preview({ data, reload }: { data: DashboardData; reload: () => Promise<void> }) {
  const navigate = useNavigate();
  const guard = useTimedAlert();
  const [failure, setFailure] = useState("");
  const p = data.profile_details;
  // Spec section 4: the Edit icon shows only if edit (is_editable) equals 1.
  const editable = data.is_editable === 1;
  const married = p.marital_status_id === 2;

  // The edit guards and their exact alerts (spec section 4).
  const edit = (path: string, allowed: boolean, message: string) => () => {
    if (!allowed) return guard.show(message);
    guard.show("");
    navigate(`/my-dashboard/${path}?action=update`);
  };

  return (
    <>
      <ProfileHeader data={data} editPhoto={editable && !!data.profile_pic} />
      <ApplicationStatusCard data={data} />
      {guard.view}
      {data.eligibility_decline ? <EligibilityDecline decline={data.eligibility_decline} /> : null}
      {failure && !data.eligibility_decline ? (
        <div className="alert alert-error eligibility-failure" role="alert">
          <p>
            <strong>Not eligible right now.</strong> {failure}
          </p>
          <p className="hint">If something has changed, edit it below and check again.</p>
        </div>
      ) : null}
      {data.show_eligibility_btn === 1 ? (
        <div className="eligibility-bar">
          <EligibilityAction
            userType={data.Steps.data.user_type}
            onFailure={(message) => {
              setFailure(message);
              void reload();
            }}
          />
        </div>
      ) : null}
      <div className="detail-grid">
        <DetailCard
          id="basic"
          title="Basic Details"
          onEdit={editable ? edit("captur-personal-information", p.pancard_verified_status === 1, MESSAGES.panNotVerified) : undefined}
          rows={[
            ["Full name", p.full_name],
            ["Gender", labelFor(GENDERS, p.gender as 1 | 2)],
            ["Email", p.personal_email],
            ["Date of birth", formatDate(p.dob)],
            ["Marital status", labelFor(MARITAL_STATUSES, p.marital_status_id as 1 | 2 | 3)],
            ...(married
              ? ([
                  ["Spouse name", p.spouse_name],
                  ["Spouse mobile", formatPhone(p.spouse_mobile)],
                ] as Row[])
              : []),
          ]}
        />
        <DetailCard
          id="residence"
          title="Residence Address"
          onEdit={editable ? edit("captur-address", !!p.personal_email, MESSAGES.basicDetailsNotFilled) : undefined}
          rows={[
            ["Residence type", labelFor(RESIDENCE_TYPES, p.residence_type_id as 1 | 2)],
            ["Address", [p.residence_address_1, p.residence_address_2].filter(Boolean).join(", ")],
            ["Landmark", p.residence_landmark],
            ["City and state", [p.residence_city, p.residence_state].filter(Boolean).join(", ")],
            ["Pin code", p.residence_pincode],
          ]}
        />
        <DetailCard
          id="income"
          title="Income Details"
          onEdit={editable ? edit("captur-income-details", !!p.residence_pincode, MESSAGES.residenceAddressNotFound) : undefined}
          rows={[
            ["Employment type", labelFor(INCOME_TYPES, p.income_type_id as 1 | 2)],
            ["Monthly income", p.monthly_income ? formatINR(p.monthly_income) : ""],
            ["Last salary date", formatDate(p.salary_date)],
            ["Salary mode", labelFor(SALARY_MODES, p.salary_mode as 1 | 2 | 3)],
          ]}
        />
      </div>
    </>
  );
}

export default function ProfilePreview() {
  const { data, error, reload } = useDashboardData();
  if (error)
    return (
      <p className="alert alert-error" role="alert">
        {error}
      </p>
    );
  if (!data)
    return (
      <p className="loading" role="status">
        Loading your profile…
      </p>
    );
  return <Preview data={data} reload={reload} />;
}
