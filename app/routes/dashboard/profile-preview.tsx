import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { EligibilityDecline } from "../../components/dashboard/eligibility-decline.tsx";
import { EligibilityAction } from "../../components/dashboard/eligibility-action.tsx";
import { ApplicationStatusCard } from "../../components/dashboard/application-status.tsx";
import { ProfileHeader } from "../../components/dashboard/profile-header.tsx";
import { LoadState } from "../../components/dashboard/step-screen.tsx";
import { useTimedAlert } from "../../components/dashboard/timed-alert.tsx";
import { GENDERS, INCOME_TYPES, MARITAL_STATUSES, RESIDENCE_TYPES, SALARY_MODES, labelKeyFor, type LabelledOption } from "../../../core/journey/index.ts";
import { formatINR, formatPhone } from "../../../core/format.ts";
import { messageCode } from "../../../core/validation/index.ts";
import type { CodedMessage } from "../../../core/i18n/index.ts";
import { useDashboardData, type DashboardData } from "../../lib/dashboard-data.ts";
import { useCodeText, useT } from "../../lib/i18n.tsx";
import { journeyMeta, useDateText } from "../../lib/journey-words.ts";

export const meta = journeyMeta("journey.profile.title");

type Row = [label: string, value: ReactNode];

function DetailCard({ id, title, rows, onEdit }: { id: string; title: string; rows: Row[]; onEdit?: () => void }) {
  const t = useT();
  return (
    <section className="card detail-card" aria-labelledby={`${id}-title`}>
      <div className="detail-card-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {onEdit ? (
          <button type="button" className="btn-link" onClick={onEdit} aria-label={t("journey.profile.editLabel", { title })}>
            {t("journey.profile.edit")}
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
  const t = useT();
  const words = useCodeText();
  const codeText = useCodeText();
  const date = useDateText();
  const label = (list: readonly LabelledOption[], id: unknown) => {
    const key = labelKeyFor(list, id as number);
    return key ? t(key) : "";
  };
  const p = data.profile_details;
  // Spec section 4: the Edit icon shows only if edit (is_editable) equals 1.
  const editable = data.is_editable === 1;
  const married = p.marital_status_id === 2;

  // The edit guards and their exact alerts (spec section 4).
  const edit = (path: string, allowed: boolean, message: string | CodedMessage) => () => {
    if (!allowed) return guard.show(codeText(message));
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
            <strong>{t("journey.profile.notEligible")}</strong> {words(failure)}
          </p>
          <p className="hint">{t("journey.profile.notEligibleHint")}</p>
        </div>
      ) : null}
      {data.show_eligibility_btn === 1 ? (
        <EligibilityAction
          userType={data.Steps.data.user_type}
          actionsClass="eligibility-bar"
          onFailure={(message) => {
            setFailure(message);
            void reload();
          }}
        />
      ) : null}
      <div className="detail-grid">
        <DetailCard
          id="basic"
          title={t("journey.profile.basic")}
          onEdit={editable ? edit("captur-personal-information", p.pancard_verified_status === 1, messageCode("panNotVerified")) : undefined}
          rows={[
            [t("journey.profile.fullName"), p.full_name],
            [t("journey.profile.gender"), label(GENDERS, p.gender)],
            [t("journey.profile.email"), p.personal_email],
            [t("journey.profile.dob"), date(p.dob)],
            [t("journey.profile.maritalStatus"), label(MARITAL_STATUSES, p.marital_status_id)],
            ...(married
              ? ([
                  [t("journey.profile.spouseName"), p.spouse_name],
                  [t("journey.profile.spouseMobile"), formatPhone(p.spouse_mobile)],
                ] as Row[])
              : []),
          ]}
        />
        <DetailCard
          id="residence"
          title={t("journey.profile.residence")}
          onEdit={editable ? edit("captur-address", !!p.personal_email, messageCode("basicDetailsNotFilled")) : undefined}
          rows={[
            [t("journey.profile.residenceType"), label(RESIDENCE_TYPES, p.residence_type_id)],
            [t("journey.profile.address"), [p.residence_address_1, p.residence_address_2].filter(Boolean).join(", ")],
            [t("journey.profile.landmark"), p.residence_landmark],
            [t("journey.profile.cityState"), [p.residence_city, p.residence_state].filter(Boolean).join(", ")],
            [t("journey.profile.pinCode"), p.residence_pincode],
          ]}
        />
        <DetailCard
          id="income"
          title={t("journey.profile.income")}
          onEdit={editable ? edit("captur-income-details", !!p.residence_pincode, messageCode("residenceAddressNotFound")) : undefined}
          rows={[
            [t("journey.profile.employmentType"), label(INCOME_TYPES, p.income_type_id)],
            [t("journey.profile.monthlyIncome"), p.monthly_income ? formatINR(p.monthly_income) : ""],
            [t("journey.profile.salaryDate"), date(p.salary_date)],
            [t("journey.profile.salaryMode"), label(SALARY_MODES, p.salary_mode)],
          ]}
        />
      </div>
    </>
  );
}

export default function ProfilePreview() {
  const { data, error, reload } = useDashboardData();
  const t = useT();
  if (error || !data) return <LoadState error={error} loading={t("journey.profile.loading")} />;
  return <Preview data={data} reload={reload} />;
}
