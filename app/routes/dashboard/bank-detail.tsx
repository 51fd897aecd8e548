import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/bank-detail.ts";
import { Field, FormAlert, SubmitButton, BackLink, describe } from "../../components/dashboard/form-bits.tsx";
import { BANKING_MESSAGES as BM } from "../../../core/banking.ts";
import { acceptsEvent, screenFor, VERIFICATION_CONSENT } from "../../../core/journey/index.ts";
import { bankingFormSchema, MESSAGES } from "../../../core/validation/index.ts";
import { api, errorText, journey } from "../../lib/api.ts";
import type { BankingData } from "../../lib/dashboard-data.ts";
import { checkForm, focusFirstError } from "../../lib/form-errors.ts";
import { writeState } from "../../lib/session-state.ts";

export const meta: Route.MetaFunction = () => [{ title: "Banking Details | SalaryOnTime" }, { name: "robots", content: "noindex" }];

type SavedAccount = NonNullable<BankingData["customer_banking_details"]>;

type StepReply = { next_step: string; step_percentage: number; go_to_esign?: number; url?: string };

/** Follows a successful banking or esign reply (spec section 2): to the eSign url, else to the next screen. */
function follow(data: StepReply) {
  writeState({ next_step: data.next_step, step_percent: data.step_percentage, percent: data.step_percentage });
  window.location.assign(data.go_to_esign === 1 && data.url ? data.url : screenFor(data.next_step));
}

const digitsOnly = (s: string) => s.replace(/\D+/g, "").slice(0, 18);

function IfscBank({ code }: { code: string }) {
  const [state, setState] = useState<{ code: string; text: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(code)) return;
    let live = true;
    fetch(`/Api/MasterController/ifsc?code=${encodeURIComponent(code)}`, { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((body: { Status: number; Message: string; Data?: { bank_name: string } }) => {
        if (live) setState({ code, ok: body.Status === 1, text: body.Status === 1 && body.Data ? body.Data.bank_name : body.Message });
      })
      .catch(() => live && setState(null));
    return () => {
      live = false;
    };
  }, [code]);
  if (!state || state.code !== code) return null;
  return state.ok ? (
    <p className="bank-found" id="account_ifsc-bank" role="status">
      Bank: <strong>{state.text}</strong>
    </p>
  ) : (
    <p className="field-error" id="account_ifsc-bank" role="alert">
      {state.text}
    </p>
  );
}

function BankForm({ info }: { info: BankingData }) {
  const [v, setV] = useState({ account_name: info.account_holder_hint, account_number: "", confirm_account_number: "", account_ifsc: "", account_branch: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState<"" | "verify" | "skip">("");
  const err = (key: string) => errors[key] ?? serverErrors[key];
  const set = (key: keyof typeof v, value: string) => setV({ ...v, [key]: value });

  async function send(consent: number) {
    const payload = { ...v, account_type_id: 1, verification_consent: consent };
    const checked = checkForm(bankingFormSchema, payload);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstError(checked.errors);
    }
    setErrors({});
    setServerErrors({});
    setError("");
    setBusy(consent === VERIFICATION_CONSENT.skipped ? "skip" : "verify");
    const reply = await journey<StepReply>({ event_name: "banking_details", ...payload });
    if (reply.Status === 1 && reply.Data) return follow(reply.Data);
    setBusy("");
    setError(errorText(reply));
    setServerErrors(reply.errors ?? {});
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send(VERIFICATION_CONSENT.given);
      }}
    >
      <Field id="account_name" label="Account Holder Name" error={err("account_name")}>
        <input {...describe("account_name", err("account_name"))} type="text" autoComplete="name" value={v.account_name} onChange={(e) => set("account_name", e.target.value)} />
      </Field>
      <Field id="account_number" label="Account Number" error={err("account_number")}>
        <input
          {...describe("account_number", err("account_number"))}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={v.account_number}
          onChange={(e) => set("account_number", digitsOnly(e.target.value))}
        />
      </Field>
      <Field id="confirm_account_number" label="Confirm Account Number" error={err("confirm_account_number")} hint="Type the number again. Pasting is turned off for this field.">
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
      <Field id="account_ifsc" label="IFSC Code" error={err("account_ifsc")}>
        <input
          {...describe("account_ifsc", err("account_ifsc"))}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={11}
          value={v.account_ifsc}
          onChange={(e) => set("account_ifsc", e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 11))}
        />
      </Field>
      <IfscBank code={v.account_ifsc} />
      <Field id="account_branch" label="Branch" error={err("account_branch")}>
        <input {...describe("account_branch", err("account_branch"))} type="text" autoComplete="off" value={v.account_branch} onChange={(e) => set("account_branch", e.target.value)} />
      </Field>
      <p className="hint">We check the account by sending ₹1 to it. The name at the bank must match the name on your PAN.</p>
      <FormAlert message={Object.keys(serverErrors).length ? "" : error} />
      <SubmitButton busy={busy === "verify"}>Verify &amp; Continue</SubmitButton>
      {info.can_skip === 1 ? (
        <button type="button" className="btn btn-link btn-block" disabled={!!busy} onClick={() => void send(VERIFICATION_CONSENT.skipped)}>
          Skip
        </button>
      ) : null}
    </form>
  );
}

