// The parts of Apply Now: the picture beside the form, then its two forms: the mobile number with the terms
// and the optional consents (and their notices), and the one-time code. Every word is the catalogue's; the
// route keeps the state and the calls.
import type { RefObject } from "react";
import { OtpBoxes, type OtpBoxesHandle } from "../otp-boxes.tsx";
import { OtpCaptcha, type OfferedCaptcha } from "../otp-captcha.tsx";
import { useLanguage, useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { OPTIONAL_SIGN_IN_PURPOSES, purposeNotice, SIGN_IN_PURPOSES } from "../../../core/data-rights/index.ts";
import { OTP_POLICY } from "../../../core/security-policy.ts";

/** The picture and the three points beside the form. */
export function ApplyHero() {
  const t = useT();
  return (
    <div className="apply-hero">
      <img src="/images/apply-hero.svg" alt="" width="480" height="400" fetchPriority="high" />
      <ul className="apply-points">
        <li>{t("apply.point1")}</li>
        <li>{t("apply.point2")}</li>
        <li>{t("apply.point3")}</li>
      </ul>
    </div>
  );
}

type Captcha = { captcha: OfferedCaptcha | null; captchaText: string; setCaptchaText: (value: string) => void };

function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

function Check({ id, checked, onChange, label }: { id: string; checked: boolean; onChange: (value: boolean) => void; label: string }) {
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** What each purpose of the sign-in collects, why, for how long, and how to withdraw. */
function SignInNotices() {
  const t = useT();
  const lang = useLanguage();
  return (
    <details className="apply-notices">
      <summary>{t("signInConsent.noticesSummary")}</summary>
      <p>{t("signInConsent.noticesIntro")}</p>
      {[...SIGN_IN_PURPOSES, ...OPTIONAL_SIGN_IN_PURPOSES].map((purpose) => {
        const n = purposeNotice(purpose, lang);
        return (
          <section key={purpose}>
            <h2>{n.title}</h2>
            <p>
              {n.data} {n.why} {n.kept} {n.withdraw}
            </p>
          </section>
        );
      })}
    </details>
  );
}

export interface MobileStepProps extends Captcha {
  onSubmit: (event: React.FormEvent) => void;
  mobile: string;
  setMobile: (value: string) => void;
  mobileInput: RefObject<HTMLInputElement | null>;
  mobileInvalid: boolean;
  terms: boolean;
  setTerms: (value: boolean) => void;
  marketing: boolean;
  setMarketing: (value: boolean) => void;
  trackingTick: boolean;
  setTrackingTick: (value: boolean) => void;
  whatsappTick: boolean;
  setWhatsappTick: (value: boolean) => void;
  error: string;
  busy: boolean;
}

export function MobileStep(props: MobileStepProps) {
  const { onSubmit, mobile, setMobile, mobileInput, mobileInvalid, terms, setTerms, error, busy } = props;
  const t = useT();
  const rich = useRichT();
  const to = useLocalizedPath();
  return (
    <form onSubmit={onSubmit} noValidate>
      <h1 id="apply-title">{t("apply.heading")}</h1>
      <p className="hint">{t("apply.hint", { length: OTP_POLICY.length })}</p>
      <div className="field">
        <label htmlFor="mobile">{t("apply.mobile")}</label>
        <div className="input-prefix">
          <span aria-hidden="true">+91</span>
          <input
            ref={mobileInput}
            id="mobile"
            name="mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            value={mobile}
            aria-invalid={mobileInvalid}
            aria-describedby="apply-error"
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, "").slice(0, 10))}
          />
        </div>
      </div>
      <div className="check">
        <input id="terms" type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} aria-describedby="apply-error" />
        <label htmlFor="terms">
          {rich("consent.terms", {
            terms: (chunks) => <a href={to("/terms-and-conditions")}>{chunks}</a>,
            privacy: (chunks) => <a href={to("/privacy-policy")}>{chunks}</a>,
          })}
        </label>
      </div>
      {props.captcha ? (
        <OtpCaptcha id="apply-captcha" captcha={props.captcha} value={props.captchaText} onChange={props.setCaptchaText} describedBy="apply-error" />
      ) : null}
      <Check id="consent-marketing" checked={props.marketing} onChange={props.setMarketing} label={t("signInConsent.marketing")} />
      <Check id="consent-tracking" checked={props.trackingTick} onChange={props.setTrackingTick} label={t("signInConsent.tracking")} />
      <Check id="consent-whatsapp" checked={props.whatsappTick} onChange={props.setWhatsappTick} label={t("signInConsent.whatsapp")} />
      <SignInNotices />
      <p id="apply-error" className={error ? "alert alert-error" : "visually-hidden"} role="alert">
        {error}
      </p>
      <SubmitButton busy={busy} label={t("apply.getOtp")} />
    </form>
  );
}

export interface OtpStepProps extends Captcha {
  onSubmit: (event: React.FormEvent) => void;
  onResend: () => void;
  onChangeNumber: () => void;
  notice: string;
  mobile: string;
  boxes: RefObject<OtpBoxesHandle | null>;
  digits: string[];
  setDigits: (digits: string[]) => void;
  secondsLeft: number;
  error: string;
  busy: boolean;
}

export function OtpStep(props: OtpStepProps) {
  const { notice, error, busy, secondsLeft } = props;
  const t = useT();
  const rich = useRichT();
  const maskedMobile = `+91 ${"•".repeat(6)}${props.mobile.slice(6)}`;
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <h1 id="apply-title">{t("apply.otpHeading")}</h1>
      <p className="hint">
        {notice ? `${notice} ` : ""}
        {rich("apply.sentTo", { length: OTP_POLICY.length, mobile: <span className="nowrap">{maskedMobile}</span> })}{" "}
        <button type="button" className="btn-link" onClick={props.onChangeNumber}>
          {t("apply.changeNumber")}
        </button>
      </p>
      <fieldset className="otp-fieldset">
        <legend className="label">{t("apply.otpLegend")}</legend>
        <OtpBoxes
          ref={props.boxes}
          length={OTP_POLICY.length}
          value={props.digits}
          onChange={props.setDigits}
          invalid={!!error}
          describedBy="otp-error"
          disabled={busy}
        />
      </fieldset>
      <p id="otp-error" className={error ? "alert alert-error" : "visually-hidden"} role="alert">
        {error}
      </p>
      {props.captcha ? (
        <OtpCaptcha id="resend-captcha" captcha={props.captcha} value={props.captchaText} onChange={props.setCaptchaText} describedBy="otp-error" />
      ) : null}
      <p className="resend" aria-live="polite">
        {secondsLeft > 0 ? (
          <span>{t("apply.resendIn", { seconds: secondsLeft })}</span>
        ) : (
          <button type="button" className="btn-link" onClick={props.onResend} disabled={busy}>
            {t("apply.resend")}
          </button>
        )}
      </p>
      <SubmitButton busy={busy} label={t("apply.verify")} />
    </form>
  );
}
