// The dashboard data of spec section 3, fetched from the browser and mirrored into sessionStorage.
import { useCallback, useEffect, useState } from "react";
import { postJson, errorText, type Envelope } from "./api.ts";
import { writeState } from "./session-state.ts";

export const CONTROLLER = "/Api/Website/RepeatInstantJourneyController";
export const MASTER_PATH = "/Api/MasterController/masterAPI";

export interface ProfileDetails {
  profile_id: string;
  first_name: string;
  full_name: string;
  mobile: string;
  pancard: string;
  pancard_verified_status: number;
  personal_email: string;
  dob: string;
  gender: number | null;
  marital_status_id: number | null;
  spouse_name: string;
  spouse_mobile: string;
  residence_type_id: number | null;
  residence_address_1: string;
  residence_address_2: string;
  residence_landmark: string;
  residence_pincode: string;
  residence_city: string;
  residence_state: string;
  income_type_id: number | null;
  monthly_income: number | null;
  salary_date: string;
  salary_mode: number | null;
  user_type: string;
}

export interface DashboardData {
  profile_filled_percent: number;
  application_filled_percent: number;
  is_editable: number;
  registration_successful: number;
  show_eligibility_btn: number;
  eligibility_status: number;
  profile_pic: string;
  profile_details: ProfileDetails;
  next_event_name: string;
  active_loan_details: { lead_id: string; loan_no: string | null; total_due: number | null; repayment_date: string | null } | null;
  lead_details: { lead_id: string; status: string; created_at: string; quote_decision?: string | null; proposal_number?: string | null } | null;
  excutive_details?: { name: string; mobile: string; email: string } | null;
  customer_employment_details?: Record<string, string | number> | null;
  Steps: { steps: { step_stage: string; step_complete_percent: number }; data: { user_type: string } };
}

/** Keeps the spec's sessionStorage keys in step with the server's answer. */
export function rememberDashboard(data: DashboardData) {
  const p = data.profile_details;
  writeState({
    next_step: data.next_event_name,
    eligibility: data.eligibility_status === 1 ? 1 : 0,
    fullName: p.full_name || p.first_name || null,
    selfie: data.profile_pic || null,
    pancard: p.pancard || null,
    step_percent: data.Steps.steps.step_complete_percent,
    percent: data.Steps.steps.step_complete_percent,
    edit: data.is_editable,
    cust_profile_id: p.profile_id,
    profile_id: p.profile_id,
    mobile: p.mobile,
    dashboardData: JSON.stringify(data),
  });
  // The header chip listens for this to show the latest name and photo.
  window.dispatchEvent(new Event(STATE_EVENT));
}

export const STATE_EVENT = "sot:session-state";

export async function fetchDashboard(): Promise<Envelope<DashboardData>> {
  const reply = await postJson<DashboardData>(`${CONTROLLER}/getDashboardData`, {});
  if (reply.Status === 1 && reply.Data) rememberDashboard(reply.Data);
  return reply;
}

/** Loads the dashboard data once on mount; `reload` fetches it again. */
export function useDashboardData() {
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState("");
  const reload = useCallback(async () => {
    const reply = await fetchDashboard();
    if (reply.Status === 1 && reply.Data) {
      setData(reply.Data);
      setError("");
    } else setError(errorText(reply));
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}

export interface PincodeInfo {
  pincode: string;
  city_name: string;
  state_name: string;
}

export function lookupPincode(pincode: string) {
  return postJson<PincodeInfo>(MASTER_PATH, { type: "pincode", pincode });
}
