import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatINR, formatPaise } from "../../../core/format.ts";
import { rupeesToPaise } from "../../../core/money.ts";
import { gatewayDetailKey, isPaymentGatewayName, PAYMENT_GATEWAYS } from "../../../core/payment-gateways.ts";
import { filterPayAmountInput, payAmountProblem, resolvePayAmount } from "../../../core/validation/index.ts";
import { errorText } from "../../lib/api.ts";
import { dataOf, postForm, repayApi, type PgOption, type RepaymentView, type ThankYouState } from "../../lib/repayment.ts";
import { openScriptCheckout } from "./script-checkout.ts";
import { FieldError } from "../field-error.tsx";
import { useCodeText, useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { catalogues, type MessageKey } from "../../../core/i18n/index.ts";

/** A gateway of the list by name: its title and the key of its detail line (both from core/payment-gateways.ts). */
const GATEWAY_TEXT = Object.fromEntries(PAYMENT_GATEWAYS.map((g) => [g.name, { title: g.title, detail: gatewayDetailKey(g.name) }]));

/**
 * The amount and terms form, then the choice dialog of the gateways in pg_data (spec: three).
 * Shared by Pay Now and the dashboard's repayment screen. Every outcome goes to /thanku
 * (Razorpay) or through the gateway's return to /thank-you/… (PayU, PhonePe).
 */
/** `initialAmount`: an amount asked for elsewhere (a buyer app's update names it in Pay Now's address), filled in; still editable. */
export function PayOptions({ loan, pgData, initialAmount = "" }: { loan: RepaymentView; pgData: PgOption[]; initialAmount?: string }) {
  const navigate = useNavigate();
  const t = useT();
  const rich = useRichT();
  const say = useCodeText();
  const to = useLocalizedPath();
  const id = useId();
  const [amount, setAmount] = useState(initialAmount);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; terms?: string }>({});
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState("");
  const [failure, setFailure] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const termsInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (choosing && !d.open) d.showModal();
    if (!choosing && d.open) d.close();
  }, [choosing]);

  // What closes the loan today (the server charges this for "the total due"; on the disbursal day it
  // includes day 1's interest, so it can exceed the total due shown).
  const full = loan.closeToday;
  const amountProblem = payAmountProblem(amount, full);
  const charge = amountProblem ? null : resolvePayAmount(amount, full);

  function proceed(event: React.FormEvent) {
    event.preventDefault();
    const next = { amount: amountProblem ? say(amountProblem) : undefined, terms: terms ? undefined : t("validation.payNowTermsRequired") };
    setErrors(next);
    if (next.amount) return amountInput.current?.focus();
    if (next.terms) return termsInput.current?.focus();
    setFailure("");
    setChoosing(true);
  }

  const result = (state: ThankYouState) => navigate(to("/thanku"), { state });

  /** One checkout for every gateway; the browser step is the answer's kind (decision 55), never the gateway's name. */
  async function payWith(gateway: string) {
    if (charge === null) return;
    setFailure("");
    setBusy(gateway);
    try {
      if (!isPaymentGatewayName(gateway)) return fail(t("servicing.pay.notAvailable"));
      const order = await repayApi.checkout(gateway, loan.leadId, charge.toFixed(2));
      const step = dataOf(order)?.browser;
      if (!step) return fail(errorText(order));
      if (step.kind === "form_post") return postForm(step.action, step.fields);
      if (step.kind === "redirect") return window.location.assign(step.url);
      await openScriptCheckout(gateway, step, {
        loadFailed: () => {
          fail(t("validation.razorpayLoadFailed"));
          window.alert(t("validation.razorpayLoadFailed"));
        },
        opened: () => {
          setChoosing(false);
          setBusy("");
        },
        result,
      });
    } catch {
      fail(t("validation.genericError"));
    }
  }

  function fail(message: string) {
    setBusy("");
    setFailure(say(message));
  }

  const options = pgData.length ? pgData : PAYMENT_GATEWAYS.map((g): PgOption => ({ mpg_gateway_name: g.name }));

  return (
    <section className="card repay-pay" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("servicing.pay.title")}</h2>
      <form onSubmit={proceed} noValidate>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t("servicing.pay.amount")}</label>
          <input
            ref={amountInput}
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(full)}
            value={amount}
            aria-invalid={!!errors.amount}
            aria-describedby={`${id}-amount-hint ${id}-amount-error`}
            onChange={(e) => setAmount(filterPayAmountInput(e.target.value))}
          />
          <p id={`${id}-amount-hint`} className="hint">
            {t("servicing.pay.amountHint", { full: formatINR(full), minimum: formatINR(Math.min(100, full)) })}
          </p>
          <FieldError id={`${id}-amount-error`} message={errors.amount} keep />
        </div>
        <div className="check">
          <input
            ref={termsInput}
            id={`${id}-terms`}
            type="checkbox"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            aria-invalid={!!errors.terms}
            aria-describedby={`${id}-terms-error`}
          />
          <label htmlFor={`${id}-terms`}>{rich("servicing.pay.terms", { terms: (chunks) => <a href={to("/terms-and-conditions")}>{chunks}</a> })}</label>
        </div>
        <FieldError id={`${id}-terms-error`} message={errors.terms} keep />
        <p className="repay-charge" aria-live="polite">
          {charge !== null
            ? rich(charge < full ? "servicing.pay.youPayPart" : "servicing.pay.youPayFull", {
                amount: formatINR(charge),
                rest: formatPaise(rupeesToPaise(full) - rupeesToPaise(charge)),
                b: (chunks) => <strong>{chunks}</strong>,
              })
            : null}
        </p>
        <button type="submit" className="btn btn-primary btn-block">
          {t("servicing.pay.proceed")}
        </button>
      </form>
      <dialog ref={dialog} className="repay-dialog" aria-labelledby={`${id}-choose`} onClose={() => setChoosing(false)} onCancel={() => setChoosing(false)}>
        <h2 id={`${id}-choose`}>{t("servicing.pay.choose")}</h2>
        {charge !== null ? (
          <p>
            {t("servicing.pay.amountLabel")} <strong>{formatINR(charge)}</strong>
          </p>
        ) : null}
        <ul className="repay-gateways">
          {options.map((option) => (
            <GatewayChoice key={option.mpg_gateway_name} option={option} id={id} busy={busy} onPay={(name) => void payWith(name)} />
          ))}
        </ul>
        <p className={failure ? "alert alert-error" : "visually-hidden"} role="alert">
          {failure}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-link" onClick={() => setChoosing(false)} disabled={!!busy}>
            {t("servicing.cancel")}
          </button>
        </div>
      </dialog>
    </section>
  );
}

