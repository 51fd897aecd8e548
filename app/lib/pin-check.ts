// The /service-area PIN check. It reads core/service-area.ts, the same data the
// eligibility rule and the master API use, so the page and the application never disagree.
import { lookupPincode } from "../../core/service-area.ts";
import { pinCodeCheck } from "../../core/validation/index.ts";
import { messageText, translate, type Language, type MessageKey } from "../../core/i18n/index.ts";

export type PinResult = { pin: string; error?: string; served?: boolean; city?: string; state?: string; message: string } | null;

/** The page's own words for the rule's two refusals, by their codes (decision 60); any other by its code. */
const PAGE_KEYS: Partial<Record<MessageKey, MessageKey>> = {
  "journey.msg.pinCodeRequired": "public.area.required",
  "journey.msg.pinCodeInvalid": "public.area.invalid",
};

export function checkPin(raw: string | null, lang: Language = "en"): PinResult {
  if (raw === null) return null;
  const pin = raw.trim().slice(0, 12);
  const rule = pinCodeCheck(pin);
  const page = rule.ok ? undefined : rule.code && PAGE_KEYS[rule.code.key];
  const error = rule.ok ? null : page ? translate(lang, page) : messageText(lang, rule.code ?? rule.message);
  if (error) return { pin, error, message: error };
  const place = lookupPincode(pin);
  return place
    ? {
        pin,
        served: true,
        city: place.city_name,
        state: place.state_name,
        message: translate(lang, "public.area.served", { pin, city: place.city_name, state: place.state_name }),
      }
    : { pin, served: false, message: translate(lang, "public.area.notServed", { pin }) };
}
