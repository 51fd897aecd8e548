import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatINR, formatPaise } from "../../../core/format.ts";
import { rupeesToPaise } from "../../../core/money.ts";
import { PAYMENT_GATEWAYS } from "../../../core/payment-gateways.ts";
import { filterPayAmountInput, payAmountProblem, resolvePayAmount } from "../../../core/validation/index.ts";
import { errorText } from "../../lib/api.ts";
import { dataOf, loadScript, postForm, repayApi, type PgOption, type RepaymentView, type ThankYouState } from "../../lib/repayment.ts";
import { FieldError } from "../field-error.tsx";
import { useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { useKnownText } from "../../lib/i18n-screen.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";

const GATEWAY_TEXT: Record<string, { title: string; detail: MessageKey }> = {
  razorpay: { title: "Razorpay", detail: "servicing.pay.razorpayDetail" },
  payu: { title: "PayU", detail: "servicing.pay.payuDetail" },
  phonepe: { title: "PhonePe", detail: "servicing.pay.phonepeDetail" },
};

interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: "payment.failed", fn: (response: { error?: { metadata?: { payment_id?: string; order_id?: string } } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

/**
 * The amount and terms form, then the choice dialog of the gateways in pg_data (spec: three).
 * Shared by Pay Now and the dashboard's repayment screen. Every outcome goes to /thanku
 * (Razorpay) or through the gateway's return to /thank-you/… (PayU, PhonePe).
 */
export function PayOptions({ loan, pgData }: { loan: RepaymentView; pgData: PgOption[] }) {
  const navigate = useNavigate();
  const t = useT();
  const rich = useRichT();
  const say = useKnownText();
  const to = useLocalizedPath();
  const id = useId();
  const [amount, setAmount] = useState("");
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

  async function payWith(gateway: string) {
    if (charge === null) return;
    setFailure("");
    setBusy(gateway);
    const rupees = charge.toFixed(2);
    const d = loan.raw;
    try {
      if (gateway === "razorpay") return await razorpay(rupees);
      if (gateway === "payu") {
        const order = await repayApi.payuOrder({
          amount: rupees,
          productinfo: `Repayment ${loan.loanNo}`.trim(),
          firstname: d.full_name,
          email: d.email,
          mobile: d.mobile,
          udf5: loan.leadId,
        });
        const data = dataOf(order);
        if (!data) return fail(errorText(order));
        postForm(data.action, data.parameters);
        return;
      }
      if (gateway === "phonepe") {
        const order = await repayApi.phonepeOrder({
          amount: rupees,
          leadId: loan.leadId,
          customerName: d.full_name,
          customerEmail: d.email,
          customerMobile: d.mobile,
        });
        const url = dataOf(order)?.data?.url;
        if (!url) return fail(errorText(order));
        window.location.assign(url);
        return;
      }
      fail(t("servicing.pay.notAvailable"));
    } catch {
      fail(t("validation.genericError"));
    }
  }

  function fail(message: string) {
    setBusy("");
    setFailure(say(message));
  }

  async function razorpay(rupees: string) {
    const order = await repayApi.razorpayOrder(loan.leadId, rupees);
    const data = dataOf(order);
    if (!data) return fail(errorText(order));
    const loaded = await loadScript(data.checkout_script_url);
    const Razorpay = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
    if (!loaded || !Razorpay) {
      fail(t("validation.razorpayLoadFailed"));
      window.alert(t("validation.razorpayLoadFailed"));
      return;
    }
    // The overlay is a modal of its own: close ours so the two never compete for focus.
    setChoosing(false);
    setBusy("");
    let settled = false;
    const rzp = new Razorpay({
      key: data.key_id,
      amount: data.amount,
      currency: data.currency,
      name: data.name,
      description: data.description,
      order_id: data.order_id,
      prefill: data.prefill,
      handler: async (response: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) => {
        settled = true;
        const verified = await repayApi.razorpayVerify(response);
        const outcome = verified.Data;
        result({
          txnStatus: outcome?.status ?? (verified.Status === 1 ? "SUCCESS" : "FAILED"),
          txnId: outcome?.txnId ?? response.razorpay_payment_id,
          orderId: outcome?.order_id ?? data.order_id,
        });
      },
      modal: {
        ondismiss: () => {
          if (!settled) result({ txnStatus: "CANCELLED", txnId: data.order_id, orderId: data.order_id });
        },
      },
    });
    rzp.on("payment.failed", (response) => {
      settled = true;
      rzp.close();
      result({ txnStatus: "FAILED", txnId: response.error?.metadata?.payment_id ?? data.order_id, orderId: data.order_id });
    });
    rzp.open();
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
          {options.map((option) => {
            const known = GATEWAY_TEXT[option.mpg_gateway_name];
            // The button names the gateway; the server's label (what it takes) describes it.
            const text = {
              title: known?.title ?? option.label ?? option.mpg_gateway_name,
              detail: option.label && option.label !== known?.title ? say(option.label) : known ? t(known.detail) : "",
            };
            return (
              <li key={option.mpg_gateway_name}>
                <button
                  type="button"
                  className="btn btn-secondary btn-block repay-gateway"
                  disabled={!!busy}
                  onClick={() => void payWith(option.mpg_gateway_name)}
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
          })}
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
