import { useEffect, useRef, useState } from "react";
import { redirect, useNavigate } from "react-router";
import type { Route } from "./+types/apply-now.ts";
import { OtpBoxes, type OtpBoxesHandle } from "../../components/otp-boxes.tsx";
import { captchaFields, captchaOf, OtpCaptcha, type OfferedCaptcha } from "../../components/otp-captcha.tsx";
import { errorText, journey } from "../../lib/api.ts";
import { readState, writeState } from "../../lib/session-state.ts";
import { serverContext } from "../../lib/server-context.ts";
import { screenAfterLogin } from "../../lib/journey-nav.ts";
import { OTP_POLICY } from "../../../core/security-policy.ts";
import { OPTIONAL_SIGN_IN_PURPOSES, purposeNotice, SIGN_IN_PURPOSES } from "../../../core/data-rights/index.ts";
import { readConsentChoice, writeConsentChoice } from "../../lib/consent-choice.ts";
import { MESSAGES, loginMobileError, loginOtpError, termsError } from "../../../core/validation/index.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useLanguage, useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { splitLanguagePath, translate } from "../../../core/i18n/index.ts";
import applyCss from "../../styles/apply-now.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: applyCss }];

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({ title: translate(lang, "apply.title"), description: translate(lang, "apply.description"), path: "/apply-now", lang });
};

// The anonymous page holds nothing personal, so the server's page cache may keep it (a signed-in
// visitor carries a cookie, bypasses that cache and is redirected); browsers must ask again each
// time so that a visitor who has since signed in gets the redirect.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=0, must-revalidate" });

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(serverContext).session) throw redirect("/my-dashboard/");
  return null;
}

const TRACKING = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "click_id"] as const;
const ERROR_MS = 5000;

function useTimedMessage() {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [
    message,
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      if (text) timer.current = setTimeout(() => setMessage(""), ERROR_MS);
    },
  ] as const;
}