/** One gateway's button in the dialog, with the line that says what it takes. */
function GatewayChoice({ option, id, busy, onPay }: { option: PgOption; id: string; busy: string; onPay: (gateway: string) => void }) {
  const t = useT();
  const known = GATEWAY_TEXT[option.mpg_gateway_name];
  // The server's label is core's English (payment-gateways.ts); the catalogue holds it by the gateway's name.
  const labelKey = `servicing.pay.label.${option.mpg_gateway_name}`;
  const label = Object.hasOwn(catalogues.en, labelKey) ? t(labelKey as MessageKey) : (option.label ?? "");
  // The button names the gateway; the server's label (what it takes) describes it.
  const text = {
    title: known?.title ?? option.label ?? option.mpg_gateway_name,
    detail: option.label && option.label !== known?.title ? label : known ? t(known.detail) : "",
  };
  return (
    <li>
      <button
        type="button"
        className="btn btn-secondary btn-block repay-gateway"
        disabled={!!busy}
        onClick={() => onPay(option.mpg_gateway_name)}
        aria-describedby={`${id}-${option.mpg_gateway_name}`}
      >
        {busy === option.mpg_gateway_name ? <span className="spinner" aria-hidden="true" /> : null}
        {t("servicing.pay.payWith", { gateway: text.title })}
      </button>
      {text.detail ? (
        <span id={`${id}-${option.mpg_gateway_name}`} className="hint">
          {text.detail}
        </span>
      ) : null}
    </li>
  );
}
