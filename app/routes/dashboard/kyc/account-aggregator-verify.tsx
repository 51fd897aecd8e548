import { useState } from "react";
import { Form, data, redirect, redirectDocument, useActionData, useNavigation } from "react-router";
import { useT } from "../../../lib/i18n.tsx";
import { journeyMeta } from "../../../lib/journey-words.ts";
import type { Route } from "./+types/account-aggregator-verify.ts";
import { screenFor } from "../../../../core/journey/index.ts";
import { FormAlert } from "../../../components/dashboard/form-bits.tsx";
import { KycScreen } from "../../../components/dashboard/kyc-screen.tsx";
import { StepNotice } from "../../../components/dashboard/step-notice.tsx";
import { errorText } from "../../../lib/api.ts";
import { endOnSessionLoss, loadDashboard, noticeCookie, requireApi } from "../../../lib/dashboard.server.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.aa.title");

type StepReply = { next_step: string; aa_url?: string };

/** A successful step: its message as the notice, on to the next step's screen. */
function moveOn(next: string, message: string): never {
  throw redirect(screenFor(next), { headers: { "Set-Cookie": noticeCookie(message) } });
}

/**
 * Back from the aggregator's consent page (`?consent_handle=`): ask the server what became of the
 * consent; approved statements move the customer on, otherwise the screen shows why.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ error: string }> {
  const handle = new URL(request.url).searchParams.get("consent_handle");
  if (!handle) return { error: "" };
  await loadDashboard(context);
  const reply = endOnSessionLoss(
    await requireApi(context).journey<StepReply>({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle }),
  );
  if (reply.Status === 1 && reply.Data) moveOn(reply.Data.next_step, reply.Message);
  return { error: errorText(reply) };
}

/** `consent`: the whole page goes to the aggregator's consent page. `skip`: on to the documents. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = requireApi(context);
  // Issue 23: sharing sends the account aggregator notice's tick, which the server records ("0" is refused).
  const reply = endOnSessionLoss(
    form.get("action") === "skip"
      ? await api.journey<StepReply>({ event_name: "account_aggregator_verify", action: "skip" })
      : await api.journey<StepReply>({ event_name: "account_aggregator_verify", action: "consent", consent: form.get("consent") === "1" ? "1" : "0" }),
  );
  if (reply.Status === 1 && reply.Data?.aa_url) throw redirectDocument(reply.Data.aa_url);
  if (reply.Status === 1 && reply.Data) moveOn(reply.Data.next_step, reply.Message);
  const consentError = reply.errors?.consent ?? "";
  return data({ error: consentError ? "" : errorText(reply), consentError }, { status: 400 });
}

function Aggregator({ loaded }: { loaded: string }) {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" ? String(navigation.formData?.get("action") ?? "") : "";
  const [agreed, setAgreed] = useState(false);
  const [noticeError, setNoticeError] = useState("");
  const consentError = noticeError || (reply && !agreed ? reply.consentError : "");

  /** Sharing needs the notice ticked; skipping to upload does not. */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "consent" || agreed) return;
    event.preventDefault();
    setNoticeError(t("notice.needed"));
    document.getElementById("consent")?.focus();
  }

  return (
    // The page's own address without ?consent_handle=, so a failed answer does not ask about the consent again.
    <Form method="post" action="/my-dashboard/account-aggregator-verify" onSubmit={onSubmit} noValidate>
      <p>{t("journey.aa.intro")}</p>
      <StepNotice
        purpose="account_aggregator"
        checked={agreed}
        onChange={(value) => {
          setAgreed(value);
          if (value) setNoticeError("");
        }}
        error={consentError}
      />
      <FormAlert message={reply ? reply.error : loaded} />
      <div className="step-actions">
        <button type="submit" name="action" value="consent" className="btn btn-primary" disabled={busy !== ""} aria-busy={busy === "consent" || undefined}>
          {busy === "consent" ? <span className="spinner" aria-hidden="true" /> : null}
          {t("journey.aa.share")}
        </button>
        <button type="submit" name="action" value="skip" className="btn btn-secondary" disabled={busy !== ""} aria-busy={busy === "skip" || undefined}>
          {t("journey.aa.skip")}
        </button>
      </div>
    </Form>
  );
}

export default function AccountAggregatorVerify({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <KycScreen step="account_aggregator_verify" title={t("journey.term.accountAggregator")}>
      {() => <Aggregator loaded={loaderData.error} />}
    </KycScreen>
  );
}
