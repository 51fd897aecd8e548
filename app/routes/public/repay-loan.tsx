import { captchaFields, captchaOf, OtpCaptcha, type OfferedCaptcha } from "../../components/otp-captcha.tsx";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/repay-loan.ts";
import { PayOptions } from "../../components/repayment/pay-options.tsx";
import { RepaymentSummary } from "../../components/repayment/repayment-summary.tsx";
import { site } from "../../content/site.ts";
import { errorText } from "../../lib/api.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useCodeText, useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { splitLanguagePath, translate } from "../../../core/i18n/index.ts";
import { dataOf, repayApi, repaymentView, type PgOption, type RepaymentView } from "../../lib/repayment.ts";
import { payNowOtpCheck, payNowPanCheck, type Fail } from "../../../core/validation/index.ts";
import repaymentCss from "../../styles/repayment.css?url";
import repaymentLinesCss from "../../styles/repayment-lines.css?url";
import { FieldError } from "../../components/field-error.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: repaymentCss },
  { rel: "stylesheet", href: repaymentLinesCss },
];

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({ title: translate(lang, "pay.title"), description: translate(lang, "pay.description"), path: "/repayloan", lang });
};

// The page itself holds nothing personal (the loan arrives after the code), so it may be cached
// like Apply Now; browsers ask again each time.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=0, must-revalidate" });

type Stage = "pannumber" | "panotp" | "amountfetched";

/** Public Pay Now (spec sections 2, 3 and 5): PAN, code, then the loan due and the gateways. */
export default function RepayLoan() {
  const t = useT();
  const steps = usePayNowSteps();
  const { stage, loan } = steps;

  return (
    <main id="main" className="repay-page">
      {stage !== "amountfetched" ? (
        <section className="card repay-card" aria-labelledby="repay-title">
          {stage === "pannumber" ? <PanForm steps={steps} /> : <OtpForm steps={steps} />}
        </section>
      ) : loan ? (
        <div className="repay-fetched">
          <h1 ref={steps.heading} tabIndex={-1} className="repay-heading">
            {t("pay.heading")}
            {loan.raw.full_name ? `: ${loan.raw.full_name}` : ""}
          </h1>
          <RepaymentSummary loan={loan} />
          <PayOptions loan={loan} pgData={steps.pgData} initialAmount={steps.askedAmount} />
        </div>
      ) : null}

      <BankTransferCard />
    </main>
  );
}

