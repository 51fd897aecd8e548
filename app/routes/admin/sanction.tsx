// The credit head's queue: recommended applications waiting for a sanction or rejection, oldest first.
import { useLoaderData } from "react-router";
import type { Route } from "./+types/sanction.ts";
import { CreditQueueTable } from "../../components/credit-queue-table.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";
import { queueParams } from "../../lib/credit-admin.ts";

export const meta = () => [{ title: "Sanction | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const { query } = queueParams(request);
  try {
    return { source: query.source, queue: await admin.credit.sanctionQueue(query), order: query.sort, search: query.search, failure: null };
  } catch (error) {
    return refusal(error, { queue: null, order: query.sort, search: query.search, source: query.source });
  }
}

export default function SanctionQueuePage() {
  const { queue, order, search, source, failure } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Sanction</h1>
      {queue ? (
        <>
          <p>Recommended applications waiting for a credit head's decision. Open one to sanction or reject it.</p>
          <CreditQueueTable queue={queue} caption="Applications waiting for a decision" order={order} search={search} source={source} />
        </>
      ) : (
        <p className="error" role="alert">
          {failure?.message}
        </p>
      )}
    </>
  );
}
