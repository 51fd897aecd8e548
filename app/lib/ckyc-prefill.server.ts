// Issue 33: the CKYC prefill for the personal-details and address screens' loaders.
import type { RouterContextProvider } from "react-router";
import { apiPath } from "../../core/contract/paths.ts";
import type { CkycPrefill } from "./ckyc-prefill.ts";
import { endOnSessionLoss, requireApi } from "./dashboard.server.ts";

/** The prefill, or nothing when the call fails: CKYC never holds up a form. */
export async function loadCkycPrefill(context: Readonly<RouterContextProvider>): Promise<CkycPrefill> {
  const reply = endOnSessionLoss(await requireApi(context).api<CkycPrefill>(apiPath("getCkycPrefill"), {}));
  return reply.Status === 1 && reply.Data ? reply.Data : {};
}
