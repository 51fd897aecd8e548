import { useRef, useState } from "react";
import { Form, Link, data, redirect, redirectDocument, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/bank-detail.ts";
import { Field, FormAlert, SubmitButton, BackLink, describe } from "../../components/dashboard/form-bits.tsx";
import { acceptsEvent, screenFor, VERIFICATION_CONSENT } from "../../../core/journey/index.ts";
import { bankingFormSchema } from "../../../core/validation/index.ts";
import { errorText } from "../../lib/api.ts";
import type { BankingData } from "../../lib/dashboard-data.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import { endOnSessionLoss, formValues, requireApi } from "../../lib/dashboard.server.ts";
import { checkForm } from "../../lib/form-errors.ts";
import { useJourneyForm, type JourneyFormReply } from "../../lib/use-journey-form.ts";
import { StepCounter } from "../../components/dashboard/step-counter.tsx";
import { FieldError } from "../../components/field-error.tsx";
import { useCodeText, useRichT, useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.bank.title");

type SavedAccount = NonNullable<BankingData["customer_banking_details"]>;

type StepReply = { next_step: string; go_to_esign?: number; url?: string };

/** The screen's data: the step, the lock, Skip, the masked account and whether a signature is pending. */
export async function loader({ context }: Route.LoaderArgs): Promise<{ info: BankingData | null; error: string }> {
  const reply = endOnSessionLoss(await requireApi(context).api<BankingData>(apiPath("getBankingDetails"), {}));
  return reply.Status === 1 && reply.Data ? { info: reply.Data, error: "" } : { info: null, error: errorText(reply) };
}

const BANK_FIELDS = ["account_name", "account_number", "confirm_account_number", "account_ifsc", "account_branch"] as const;

/**
 * `intent`: `bank` (the form, Verify or Skip by the button pressed), `saved` (a REPEAT customer's
 * earlier account) or `esign` (a new signing link). Success follows the server (spec section 2):
 * to the eSign provider's page — a whole-document redirect, it is not one of our routes — else
 * to the next step's screen.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const api = requireApi(context);
  const consent = values.verification_consent === String(VERIFICATION_CONSENT.skipped) ? VERIFICATION_CONSENT.skipped : VERIFICATION_CONSENT.given;
  const payload =
    values.intent === "esign"
      ? { event_name: "esign" }
      : values.intent === "saved"
        ? { event_name: "banking_details", use_saved_account: 1, verification_consent: VERIFICATION_CONSENT.given }
        : {
            event_name: "banking_details",
            ...Object.fromEntries(BANK_FIELDS.map((k) => [k, values[k] ?? ""])),
            account_type_id: 1,
            verification_consent: consent,
          };
  const reply = endOnSessionLoss(await api.journey<StepReply>(payload));
  if (reply.Status === 1 && reply.Data) {
    if (reply.Data.go_to_esign === 1 && reply.Data.url) throw redirectDocument(reply.Data.url);
    throw redirect(screenFor(reply.Data.next_step));
  }
  return data<JourneyFormReply>({ message: errorText(reply), errors: reply.errors ?? {}, values }, { status: 400 });
}

const digitsOnly = (s: string) => s.replace(/\D+/g, "").slice(0, 18);
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** The bank of a typed IFSC, asked as the customer types (the public IFSC lookup); answers for an older code are dropped. */
function useIfscBank() {
  const [found, setFound] = useState<{ code: string; text: string; ok: boolean } | null>(null);
  const latest = useRef("");
  function lookup(code: string) {
    latest.current = code;
    if (!IFSC.test(code)) return;
    fetch(`/Api/MasterController/ifsc?code=${encodeURIComponent(code)}`, { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((body: { Status: number; Message: string; Data?: { bank_name: string } }) => {
        if (latest.current === code) setFound({ code, ok: body.Status === 1, text: body.Status === 1 && body.Data ? body.Data.bank_name : body.Message });
      })
      .catch(() => latest.current === code && setFound(null));
  }
  return { found, lookup };
}

function IfscBank({ code, found }: { code: string; found: { code: string; text: string; ok: boolean } | null }) {
  const rich = useRichT();
  if (!found || found.code !== code) return null;
  return found.ok ? (
    <p className="bank-found" id="account_ifsc-bank" role="status">
      {rich("journey.bank.bankFound", { bank: found.text, strong: (chunks) => <strong>{chunks}</strong> })}
    </p>
  ) : (
    <FieldError id="account_ifsc-bank" message={found.text} keep />
  );
}

/** True while this page's form is being sent (optionally: with this field value). */
function useSending(field?: string, value?: string) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toLowerCase() !== "post") return false;
  return field ? navigation.formData?.get(field) === value : true;
}

function BankForm({ info }: { info: BankingData }) {
  const codeText = useCodeText();
  const form = useJourneyForm(
    { account_name: info.account_holder_hint, account_number: "", confirm_account_number: "", account_ifsc: "", account_branch: "" },
    {
      // Verify and Skip need the same fields (Skip declines the penny drop, not the account).
      check: (values) => {
        const checked = checkForm(bankingFormSchema, { ...values, account_type_id: 1, verification_consent: VERIFICATION_CONSENT.given }, codeText);
        return checked.ok ? {} : checked.errors;
      },
    },
  );
  const { values: v, error: err } = form;
  const set = (key: keyof typeof v, value: string) => form.setValues({ ...v, [key]: value });
  const ifsc = useIfscBank();
  const skipping = useSending("verification_consent", String(VERIFICATION_CONSENT.skipped));
  const t = useT();

  return (
    <Form method="post" noValidate onSubmit={form.onSubmit}>
      <input type="hidden" name="intent" value="bank" />
      <Field id="account_name" label={t("journey.term.accountName")} error={err("account_name")}>
        <input
          {...describe("account_name", err("account_name"))}
          type="text"
          autoComplete="name"
          value={v.account_name}
          onChange={(e) => set("account_name", e.target.value)}
        />
      </Field>
      <Field id="account_number" label={t("journey.term.accountNumber")} error={err("account_number")}>
        <input
          {...describe("account_number", err("account_number"))}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={v.account_number}
          onChange={(e) => set("account_number", digitsOnly(e.target.value))}
        />
      </Field>
      <Field
        id="confirm_account_number"
        label={t("journey.term.confirmAccountNumber")}
        error={err("confirm_account_number")}
        hint={t("journey.bank.confirmHint")}
      >
        <input
          {...describe("confirm_account_number", err("confirm_account_number"), true)}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={v.confirm_account_number}
          onPaste={(e) => e.preventDefault()}
          onDrop={(e) => e.preventDefault()}
          onChange={(e) => set("confirm_account_number", digitsOnly(e.target.value))}
        />
      </Field>
      <Field id="account_ifsc" label={t("journey.term.ifsc")} error={err("account_ifsc")}>
        <input
          {...describe("account_ifsc", err("account_ifsc"))}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={11}
          value={v.account_ifsc}
          onChange={(e) => {
            const code = e.target.value
              .toUpperCase()
              .replace(/[^A-Z0-9]/g, "")
              .slice(0, 11);
            set("account_ifsc", code);
            ifsc.lookup(code);
          }}
          onBlur={() => form.checkField("account_ifsc")}
        />
      </Field>
      <IfscBank code={v.account_ifsc} found={ifsc.found} />
      <Field id="account_branch" label={t("journey.optional", { label: t("journey.term.branch") })} error={err("account_branch")}>
        <input
          {...describe("account_branch", err("account_branch"))}
          type="text"
          autoComplete="off"
          value={v.account_branch}
          onChange={(e) => set("account_branch", e.target.value)}
        />
      </Field>
      <p className="hint">{t("journey.bank.pennyDrop")}</p>
      <FormAlert message={form.message} />
      <SubmitButton busy={form.busy && !skipping}>{t("journey.bank.verifyContinue")}</SubmitButton>
      {info.can_skip === 1 ? (
        <>
          <button
            type="submit"
            name="verification_consent"
            value={VERIFICATION_CONSENT.skipped}
            className="btn btn-link btn-block"
            disabled={form.busy}
            aria-describedby="skip-means"
          >
            {t("journey.bank.skip")}
          </button>
          <p id="skip-means" className="hint">
            {t("journey.msg.skipMeans")}
          </p>
        </>
      ) : null}
    </Form>
  );
}

/** REPEAT customers: the earlier account, masked and read-only (spec section 5); no Skip. */
function LockedAccount({ account }: { account: SavedAccount }) {
  const reply = useActionData<JourneyFormReply>();
  const busy = useSending();
  const t = useT();
  const fields: [string, string, string][] = [
    ["account_name", t("journey.term.accountName"), account.beneficiary_name],
    ["account_number", t("journey.term.accountNumber"), account.account_number],
    ["account_ifsc", t("journey.term.ifsc"), account.ifsc_code],
    ["bank_name", t("journey.term.bank"), account.bank_name],
    ["account_branch", t("journey.term.branch"), account.branch || "—"],
  ];
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="saved" />
      <p className="hint">{t("journey.msg.repeatLocked")}</p>
      {fields.map(([id, label, value]) => (
        <Field key={id} id={id} label={label}>
          <input id={id} name={id} type="text" value={value} readOnly aria-readonly="true" />
        </Field>
      ))}
      <FormAlert message={reply?.message ?? ""} />
      <SubmitButton busy={busy}>{t("journey.bank.verifyContinue")}</SubmitButton>
    </Form>
  );
}

/** Saved but not signed yet: the account (masked) and the way back to the eSign page. */
function ResumeEsign({ account, notice }: { account: SavedAccount | null; notice: string }) {
  const reply = useActionData<JourneyFormReply>();
  const busy = useSending();
  const t = useT();
  const words = useCodeText();
  return (
    <section aria-labelledby="esign-title">
      {notice ? (
        <p className="alert alert-error" role="alert">
          {words(notice)}
        </p>
      ) : null}
      {account ? <p>{t("journey.bank.paidInto", { bank: account.bank_name, account: account.account_number, ifsc: account.ifsc_code })}</p> : null}
      <h2 id="esign-title">{t("journey.bank.signTitle")}</h2>
      <p>{t("journey.bank.signText")}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="esign" />
        <FormAlert message={reply?.message ?? ""} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {t("journey.bank.sign")}
        </button>
      </Form>
    </section>
  );
}

export default function BankDetail({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { info, error } = loaderData;
  const t = useT();
  const words = useCodeText();

  const esignNotice = params.get("esign") === "pending" ? t("journey.msg.esignPending") : params.get("esign") === "failed" ? t("journey.bank.signFailed") : "";
  const atBanking = info ? acceptsEvent({ event: "banking_details", current: info.next_step, isEditable: 0 }) : false;

  return (
    <section className="step-page" aria-labelledby="step-title">
      <BackLink />
      <div className="card step-card">
        <StepCounter step={info?.next_step === "esign" ? "esign" : "banking_details"} />
        <h1 id="step-title">{t("journey.term.bankingDetails")}</h1>
        {error || !info ? (
          <p className="alert alert-error" role="alert">
            {words(error)}
          </p>
        ) : info.next_step === "esign" ? (
          <ResumeEsign account={info.customer_banking_details} notice={esignNotice} />
        ) : !atBanking ? (
          <section>
            <p className="alert alert-error" role="alert">
              {t("journey.msg.stepNotAvailable")}
            </p>
            <Link className="btn btn-primary" to={screenFor(info.next_step)}>
              {t("journey.goToCurrentStep")}
            </Link>
          </section>
        ) : info.locked === 1 && info.customer_banking_details ? (
          <LockedAccount account={info.customer_banking_details} />
        ) : (
          <BankForm info={info} />
        )}
      </div>
    </section>
  );
}
