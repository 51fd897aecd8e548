// The dashboard data of spec section 3, loaded on the server by the dashboard layout's loader.
import { useCallback } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { ApiReply } from "../../core/contract/index.ts";

export { JOURNEY_CONTROLLER as CONTROLLER } from "../../core/contract/paths.ts";

/** The answers' Data, inferred from the contract's reply schemas (core/contract/replies.ts). */
export type DashboardData = ApiReply<"getDashboardData">;
export type ProfileDetails = DashboardData["profile_details"];
export type BankingData = ApiReply<"getBankingDetails">;
export type PincodeInfo = Extract<ApiReply<"masterAPI">, { state_name: string }>;

/** The dashboard layout's loader data (routes/dashboard/layout.tsx); every screen reads it. */
export interface DashboardLoaderData {
  dashboard: DashboardData | null;
  error: string;
  /** A step's success message carried over its redirect, shown once as the snackbar. */
  notice: { id: string; message: string } | null;
}

export const DASHBOARD_LAYOUT_ID = "routes/dashboard/layout";

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
