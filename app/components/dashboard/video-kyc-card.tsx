// Issue 33: the outcome of the customer's video KYC on the dashboard: where it stands, the official's
// reason when it was not approved, and a link to carry on (or to start again).
import { Link } from "react-router";
import type { ApiReply } from "../../../core/contract/index.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { useT } from "../../lib/i18n.tsx";

type Session = NonNullable<ApiReply<"getVideoKyc">["session"]>;

export function VideoKycCard({ session }: { session: Session }) {
  const t = useT();
  const state = t(`journey.vkyc.card.${session.status}` as MessageKey, {
    position: session.queue_position ?? 1,
    reason: session.rejection_reason ?? "",
  });
  return (
    <section className="card vkyc-card" aria-labelledby="vkyc-card-title">
      <h2 id="vkyc-card-title">{t("journey.vkyc.heading")}</h2>
      <p role="status">{state}</p>
      {session.status === "REJECTED" ? <p className="hint">{t("journey.vkyc.rejectedNext")}</p> : null}
      {session.status === "APPROVED" && !session.may_start_again ? null : (
        <Link className="btn btn-secondary" to="/my-dashboard/video-kyc">
          {session.status === "REJECTED" || session.status === "DROPPED" ? t("journey.vkyc.startAgain") : t("journey.vkyc.open")}
        </Link>
      )}
    </section>
  );
}