/** The page's state through its stages: the PAN sends a code, the code fetches the loan due and the gateways. */
function usePayNowSteps() {
  const t = useT();
  // Decision 60: the page's own checks are worded by their code; the API words its answers in the page's language.
  const codeText = useCodeText();
  const rule = (checked: Fail) => codeText(checked.code ?? checked.message);
  const [stage, setStage] = useState<Stage>("pannumber");
  const [pan, setPan] = useState("");
  const [terms, setTerms] = useState(false);
  const [otp, setOtp] = useState("");
  const [otpRef, setOtpRef] = useState("");
  const [notice, setNotice] = useState("");
  const [errors, setErrors] = useState<{ pan?: string; terms?: string; otp?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // Past 20 codes an hour from this address, each send needs the image captcha the refusal carried.
  const [captcha, setCaptcha] = useState<OfferedCaptcha | null>(null);
  const [captchaText, setCaptchaText] = useState("");
  const [loan, setLoan] = useState<RepaymentView | null>(null);
  const [pgData, setPgData] = useState<PgOption[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  // An amount named in the address (`?amount=5000.00`: a buyer app's part payment), filled in once the loan is fetched.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("amount") ?? "";
  const askedAmount = /^\d{1,7}(\.\d{1,2})?$/.test(asked) ? asked : "";
  const otpInput = useRef<HTMLInputElement>(null);
  const panInput = useRef<HTMLInputElement>(null);

  // Each stage starts at its heading (or the code field), so keyboard and screen-reader users follow it.
  useEffect(() => {
    if (stage === "panotp") otpInput.current?.focus();
    else if (stage === "amountfetched") heading.current?.focus();
  }, [stage]);

  async function sendOtp(event: React.FormEvent) {
    event.preventDefault();
    const checked = payNowPanCheck(pan);
    const next = { pan: checked.ok ? undefined : rule(checked), terms: terms ? undefined : t("validation.payNowTermsPlease") };
    setErrors(next);
    if (next.pan) return panInput.current?.focus();
    if (next.terms) return;
    setBusy(true);
    const reply = await repayApi.sendOtp(checked.ok ? checked.value : pan, captchaFields(captcha, captchaText));
    setBusy(false);
    setCaptcha(captchaOf(reply));
    setCaptchaText("");
    const data = dataOf(reply);
    if (!data)
      return setErrors({
        form: reply.Status === 0 ? t("validation.payNowSendOtpError") : errorText(reply, t("validation.payNowSendOtpError")),
        pan: reply.errors?.pancard,
      });
    setOtpRef(data.otp_ref);
    setNotice(reply.Message ?? "");
    setOtp("");
    setStage("panotp");
  }

  async function verifyOtp(event: React.FormEvent) {
    event.preventDefault();
    const checked = payNowOtpCheck(otp);
    if (!checked.ok) {
      setErrors({ otp: rule(checked) });
      return otpInput.current?.focus();
    }
    setErrors({});
    setBusy(true);
    const reply = await repayApi.verifyOtp(pan, otp, otpRef);
    setBusy(false);
    const data = dataOf(reply);
    if (!data?.repayment_data) {
      setOtp("");
      otpInput.current?.focus();
      return setErrors({
        otp: reply.errors?.otp,
        form: reply.Status === 0 ? t("validation.payNowVerifyOtpError") : errorText(reply, t("validation.payNowVerifyOtpError")),
      });
    }
    setLoan(repaymentView(data.repayment_data));
    setPgData(data.pg_data ?? []);
    setStage("amountfetched");
  }

  return {
    stage,
    setStage,
    pan,
    setPan,
    terms,
    setTerms,
    otp,
    setOtp,
    notice,
    errors,
    setErrors,
    busy,
    captcha,
    captchaText,
    setCaptchaText,
    loan,
    pgData,
    heading,
    otpInput,
    panInput,
    sendOtp,
    verifyOtp,
    askedAmount,
  };
}

type PayNowSteps = ReturnType<typeof usePayNowSteps>;

/** First stage: the PAN and the terms, then a code is sent (with the image captcha past the hourly limit). */
function PanForm({ steps }: { steps: PayNowSteps }) {
  const t = useT();
  const rich = useRichT();
  const to = useLocalizedPath();
  const { sendOtp, panInput, pan, setPan, errors, terms, setTerms, captcha, captchaText, setCaptchaText, busy } = steps;
  return (
    <form onSubmit={sendOtp} noValidate>
      <h1 id="repay-title">{t("pay.heading")}</h1>
      <p className="hint">{t("pay.hint")}</p>
      <div className="field">
        <label htmlFor="repay-pan">{t("pay.pan")}</label>
        <input
          ref={panInput}
          id="repay-pan"
          name="pancard"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          placeholder="ABCDE1234F"
          value={pan}
          aria-invalid={!!errors.pan}
          aria-describedby="repay-pan-error"
          onChange={(e) =>
            setPan(
              e.target.value
                .toUpperCase()
                .replace(/[^A-Z0-9]/g, "")
                .slice(0, 10),
            )
          }
        />
        <FieldError id="repay-pan-error" message={errors.pan} keep />
      </div>
      <div className="check">
        <input
          id="repay-terms"
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          aria-invalid={!!errors.terms}
          aria-describedby="repay-terms-error"
        />
        <label htmlFor="repay-terms">
          {rich("consent.terms", {
            terms: (chunks) => <a href={to("/terms-and-conditions")}>{chunks}</a>,
            privacy: (chunks) => <a href={to("/privacy-policy")}>{chunks}</a>,
          })}
        </label>
      </div>
      <FieldError id="repay-terms-error" message={errors.terms} keep />
      {captcha ? <OtpCaptcha id="repay-captcha" captcha={captcha} value={captchaText} onChange={setCaptchaText} describedBy="repay-form-error" /> : null}
      <p id="repay-form-error" className={errors.form ? "alert alert-error" : "visually-hidden"} role="alert">
        {errors.form ?? ""}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t("apply.getOtp")}
      </button>
    </form>
  );
}

/** Second stage: the code sent for the PAN; the PAN can still be changed. */
function OtpForm({ steps }: { steps: PayNowSteps }) {
  const t = useT();
  const { verifyOtp, notice, setStage, setErrors, otpInput, otp, setOtp, errors, busy } = steps;
  return (
    <form onSubmit={verifyOtp} noValidate>
      <h1 id="repay-title">{t("pay.otpHeading")}</h1>
      <p className="hint" aria-live="polite">
        {/* The server's words only: they hold whether or not the PAN has a loan (decision 29). */}
        {notice}{" "}
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            setStage("pannumber");
            setErrors({});
          }}
        >
          {t("pay.changePan")}
        </button>
      </p>
      <div className="field">
        <label htmlFor="repay-otp">{t("pay.otp")}</label>
        <input
          ref={otpInput}
          id="repay-otp"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          value={otp}
          aria-invalid={!!errors.otp}
          aria-describedby="repay-otp-error"
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 4))}
        />
        <FieldError id="repay-otp-error" message={errors.otp} keep />
      </div>
      <p className={errors.form ? "alert alert-error" : "visually-hidden"} role="alert">
        {errors.form ?? ""}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t("apply.verify")}
      </button>
    </form>
  );
}

/** Paying by bank transfer instead, shown at every stage. */
function BankTransferCard() {
  const t = useT();
  const bank = site.bankAccount;
  return (
    <section className="card repay-bank" aria-labelledby="repay-bank-title">
      <h2 id="repay-bank-title">{t("pay.bankTitle")}</h2>
      <p>
        {t("pay.bankIntro")} {bank.referenceHint === translate("en", "pay.bankReference") ? t("pay.bankReference") : bank.referenceHint}
      </p>
      <dl className="repay-facts">
        <div>
          <dt>{t("pay.accountName")}</dt>
          <dd>{bank.accountName}</dd>
        </div>
        <div>
          <dt>{t("pay.accountNumber")}</dt>
          <dd>{bank.accountNumber}</dd>
        </div>
        <div>
          <dt>{t("pay.ifsc")}</dt>
          <dd>{bank.ifsc}</dd>
        </div>
        <div>
          <dt>{t("pay.bank")}</dt>
          <dd>
            {bank.bankName}, {bank.branchName}
          </dd>
        </div>
        <div>
          <dt>{t("pay.branchAddress")}</dt>
          <dd>{bank.branchAddress}</dd>
        </div>
        <div>
          <dt>{t("pay.accountType")}</dt>
          <dd>{t("pay.currentAccount")}</dd>
        </div>
      </dl>
      <p className="hint">{t("pay.bankNote")}</p>
    </section>
  );
}
