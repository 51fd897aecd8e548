// ONDC (issue 32): the transactions buyer apps opened with us through the protocol, newest first, each with
// its customer (masked), its last message and the callbacks the buyer app has not ACKed yet. Read only.
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/ondc.ts";
import { formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { PageRefusal } from "../../components/admin/admin-notices.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "ONDC | SalaryOnTime back office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  try {
    return { listing: await admin.ondc.list(), failure: null };
  } catch (error) {
    return refusal(error, { listing: null });
  }
}

export default function OndcPage() {
  const { listing, failure } = useLoaderData<typeof loader>();
  if (!listing) return <PageRefusal failure={failure} />;
  const { rows } = listing;
  return (
    <>
      <h1>ONDC</h1>
      <p>
        Applications that reach us through ONDC buyer apps. Each transaction lists every message the buyer app sent us, with its signature checked against the
        ONDC registry, and every answer we sent back, signed with our key, with whether the buyer app has acknowledged it. An answer not acknowledged yet is
        retried until it is. The loans themselves are on the same desks as any other, with the source ONDC.
      </p>
      <AdminTable caption={`Transactions (${rows.length})`}>
        <thead>
          <tr>
            <th scope="col">Transaction</th>
            <th scope="col">Buyer app</th>
            <th scope="col">Customer</th>
            <th scope="col">Last message</th>
            <th scope="col">Messages</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>No ONDC transactions yet.</td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.transactionId} data-testid={`ondc-${r.transactionId}`}>
                <td data-label="Transaction">
                  <Link to={`/admin/ondc/${encodeURIComponent(r.transactionId)}`} aria-label={`Open transaction ${r.transactionId}`}>
                    {r.transactionId}
                  </Link>
                  <br />
                  started {formatDateTime(r.startedAt)}
                </td>
                <td data-label="Buyer app">{r.bapId}</td>
                <td data-label="Customer">{r.customer ?? "Not named yet"}</td>
                <td data-label="Last message">
                  {r.lastAction}, {formatDateTime(r.lastAt)}
                </td>
                <td data-label="Messages">
                  {r.messages}
                  {r.unsent ? <strong> ({r.unsent} not acknowledged)</strong> : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </AdminTable>
    </>
  );
}
