// The dashboard data of spec section 3, loaded on the server by the dashboard layout's loader.
import { useCallback } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { postJson, type Envelope } from "./api.ts";

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

/** The dashboard layout's loader data (routes/dashboard/layout.tsx); every screen reads it. */
export interface DashboardLoaderData {
  dashboard: DashboardData | null;
  error: string;
  /** A step's success message carried over its redirect, shown once as the snackbar. */
  notice: { id: string; message: string } | null;
}

export const DASHBOARD_LAYOUT_ID = "routes/dashboard/layout";

/** Asks the server again from the browser (screens that still send their step from the browser). */
export function fetchDashboard(): Promise<Envelope<DashboardData>> {
  return postJson<DashboardData>(`${CONTROLLER}/getDashboardData`, {});
}

/**
 * The dashboard data the layout's loader fetched on the server for this navigation (no fetching
 * here). `reload` runs the loaders again, e.g. after a step sent from the browser.
 */
export function useDashboardData() {
  const loaded = useRouteLoaderData<DashboardLoaderData>(DASHBOARD_LAYOUT_ID);
  const revalidator = useRevalidator();
  const reload = useCallback(async () => {
    await revalidator.revalidate();
  }, [revalidator]);
  return { data: loaded?.dashboard ?? null, error: loaded?.error ?? "", reload };
}

export interface PincodeInfo {
  pincode: string;
  city_name: string;
  state_name: string;
}

export function lookupPincode(pincode: string) {
  return postJson<PincodeInfo>(MASTER_PATH, { type: "pincode", pincode });
}
