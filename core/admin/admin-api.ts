// What the /admin screens may ask of the server. The server builds it per request with the signed-in
// staff member bound in (server/http/admin-gateway.ts); every method checks the role on the server.
import type { DataRequestDesk } from "./data-request-desk.ts";
import type { CollectionsDesk } from "./collections-desk.ts";
import type { StaffPrincipal, StaffRole } from "../staff.ts";
import type { BlogPostInput } from "../validation/blog.ts";
import type { BankTransferDesk } from "./bank-transfer-desk.ts";
import type { JournalDesk } from "./journal-desk.ts";
import type { RefundDesk } from "./refund-desk.ts";
import type { CreditDesk, DisbursalDesk } from "./credit-desk.ts";
import type { ReconciliationDesk } from "./reconciliation-desk.ts";
import type { BankStatementDesk } from "./bank-statement-desk.ts";
import type { PortfolioDesk } from "./portfolio-desk.ts";
import type { BureauDesk } from "./bureau-desk.ts";
import type { CkycDeskApi } from "./ckyc-desk.ts";
import type { OndcDeskApi } from "./ondc-desk.ts";
import type { BuyerAppFeeDesk } from "./buyer-app-fee-desk.ts";
import type { GrievanceDesk } from "./grievance-desk.ts";
import type { BooksDesk } from "./books-desk.ts";
import type { WriteOffDesk } from "./write-off-desk.ts";
import type { CustomerMessage } from "./customer-messages.ts";
import type { VideoKycDesk } from "./video-kyc-desk.ts";

export type SortOrder = "newest" | "oldest";
export interface Paged {
  page?: number;
  order?: SortOrder;
}

export interface StaffSummary {
  id: string;
  email: string;
  role: StaffRole;
  status: "enrolling" | "active" | "locked" | "disabled";
  createdAt: string;
}

/** The blog form's fields: the shape of the rules in core/validation/blog.ts. */
export type BlogPostForm = BlogPostInput;

export interface BlogDeskRow {
  slug: string;
  title: string;
  publish_date: string;
  category_name: string;
  updated_at: string;
}

export interface EnquiryRow {
  id: string;
  name: string;
  mobile: string;
  email: string;
  city: string | null;
  message: string;
  createdAt: string;
  handledAt: string | null;
}

export interface AuditRowView {
  seq: number;
  at: string;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  hash: string;
}

export interface AuditQuery extends Paged {
  actor?: string;
  action?: string;
  targetKind?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** Sign-in, enrolment and sign-out: open to anyone on /admin; they set or clear the staff cookies. */
export interface StaffSessionDesk {
  signInPassword(input: { email: string; password: string }): Promise<void>;
  /** True when a password step is waiting for its code (the pending cookie is valid). */
  pendingCode(): boolean;
  signInCode(code: string): Promise<void>;
  signOut(): Promise<void>;
  enrolment(token: string): Promise<{ email: string; secret: string; otpauthUri: string; qrDataUri: string }>;
  completeEnrolment(token: string, input: { password: string; code: string }): Promise<{ email: string }>;
}

export interface StaffDesk {
  list(query: Paged): Promise<{ staff: StaffSummary[]; total: number; page: number; pageSize: number }>;
  create(input: { email: string; role: string }): Promise<{ email: string; role: StaffRole; enrolmentPath: string }>;
  reissueEnrolment(staffId: string): Promise<{ enrolmentPath: string }>;
  changeRole(input: { staffId: string; role: string }): Promise<void>;
  setDisabled(input: { staffId: string; disabled: boolean }): Promise<void>;
}

export interface BlogDesk {
  list(query: Paged): Promise<{ posts: BlogDeskRow[]; total: number; page: number; pageSize: number }>;
  get(slug: string): Promise<BlogPostForm | null>;
  /** Markdown (HTML of the allow-list passes through) to sanitized HTML, without saving. */
  preview(markdown: string): Promise<string>;
  save(input: BlogPostForm): Promise<{ slug: string }>;
}

export interface EnquiryDesk {
  list(query: Paged & { show?: "open" | "handled" | "all" }): Promise<{ enquiries: EnquiryRow[]; total: number; page: number; pageSize: number }>;
  setHandled(input: { id: string; handled: boolean }): Promise<void>;
}

export interface AuditDesk {
  list(query: AuditQuery): Promise<{ rows: AuditRowView[]; total: number; page: number; pageSize: number }>;
}

export interface AdminApi {
  /** The signed-in staff member, or null (no staff session, or it expired). */
  staff: StaffPrincipal | null;
  session: StaffSessionDesk;
  staffDesk: StaffDesk;
  blog: BlogDesk;
  enquiries: EnquiryDesk;
  audit: AuditDesk;
  credit: CreditDesk;
  disbursal: DisbursalDesk;
  bankTransfers: BankTransferDesk;
  /** Decision 44: manual journals with four eyes, and period close. */
  journals: JournalDesk;
  refunds: RefundDesk;
  collections: CollectionsDesk;
  reconciliation: ReconciliationDesk;
  bankStatement: BankStatementDesk;
  portfolio: PortfolioDesk;
  /** Decision 44: write-off of an NPA, on the portfolio page. */
  writeOffs: WriteOffDesk;
  /** Issue 22: the fortnightly credit-bureau files and their submissions. */
  bureau: BureauDesk;
  grievances: GrievanceDesk;
  dataRequests: DataRequestDesk;
  /** Issue 29: the accountant's desk (trial balance, general ledger, day book, Tally file, a loan's account). */
  books: BooksDesk;
  /** Issue 34: the messages a loan's customer was sent, by channel, with how far each got. */
  customerMessages: { ofLoan(leadId: string): Promise<CustomerMessage[]> };
  /** Issue 33: video KYC calls, their decisions and the concurrent audit. */
  videoKyc: VideoKycDesk;
  /** Issue 33: each customer's KYC record uploads to CKYCR, rejections corrected and sent again. */
  ckyc: CkycDeskApi;
  /** Issue 32: ONDC transactions and every message in and out, with its signature result. */
  ondc: OndcDeskApi;
  /** Issue 32, point 9: what each ONDC buyer app is owed in finder fees, and its settlements. */
  buyerAppFees: BuyerAppFeeDesk;
}

/** How a desk's refusal reaches a screen: the server's message, and field errors when there are any. */
export interface AdminFailure {
  kind: string;
  message: string;
  errors?: Record<string, string>;
}
