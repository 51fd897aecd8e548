import { useEffect, useRef, useState } from "react";
import { redirect, useNavigate } from "react-router";
import type { Route } from "./+types/apply-now.ts";
import type { OtpBoxesHandle } from "../../components/otp-boxes.tsx";
import { captchaFields, captchaOf, type OfferedCaptcha } from "../../components/otp-captcha.tsx";
import { ApplyHero, MobileStep, OtpStep } from "../../components/public/apply-steps.tsx";
import { errorText, journey } from "../../lib/api.ts";
import { writeState } from "../../lib/session-state.ts";
import { useResendCountdown, useTimedMessage, useTrackingParams } from "../../lib/sign-in-hooks.ts";
import { serverContext } from "../../lib/server-context.ts";
import { screenAfterLogin } from "../../lib/journey-nav.ts";
import { OTP_POLICY } from "../../../core/security-policy.ts";
import { readConsentChoice, writeConsentChoice } from "../../lib/consent-choice.ts";
import { MESSAGES, loginMobileError, loginOtpError, termsError } from "../../../core/validation/index.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useT } from "../../lib/i18n.tsx";
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

export default function ApplyNow() {
  const navigate = useNavigate();
  const t = useT();
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
  const [whatsappTick, setWhatsappTick] = useState(false);
  const [trackingTick, setTrackingTick] = useState(() => typeof document !== "undefined" && readConsentChoice(document.cookie) === "tracking");
  const [profileId, setProfileId] = useState("");
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_POLICY.length).fill(""));
  const [focusRequest, setFocusRequest] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useTimedMessage();
  const [notice, setNotice] = useState("");
  // Past 20 codes an hour from this address, each send needs the image captcha the refusal carried.
  const [captcha, setCaptcha] = useState<OfferedCaptcha | null>(null);
  const [captchaText, setCaptchaText] = useState("");
  const boxes = useRef<OtpBoxesHandle>(null);
  const mobileInput = useRef<HTMLInputElement>(null);
  const tracking = useTrackingParams();
  const { secondsLeft, startCountdown } = useResendCountdown();

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
      consent_whatsapp: whatsappTick ? "1" : "0",
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

  const captchaProps = { captcha, captchaText, setCaptchaText };
  return (
    <main id="main" className="apply">
      <ApplyHero />
      <section className="apply-card card" aria-labelledby="apply-title">
        {stage === "mobile" ? (
          <MobileStep
            {...captchaProps}
            onSubmit={sendCode}
            mobile={mobile}
            setMobile={setMobile}
            mobileInput={mobileInput}
            mobileInvalid={!!error && !!mobileProblem(mobile)}
            terms={terms}
            setTerms={setTerms}
            marketing={marketing}
            setMarketing={setMarketing}
            trackingTick={trackingTick}
            setTrackingTick={setTrackingTick}
            whatsappTick={whatsappTick}
            setWhatsappTick={setWhatsappTick}
            error={error}
            busy={busy}
          />
        ) : (
          <OtpStep
            {...captchaProps}
            onSubmit={verify}
            onResend={resend}
            onChangeNumber={() => {
              setStage("mobile");
              setDigits(Array(OTP_POLICY.length).fill(""));
            }}
            notice={notice}
            mobile={mobile}
            boxes={boxes}
            digits={digits}
            setDigits={setDigits}
            secondsLeft={secondsLeft}
            error={error}
            busy={busy}
          />
        )}
      </section>
    </main>
  );
}
