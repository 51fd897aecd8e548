// Sanctioned loans waiting for payout, with each one's payout attempts: Disburse, Retry after a failure,
// Pay out again after the bank returned a payout, or Check with provider when it did not answer.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/disbursal.ts";
import type { PayoutAttempt } from "../../../core/admin/credit-desk.ts";
import { PAYOUT_DESK_TEXT, payoutAction } from "../../../core/admin/payout-desk.ts";
import { CreditQueueTable } from "../../components/credit-queue-table.tsx";
import { PayoutState } from "../../components/payout-state.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";
import { failed, queueParams } from "../../lib/credit-admin.ts";

export const meta = () => [{ title: "Disbursal | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { query } = queueParams(request);
  try {
    const queue = await admin.credit.disbursalQueue(query);
    // Every listed loan's attempts in one read.
    const payouts: Record<string, PayoutAttempt[]> = await admin.disbursal.payoutsOfLoans({ leadIds: queue.items.map((item) => item.leadId) });
    return { queue, payouts, canPay: staff.role === "disbursal", order: query.sort, search: query.search, source: query.source, failure: null };
  } catch (error) {
    return refusal(error, { queue: null, payouts: {}, canPay: false, order: query.sort, search: query.search, source: query.source });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  const leadId = String(form.get("leadId") ?? "");
  try {
    if (form.get("intent") === "check") {
      const checked = await admin.disbursal.check({ leadId });
      return { failure: null, message: checked.message, revealed: null };
    }
    const result = await admin.disbursal.disburse({ leadId });
    const message =
      result.status === "UNKNOWN"
        ? PAYOUT_DESK_TEXT.unknown
        : result.alreadyRequested
          ? result.status === "SUCCESS"
            ? PAYOUT_DESK_TEXT.paid
            : result.status === "FAILED"
              ? PAYOUT_DESK_TEXT.failed
              : "A payout is already in progress for this loan."
          : `Payout requested (attempt ${result.attempt}): ${result.status.toLowerCase()}.`;
    return { failure: null, message, revealed: null };
  } catch (error) {
    return failed(error);
  }
}

export default function DisbursalQueuePage() {
  const { queue, payouts, canPay, order, search, source, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Disbursal</h1>
      <ActionNotices result={result} />
      {queue ? (
        <>
          <p>Sanctioned loans waiting for payout to the customer's verified account. A paid loan leaves this list once the bank confirms it.</p>
          <CreditQueueTable
            queue={queue}
            caption="Loans waiting for payout"
            order={order}
            search={search}
            source={source}
            showNet
            actions={(item) => {
              const attempts = payouts[item.leadId] ?? [];
              const next = payoutAction(attempts.at(-1));
              return (
                <>
                  <PayoutState attempts={attempts} />
                  {canPay && next ? (
                    <Form method="post">
                      <input type="hidden" name="leadId" value={item.leadId} />
                      <input type="hidden" name="intent" value={next.intent} />
                      <button type="submit" disabled={busy} aria-label={`${next.label} ${item.proposalNumber ?? "this loan"}`}>
                        {next.label}
                      </button>
                    </Form>
                  ) : null}
                </>
              );
            }}
          />
        </>
      ) : (
        <p className="error" role="alert">
          {failure?.message}
        </p>
      )}
    </>
  );
}