/** REPEAT customers: the earlier account, masked and read-only (spec section 5); no Skip. */
function LockedAccount({ account }: { account: SavedAccount }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    const reply = await journey<StepReply>({ event_name: "banking_details", use_saved_account: 1, verification_consent: VERIFICATION_CONSENT.given });
    if (reply.Status === 1 && reply.Data) return follow(reply.Data);
    setBusy(false);
    setError(errorText(reply));
  }
  const fields: [string, string, string][] = [
    ["account_name", "Account Holder Name", account.beneficiary_name],
    ["account_number", "Account Number", account.account_number],
    ["account_ifsc", "IFSC Code", account.ifsc_code],
    ["bank_name", "Bank", account.bank_name],
    ["account_branch", "Branch", account.branch],
  ];
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="hint">{BM.repeatLocked}</p>
      {fields.map(([id, label, value]) => (
        <Field key={id} id={id} label={label}>
          <input id={id} name={id} type="text" value={value} readOnly aria-readonly="true" />
        </Field>
      ))}
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Verify &amp; Continue</SubmitButton>
    </form>
  );
}

/** Saved but not signed yet: the account (masked) and the way back to the eSign page. */
function ResumeEsign({ account, notice }: { account: SavedAccount | null; notice: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function onClick() {
    setBusy(true);
    setError("");
    const reply = await journey<StepReply>({ event_name: "esign" });
    if (reply.Status === 1 && reply.Data) return follow(reply.Data);
    setBusy(false);
    setError(errorText(reply));
  }
  return (
    <section aria-labelledby="esign-title">
      {notice ? <p className="alert alert-error" role="alert">{notice}</p> : null}
      {account ? (
        <p>
          Your loan will be paid into {account.bank_name} account {account.account_number} ({account.ifsc_code}).
        </p>
      ) : null}
      <h2 id="esign-title">Sign your loan agreement</h2>
      <p>Read the loan agreement and the Key Fact Statement, then sign them with a one-time code sent to your mobile.</p>
      <FormAlert message={error} />
      <button type="button" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined} onClick={() => void onClick()}>
        Sign Loan Agreement
      </button>
    </section>
  );
}

export default function BankDetail() {
  const [params] = useSearchParams();
  const [info, setInfo] = useState<BankingData | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    void api("getBankingDetails", {}).then((reply) => {
      if (reply.Status === 1 && reply.Data) setInfo(reply.Data);
      else setError(errorText(reply));
    });
  }, []);

  const esignNotice = params.get("esign") === "pending" ? BM.esignPending : params.get("esign") === "failed" ? "The signing did not complete. Please try again." : "";
  const atBanking = info ? acceptsEvent({ event: "banking_details", current: info.next_step, isEditable: 0 }) : false;

  return (
    <section className="step-page" aria-labelledby="step-title">
      <BackLink />
      <div className="card step-card">
        <h1 id="step-title">Banking Details</h1>
        {error ? (
          <p className="alert alert-error" role="alert">{error}</p>
        ) : !info ? (
          <p className="loading" role="status">Loading…</p>
        ) : info.next_step === "esign" ? (
          <ResumeEsign account={info.customer_banking_details} notice={esignNotice} />
        ) : !atBanking ? (
          <section>
            <p className="alert alert-error" role="alert">{MESSAGES.stepNotAvailable}</p>
            <Link className="btn btn-primary" to={screenFor(info.next_step)}>Go to my current step</Link>
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
