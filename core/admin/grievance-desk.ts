// What the grievance desk (/admin/grievances, issue 22) may ask of the server: open complaints by age,
// one complaint with its history, replies, resolution and closing. Grievance officers and admins act;
// auditors read. Personal data is masked.
import type { GrievanceCategory, GrievanceStatus } from "../grievances.ts";

export interface GrievanceRow {
  id: string;
  reference: string;
  category: GrievanceCategory;
  status: GrievanceStatus;
  loanNo: string | null;
  /** "Ravi K." style: the first name and the initial of the last. */
  name: string;
  raisedAt: string;
  ageDays: number;
  escalated: boolean;
  ombudsmanNoticeSent: boolean;
  replies: number;
}

export interface GrievanceEventView {
  kind: "reply" | "escalated" | "ombudsman_notice" | "resolved" | "closed";
  body: string | null;
  at: string;
}

export interface GrievanceDetail extends GrievanceRow {
  description: string;
  source: "dashboard" | "public";
  /** Masked: XXXXXX1234 and r***@example.com. */
  mobile: string | null;
  email: string | null;
  attachment: { contentType: string; bytes: number } | null;
  events: GrievanceEventView[];
}

export interface GrievanceDesk {
  /** Unresolved (open or escalated) complaints, oldest first; `all` adds resolved and closed ones. */
  list(query: { show?: "open" | "all"; page?: number; order?: "oldest" | "newest" }): Promise<{
    rows: GrievanceRow[];
    today: string;
    escalationDays: number;
    ombudsmanDays: number;
    total: number;
    page: number;
    pageSize: number;
    order: "oldest" | "newest";
  }>;
  /** One complaint and its history (audited: it shows the customer's words). */
  detail(id: string): Promise<GrievanceDetail>;
  /** The attachment's bytes (audited). */
  attachment(id: string): Promise<{ bytes: Uint8Array; contentType: string; fileName: string }>;
  /** A reply the customer sees on the dashboard and receives by e-mail (and an SMS pointing to it). */
  reply(input: { id: string; body: string }): Promise<void>;
  /** Resolve with a final reply to the customer. */
  resolve(input: { id: string; body: string }): Promise<void>;
  /** Send an open complaint to the nodal officer before the deadline. */
  escalate(input: { id: string }): Promise<void>;
  /** Close a resolved complaint. */
  close(input: { id: string }): Promise<void>;
}
