// Issue 33: the customer's CKYC page. After the PAN is verified: the ckyc notice with its tick and the
// search; a found record opened with the date of birth or CKYCR's code; every filled field shown to be
// confirmed (with whose name the father's or spouse's name is) or declined; and the father's or spouse's
// name CKYCR's record needs when the journey lacks it. Optional: the customer may go on without it.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { useState } from "react";
import type { Route } from "./+types/ckyc.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { formatDateInWords } from "../../../core/format.ts";
import { errorText } from "../../lib/api.ts";
import { endOnSessionLoss, formValues, requireApi } from "../../lib/dashboard.server.ts";
import { useLanguage, useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";
import { BackLink, FormAlert } from "../../components/dashboard/form-bits.tsx";
import { StepNotice } from "../../components/dashboard/step-notice.tsx";
import { FieldError } from "../../components/field-error.tsx";

interface CkycState {
  searched: boolean;
  found: boolean;
  masked_ckyc_number: string | null;
  to_confirm: {
    name: string;
    relative_name: string | null;
    gender: "M" | "F" | "T";
    dob: string;
    email: string | null;
    address: { lines: string[]; city: string; state_code: string; pincode: string };
  } | null;
  confirmed: boolean;
  relative: { kind: "father" | "spouse"; name: string } | null;
  needs_relative: boolean;
}

const GENDER: Record<"M" | "F" | "T", MessageKey> = { M: "ckyc.gender.M", F: "ckyc.gender.F", T: "ckyc.gender.T" };

export const meta: Route.MetaFunction = journeyMeta("ckyc.page.title");

export async function loader({ context }: Route.LoaderArgs): Promise<{ state: CkycState | null; error: string }> {
  const reply = endOnSessionLoss(await requireApi(context).api<CkycState>(apiPath("getCkyc"), {}));
  return reply.Status === 1 && reply.Data ? { state: reply.Data, error: "" } : { state: null, error: errorText(reply) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = requireApi(context);
  const v = formValues(await request.formData());
  const calls: Record<string, [Parameters<typeof apiPath>[0], Record<string, unknown>]> = {
    search: ["searchCkyc", { consent: v.consent === "1" ? 1 : 0 }],
    download: ["downloadCkyc", { dob: v.dob ?? "" }],
    sendCode: ["sendCkycCode", {}],
    code: ["downloadCkyc", { code: v.code ?? "" }],
    confirm: ["confirmCkyc", { accept: 1, relative_kind: v.relative_kind ?? "" }],
    decline: ["confirmCkyc", { accept: 0 }],
    relative: ["setCkycRelative", { relative_kind: v.relative_kind ?? "", relative_name: v.relative_name ?? "" }],
  };
  const call = calls[v.intent ?? ""];
  if (!call) return { ok: false, message: "", errors: {} as Record<string, string>, intent: "" };
  const reply = endOnSessionLoss(await api.api<unknown>(apiPath(call[0]), call[1]));
  const errors = (reply.errors ?? {}) as Record<string, string>;
  return { ok: reply.Status === 1, message: reply.Status === 1 ? reply.Message : errorText(reply), errors, intent: v.intent ?? "" };
}

function Confirm({ fields, busy }: { fields: NonNullable<CkycState["to_confirm"]>; busy: boolean }) {
  const t = useT();
  const lang = useLanguage();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="ckyc-confirm">
      <h2 id="ckyc-confirm">{t("ckyc.confirm.heading")}</h2>
      <p>{t("ckyc.confirm.intro")}</p>
      <dl className="ckyc-fields">
        <dt>{t("ckyc.field.name")}</dt>
        <dd>{fields.name}</dd>
        {fields.relative_name ? (
          <>
            <dt>{t("ckyc.field.relative")}</dt>
            <dd>{fields.relative_name}</dd>
          </>
        ) : null}
        <dt>{t("ckyc.field.gender")}</dt>
        <dd>{t(GENDER[fields.gender])}</dd>
        <dt>{t("ckyc.field.dob")}</dt>
        <dd>{formatDateInWords(fields.dob, lang)}</dd>
        {fields.email ? (
          <>
            <dt>{t("ckyc.field.email")}</dt>
            <dd>{fields.email}</dd>
          </>
        ) : null}
        <dt>{t("ckyc.field.address")}</dt>
        <dd>{[...fields.address.lines, fields.address.city, fields.address.pincode].join(", ")}</dd>
      </dl>
      <Form method="post">
        {fields.relative_name ? (
          <fieldset>
            <legend>{t("ckyc.relative.question")}</legend>
            <div className="check">
              <input id="rel-father" type="radio" name="relative_kind" value="father" />
              <label htmlFor="rel-father">{t("ckyc.relative.father")}</label>
            </div>
            <div className="check">
              <input id="rel-spouse" type="radio" name="relative_kind" value="spouse" />
              <label htmlFor="rel-spouse">{t("ckyc.relative.spouse")}</label>
            </div>
            <FieldError id="relative_kind-error" message={result?.errors.relative_kind} />
          </fieldset>
        ) : null}
        <button type="submit" name="intent" value="confirm" className="btn btn-primary btn-block" disabled={busy}>
          {t("ckyc.confirm.button")}
        </button>
        <button type="submit" name="intent" value="decline" className="btn btn-secondary btn-block" disabled={busy}>
          {t("ckyc.decline.button")}
        </button>
      </Form>
    </section>
  );
}

function Relative({ busy }: { busy: boolean }) {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="ckyc-relative">
      <h2 id="ckyc-relative">{t("ckyc.relative.heading")}</h2>
      <p>{t("ckyc.relative.intro")}</p>
      <Form method="post">
        <fieldset>
          <legend>{t("ckyc.relative.question")}</legend>
          <div className="check">
            <input id="own-father" type="radio" name="relative_kind" value="father" />
            <label htmlFor="own-father">{t("ckyc.relative.father")}</label>
          </div>
          <div className="check">
            <input id="own-spouse" type="radio" name="relative_kind" value="spouse" />
            <label htmlFor="own-spouse">{t("ckyc.relative.spouse")}</label>
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="relative_name">{t("ckyc.relative.name")}</label>
          <input
            id="relative_name"
            name="relative_name"
            autoComplete="off"
            aria-describedby={result?.errors.relative_name ? "relative_name-error" : undefined}
          />
          <FieldError id="relative_name-error" message={result?.errors.relative_name} />
        </div>
        <button type="submit" name="intent" value="relative" className="btn btn-primary btn-block" disabled={busy}>
          {t("ckyc.relative.save")}
        </button>
      </Form>
    </section>
  );
}

