// The dashboard data of spec section 3, fetched from the browser and mirrored into sessionStorage.
import { useCallback, useEffect, useState } from "react";
import { apiPath } from "../../core/contract/paths.ts";
import type { ApiReply } from "../../core/contract/index.ts";
import { api, errorText, postJson, type Envelope } from "./api.ts";
import { writeState } from "./session-state.ts";

export { JOURNEY_CONTROLLER as CONTROLLER } from "../../core/contract/paths.ts";

/** The answers' Data, inferred from the contract's reply schemas (core/contract/replies.ts). */
export type DashboardData = ApiReply<"getDashboardData">;
export type ProfileDetails = DashboardData["profile_details"];
export type BankingData = ApiReply<"getBankingDetails">;
export type PincodeInfo = Extract<ApiReply<"masterAPI">, { state_name: string }>;

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
  const reply = await api("getDashboardData", {});
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

export function lookupPincode(pincode: string) {
  return postJson<PincodeInfo>(apiPath("masterAPI"), { type: "pincode", pincode });
}
