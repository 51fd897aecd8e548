// Loan History and Loan Details shapes (spec 7: getLeadList, getLeadDetail, read by the screens' loaders) and the KFS download.
import type { ApiReply } from "../../core/contract/index.ts";
import { apiPath } from "../../core/contract/paths.ts";
import { formatDate } from "../../core/format.ts";

/** Loan History's answers, inferred from the contract's reply schemas. */
export type LeadCard = ApiReply<"getLeadList">["lead_list"][number];
export type LeadDetail = ApiReply<"getLeadDetail">["data"][number];
export type CreditManager = ApiReply<"getLeadDetail">["collection"][number];

export const kfsDownloadUrl = (leadId: string) => `${apiPath("downloadKfs")}?lead_id=${encodeURIComponent(leadId)}`;
/** The signed agreement (owner only, checked by the server). */
export const signedAgreementUrl = (leadId: string) => `${apiPath("getSignedAgreement")}?lead_id=${encodeURIComponent(leadId)}`;
export const noDuesCertificateUrl = (leadId: string) => `${apiPath("getNoDuesCertificate")}?lead_id=${encodeURIComponent(leadId)}`;
export const loanStatementUrl = (leadId: string) => `${apiPath("getLoanStatement")}?lead_id=${encodeURIComponent(leadId)}`;
export const sanctionLetterUrl = (leadId: string) => `${apiPath("getSanctionLetter")}?lead_id=${encodeURIComponent(leadId)}`;

/** A day or an instant as 23 Nov 2026, on India's calendar (core/format). */
export const shortDate = (iso: string | null | undefined): string => formatDate(iso);