export default function CkycPage() {
  const { state, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const [consent, setConsent] = useState(false);
  return (
    <div className="step-screen">
      <BackLink />
      <h1>{t("ckyc.page.title")}</h1>
      <p>{t("ckyc.page.intro")}</p>
      {result?.ok && result.message ? (
        <p className="alert alert-success" role="status">
          {result.message}
        </p>
      ) : null}
      <FormAlert message={error || (result && !result.ok ? result.message : "")} />
      {state && !state.searched ? (
        <Form method="post">
          <StepNotice purpose="ckyc" checked={consent} onChange={setConsent} error={result?.errors.consent} />
          <button type="submit" name="intent" value="search" className="btn btn-primary btn-block" disabled={busy}>
            {t("ckyc.search.button")}
          </button>
        </Form>
      ) : null}
      {state?.searched && !state.found ? <p>{t("ckyc.none")}</p> : null}
      {state?.found && !state.to_confirm && !state.confirmed ? (
        <>
          <p>{t("ckyc.found", { number: state.masked_ckyc_number ?? "" })}</p>
          <Form method="post">
            <div className="field">
              <label htmlFor="dob">{t("ckyc.dob.label")}</label>
              <input id="dob" name="dob" type="date" aria-describedby={result?.errors.auth ? "auth-error" : undefined} />
              <FieldError id="auth-error" message={result?.errors.auth} />
            </div>
            <button type="submit" name="intent" value="download" className="btn btn-primary btn-block" disabled={busy}>
              {t("ckyc.download.button")}
            </button>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value="sendCode" className="btn btn-secondary btn-block" disabled={busy}>
              {t("ckyc.code.send")}
            </button>
          </Form>
          {result?.intent === "sendCode" && result.ok ? (
            <Form method="post">
              <div className="field">
                <label htmlFor="code">{t("ckyc.code.label")}</label>
                <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </div>
              <button type="submit" name="intent" value="code" className="btn btn-primary btn-block" disabled={busy}>
                {t("ckyc.code.button")}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
      {state?.to_confirm ? <Confirm fields={state.to_confirm} busy={busy} /> : null}
      {state?.confirmed ? <p>{t("ckyc.done")}</p> : null}
      {result?.intent === "decline" && result.ok ? <p>{t("ckyc.declined")}</p> : null}
      {state?.searched && state.needs_relative && !state.to_confirm ? <Relative busy={busy} /> : null}
    </div>
  );
}
