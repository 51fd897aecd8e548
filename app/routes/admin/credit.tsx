// The credit manager's queue: assigned SUBMITTED applications, the longest wait first.
import { useLoaderData } from "react-router";
import type { Route } from "./+types/credit.ts";
import { CreditQueueTable } from "../../components/credit-queue-table.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";
import { queueParams } from "../../lib/credit-admin.ts";

export const meta = () => [{ title: "My queue | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const { query } = queueParams(request);
  try {
    return { source: query.source, queue: await admin.credit.queue(query), order: query.sort, search: query.search, failure: null };
  } catch (error) {
    return refusal(error, { queue: null, order: query.sort, search: query.search, source: query.source });
  }
}

export default function CreditQueuePage() {
  const { queue, order, search, source, failure } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>My queue</h1>
      {queue ? (
        <>
          <p>Submitted applications assigned to you, waiting for your recommendation.</p>
          <CreditQueueTable queue={queue} caption="Applications waiting for a recommendation" order={order} search={search} source={source} />
        </>
      ) : (
        <p className="error" role="alert">
          {failure?.message}
        </p>
      )}
    </>
  );
}
