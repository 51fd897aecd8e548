// The image captcha a code send needs once its address has sent many codes this hour (decision 15 as
// amended by issue 21): the server's refusal carries a fresh one, the form shows it and sends the
// typed characters back with the next send. Used by Apply Now and Pay Now.
import type { Envelope } from "../lib/api.ts";
import { useT } from "../lib/i18n.tsx";

export type OfferedCaptcha = { captcha_id: string; captcha_image: string; width: number; height: number };

/** The fresh captcha a refusal carries, or null when the reply does not ask for one. */
export function captchaOf(reply: Envelope<unknown>): OfferedCaptcha | null {
  const c = reply.captcha;
  return c && typeof c.captcha_id === "string" && typeof c.captcha_image === "string" && c.captcha_image.startsWith("data:image/")
    ? { captcha_id: c.captcha_id, captcha_image: c.captcha_image, width: Number(c.width) || 200, height: Number(c.height) || 64 }
    : null;
}

/** What the next send carries: the captcha's id and the typed characters, or nothing. */
export const captchaFields = (captcha: OfferedCaptcha | null, typed: string) => (captcha ? { captcha_id: captcha.captcha_id, captcha: typed } : {});

export function OtpCaptcha(props: { id: string; captcha: OfferedCaptcha; value: string; onChange: (value: string) => void; describedBy?: string }) {
  const { id, captcha, value, onChange, describedBy } = props;
  const t = useT();
  return (
    <div className="field otp-captcha">
      <img src={captcha.captcha_image} width={captcha.width} height={captcha.height} alt={t("servicing.captcha.alt")} />
      <label htmlFor={id}>{t("servicing.captcha.label")}</label>
      <input
        id={id}
        name="captcha"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        value={value}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
