// Loan History and Loan Details shapes (spec 7: getLeadList, getLeadDetail, read by the screens' loaders) and the KFS download.
import type { ApiReply } from "../../core/contract/index.ts";
import { apiPath } from "../../core/contract/paths.ts";

/** Loan History's answers, inferred from the contract's reply schemas. */
export type LeadCard = ApiReply<"getLeadList">["lead_list"][number];
export type LeadDetail = ApiReply<"getLeadDetail">["data"][number];
export type CreditManager = ApiReply<"getLeadDetail">["collection"][number];

export const kfsDownloadUrl = (leadId: string) => `${apiPath("downloadKfs")}?lead_id=${encodeURIComponent(leadId)}`;
export const noDuesCertificateUrl = (leadId: string) => `${apiPath("getNoDuesCertificate")}?lead_id=${encodeURIComponent(leadId)}`;
export const loanStatementUrl = (leadId: string) => `${apiPath("getLoanStatement")}?lead_id=${encodeURIComponent(leadId)}`;
export const sanctionLetterUrl = (leadId: string) => `${apiPath("getSanctionLetter")}?lead_id=${encodeURIComponent(leadId)}`;

/** 2026-11-23T… → 23 Nov 2026 (fixed format so server and browser agree). */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${d} ${months[m - 1]} ${y}`;
}
