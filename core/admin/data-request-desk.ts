// What the data requests screen (issue 23) may ask of the server: the queue of correction and erasure
// requests with their due dates, handled by the data protection officer; the auditor reads it.
import type { IsoDate } from "../calendar.ts";
import type { RightsRequestKind, RightsRequestStatus } from "../data-rights/index.ts";

/** A correction or erasure request, as the customer and the desk both see it. */
export interface RightsRequestView {
  id: string;
  kind: RightsRequestKind;
  details: string | null;
  status: RightsRequestStatus;
  requestedOn: IsoDate;
  dueOn: IsoDate;
  handledOn: IsoDate | null;
  outcome: string | null;
  recordsKeptUntil: IsoDate | null;
}

export interface DataRequestRow extends RightsRequestView {
  /** The customer, masked for staff: "mobile XXXXXX1234". */
  customer: string;
  late: boolean;
}

export interface DataRequestDesk {
  list(query: { show?: "open" | "all"; page?: number }): Promise<{ rows: DataRequestRow[]; total: number; page: number; pageSize: number }>;
  complete(input: { id?: unknown; outcome?: unknown }): Promise<unknown>;
  reject(input: { id?: unknown; reason?: unknown }): Promise<unknown>;
}