export default function ApplyNow() {
  const navigate = useNavigate();
  const t = useT();
  const lang = useLanguage();
  const rich = useRichT();
  const to = useLocalizedPath();
  // core/validation's checks decide; the words are the catalogue's, in the page's language.
  // The rule's own problem, worded in the page's language: too short, or a first digit no mobile starts with (decision 33).
  const mobileProblem = (value: string) => {
    const problem = loginMobileError(value);
    if (!problem) return null;
    return problem === MESSAGES.mobileFirstDigit ? t("validation.mobileFirstDigit") : t("validation.mobileInvalid");
  };
  const termsProblem = (value: boolean) => (termsError(value) ? t("validation.termsRequired") : null);
  const [stage, setStage] = useState<"mobile" | "otp">("mobile");
  const [mobile, setMobile] = useState("");
  const [terms, setTerms] = useState(false);
  // Issue 23: optional purposes, never pre-ticked; tracking starts from the visitor's banner choice.
  const [marketing, setMarketing] = useState(false);
  const [trackingTick, setTrackingTick] = useState(() => typeof document !== "undefined" && readConsentChoice(document.cookie) === "tracking");
  const [profileId, setProfileId] = useState("");
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_POLICY.length).fill(""));
  // A deadline, not a decrementing counter, so the countdown stays right if timers are throttled.
  const [resendAt, setResendAt] = useState(0);
  const [clock, setClock] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useTimedMessage();
  const [notice, setNotice] = useState("");
  const [tracking, setTracking] = useState<Record<string, string>>({});
  // Past 20 codes an hour from this address, each send needs the image captcha the refusal carried.
  const [captcha, setCaptcha] = useState<OfferedCaptcha | null>(null);
  const [captchaText, setCaptchaText] = useState("");
  const boxes = useRef<OtpBoxesHandle>(null);
  const mobileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const found: Record<string, string> = {};
    for (const key of TRACKING) {
      const value = params.get(key) ?? (key === "utm_source" || key === "utm_term" || key === "click_id" ? readState(key) : null);
      if (value) found[key] = value.slice(0, 100);
    }
    writeState({ utm_source: found.utm_source, utm_term: found.utm_term, click_id: found.click_id });
    setTracking(found);
  }, []);

  useEffect(() => {
    if (!resendAt) return;
    setClock(Date.now());
    const timer = setInterval(() => {
      const now = Date.now();
      setClock(now);
      if (now >= resendAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt]);
  const secondsLeft = Math.max(0, Math.ceil((resendAt - clock) / 1000));
  const startCountdown = () => {
    const now = Date.now();
    setClock(now);
    setResendAt(now + OTP_POLICY.resendAfterSeconds * 1000);
  };

  // Focus after the render that re-enables the boxes.
  useEffect(() => {
    if (stage === "otp") boxes.current?.focusFirst();
  }, [stage, focusRequest]);

  async function sendCode(event: React.FormEvent) {
    event.preventDefault();
    const problem = mobileProblem(mobile) ?? termsProblem(terms);
    if (problem) {
      setError(problem);
      if (mobileProblem(mobile)) mobileInput.current?.focus();
      return;
    }
    setBusy(true);
    const reply = await journey<{ cust_profile_id: string }>({ event_name: "login", mobile, ...tracking, ...captchaFields(captcha, captchaText) });
    setBusy(false);
    setCaptcha(captchaOf(reply));
    setCaptchaText("");
    if (reply.Status !== 1 || !reply.Data) return setError(errorText(reply));
    setProfileId(reply.Data.cust_profile_id);
    setError("");
    setNotice(reply.Message);
    setStage("otp");
    startCountdown();
  }

  async function resend() {
    setBusy(true);
    const reply = await journey({ event_name: "resend_otp", profile_id: profileId, ...tracking, ...captchaFields(captcha, captchaText) });
    setBusy(false);
    setCaptcha(captchaOf(reply));
    setCaptchaText("");
    if (reply.Status !== 1) return setError(errorText(reply));
    setDigits(Array(OTP_POLICY.length).fill(""));
    setNotice(reply.Message);
    startCountdown();
    setFocusRequest((n) => n + 1);
  }

  function failOtp(message: string) {
    setError(message);
    setDigits(Array(OTP_POLICY.length).fill(""));
    setFocusRequest((n) => n + 1);
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    const otp = digits.join("");
    const problem = loginOtpError(otp) ? t("validation.otpInvalid") : null;
    if (problem) return failOtp(problem);
    setBusy(true);
    const reply = await journey<{ next_step: string; eligibility_status: number }>({
      event_name: "otp_verify",
      profile_id: profileId,
      otp,
      consent_marketing: marketing ? "1" : "0",
      consent_tracking: trackingTick ? "1" : "0",
    });
    if (reply.Status !== 1 || !reply.Data) {
      setBusy(false);
      return failOtp(reply.Status === 0 ? t("apply.verifyError") : errorText(reply));
    }
    // The browser follows the choice made here (a tick, or an untick of the banner's yes).
    if (trackingTick || readConsentChoice(document.cookie)) writeConsentChoice(trackingTick ? "tracking" : "none");
    const eligibility = Number(reply.Data.eligibility_status) === 1 ? 1 : 0;
    writeState({ mobile, cust_profile_id: profileId, profile_id: profileId, next_step: reply.Data.next_step, eligibility });
    navigate(screenAfterLogin(eligibility === 1), { replace: true });
  }

  const maskedMobile = `+91 ${"•".repeat(6)}${mobile.slice(6)}`;

  return (
    <main id="main" className="apply">
      <div className="apply-hero">
        <img src="/images/apply-hero.svg" alt="" width="480" height="400" fetchPriority="high" />
        <ul className="apply-points">
          <li>{t("apply.point1")}</li>
          <li>{t("apply.point2")}</li>
          <li>{t("apply.point3")}</li>
        </ul>
      </div>
      <section className="apply-card card" aria-labelledby="apply-title">
        {stage === "mobile" ? (
          <form onSubmit={sendCode} noValidate>
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
                  aria-invalid={!!error && !!mobileProblem(mobile)}
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
            {captcha ? <OtpCaptcha id="apply-captcha" captcha={captcha} value={captchaText} onChange={setCaptchaText} describedBy="apply-error" /> : null}
            <div className="check">
              <input id="consent-marketing" type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
              <label htmlFor="consent-marketing">{t("signInConsent.marketing")}</label>
            </div>
            <div className="check">
              <input id="consent-tracking" type="checkbox" checked={trackingTick} onChange={(e) => setTrackingTick(e.target.checked)} />
              <label htmlFor="consent-tracking">{t("signInConsent.tracking")}</label>
            </div>
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
            <p id="apply-error" className={error ? "alert alert-error" : "visually-hidden"} role="alert">
              {error}
            </p>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {t("apply.getOtp")}
            </button>
          </form>
        ) : (
          <form onSubmit={verify} noValidate>
            <h1 id="apply-title">{t("apply.otpHeading")}</h1>
            <p className="hint">
              {notice ? `${notice} ` : ""}
              {rich("apply.sentTo", { length: OTP_POLICY.length, mobile: <span className="nowrap">{maskedMobile}</span> })}{" "}
              <button type="button" className="btn-link" onClick={() => { setStage("mobile"); setDigits(Array(OTP_POLICY.length).fill("")); }}>
                {t("apply.changeNumber")}
              </button>
            </p>
            <fieldset className="otp-fieldset">
              <legend className="label">{t("apply.otpLegend")}</legend>
              <OtpBoxes ref={boxes} length={OTP_POLICY.length} value={digits} onChange={setDigits} invalid={!!error} describedBy="otp-error" disabled={busy} />
            </fieldset>
            <p id="otp-error" className={error ? "alert alert-error" : "visually-hidden"} role="alert">
              {error}
            </p>
            {captcha ? <OtpCaptcha id="resend-captcha" captcha={captcha} value={captchaText} onChange={setCaptchaText} describedBy="otp-error" /> : null}
            <p className="resend" aria-live="polite">
              {secondsLeft > 0 ? (
                <span>{t("apply.resendIn", { seconds: secondsLeft })}</span>
              ) : (
                <button type="button" className="btn-link" onClick={resend} disabled={busy}>
                  {t("apply.resend")}
                </button>
              )}
            </p>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {t("apply.verify")}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
