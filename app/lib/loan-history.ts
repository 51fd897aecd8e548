// Loan History and Loan Details shapes (spec 7: getLeadList, getLeadDetail, read by the screens' loaders) and the KFS download.
import { CONTROLLER } from "./dashboard-data.ts";

export interface LeadCard {
  lead_id: string;
  loan_amount: number | null;
  offer_max_amount: number;
  status: string;
  status_label: string;
  lead_entry_date: string;
  loan_no: string | null;
  proposal_number: string | null;
  quote_decision: string | null;
}

export interface LeadDetail {
  lead_id: string;
  loan_no: string | null;
  proposal_number: string | null;
  cust_full_name: string;
  monthly_salary_amount: number;
  loan_amount: number | null;
  tenure: number | null;
  purpose: string;
  mobile: string;
  email: string;
  status: string;
  status_label: string;
  status_explanation: string;
  status_changed_at: string;
  pancard: string;
  m_city_name: string;
  m_state_name: string;
  lead_final_disbursed_date: string | null;
  lead_entry_date: string;
  repayment_date: string | null;
  repayment_amount: number | null;
  net_disbursal: number | null;
  apr: number | null;
  kfs_available: 0 | 1;
}

export interface CreditManager {
  name: string;
  mobile: string;
  email: string;
}

export const kfsDownloadUrl = (leadId: string) => `${CONTROLLER}/downloadKfs?lead_id=${encodeURIComponent(leadId)}`;

/** 2026-11-23T… → 23 Nov 2026 (fixed format so server and browser agree). */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${d} ${months[m - 1]} ${y}`;
}
