// Issue 33: the video KYC desk: the queue oldest first with each customer's waiting time (names masked),
// Take (locked to this official; a second official is told another has it), the calls this official has
// in progress, and the decided calls waiting for a second person's audit.
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/video-kyc.ts";
import type { VideoKycCallRow, VideoKycQueueRow } from "../../../core/admin/video-kyc-desk.ts";
import { formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Video KYC | SalaryOnTime back office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const canTake = staff.role === "video_kyc";
  try {
    const [queue, mine, toAudit] = await Promise.all([admin.videoKyc.queue(), canTake ? admin.videoKyc.mine() : [], admin.videoKyc.toAudit()]);
    return { queue, mine, toAudit, canTake, failure: null };
  } catch (error) {
    return refusal(error, { queue: [] as VideoKycQueueRow[], mine: [] as VideoKycCallRow[], toAudit: [] as VideoKycCallRow[], canTake: false });
  }
}

/** Take: the call is locked to this official, and its screen opens. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  if (field("intent") !== "take") return unknownIntent({ message: null });
  try {
    const taken = await admin.videoKyc.take(field("id"));
    return redirect(`/admin/video-kyc/${taken.id}`);
  } catch (error) {
    return refusal(error, { message: null });
  }
}

function Calls({ caption, rows, when }: { caption: string; rows: VideoKycCallRow[]; when: string }) {
  return (
    <AdminTable caption={`${caption} (${rows.length})`}>
      <thead>
        <tr>
          <th scope="col">Customer</th>
          <th scope="col">State</th>
          <th scope="col">{when}</th>
          <th scope="col">Open</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td data-label="Customer">{r.name}</td>
            <td data-label="State">{r.status}</td>
            <td data-label={when}>{formatDateTime(r.at)}</td>
            <td data-label="Open">
              <Link to={`/admin/video-kyc/${r.id}`} aria-label={`Open the call of ${r.name}`}>
                Open
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

export default function VideoKycDeskPage() {
  const { queue, mine, toAudit, canTake, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Video KYC</h1>
      <p>
        Customers waiting for a video KYC call, oldest first. Taking a call locks it to you. A decided call is audited by a second person: an auditor, or an
        official who did not take it.
      </p>
      <ActionNotices result={result} failure={failure} />
      {canTake ? <Calls caption="My calls in progress" rows={mine} when="Taken" /> : null}
      <AdminTable caption={`Queue (${queue.length})`}>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">Customer</th>
            <th scope="col">Waiting</th>
            {canTake ? <th scope="col">Take</th> : null}
          </tr>
        </thead>
        <tbody>
          {queue.map((q) => (
            <tr key={q.id}>
              <td data-label="Position">{q.position}</td>
              <td data-label="Customer">{q.name}</td>
              <td data-label="Waiting">
                {q.waitingMinutes} min (since {formatDateTime(q.queuedAt)})
              </td>
              {canTake ? (
                <td data-label="Take">
                  <Form method="post">
                    <input type="hidden" name="intent" value="take" />
                    <input type="hidden" name="id" value={q.id} />
                    <button type="submit" disabled={busy} aria-label={`Take the call of ${q.name}`}>
                      Take
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <Calls caption="Waiting for audit" rows={toAudit} when="Decided" />
    </>
  );
}
