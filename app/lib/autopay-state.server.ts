// Issue 24: the mandate's state and next debit for Repayment and Loan Details, through getAutopayDetails
// (owner-checked in the service). The screens still show if this part cannot be read.
import type { RouterContextProvider } from "react-router";
import { apiPath } from "../../core/contract/paths.ts";
import type { ApiReply } from "../../core/contract/index.ts";
import type { AutopayState } from "../components/repayment/autopay-state.tsx";
import { endOnSessionLoss, requireApi } from "./dashboard.server.ts";

export async function autopayStateOf(context: Readonly<RouterContextProvider>, leadId: string): Promise<AutopayState | null> {
  if (!leadId) return null;
  const reply = endOnSessionLoss(await requireApi(context).api<ApiReply<"getAutopayDetails">>(apiPath("getAutopayDetails"), { lead_id: leadId }));
  if (reply.Status !== 1 || !reply.Data) return null;
  return { status: reply.Data.mandate?.status ?? null, nextDebitOn: reply.Data.next_debit_on ?? null };
}
