// The /service-area PIN check. It reads core/service-area.ts, the same data the
// eligibility rule and the master API use, so the page and the application never disagree.
import { lookupPincode } from "../../core/service-area.ts";
import { MESSAGES, messageFor, pinCodeCheck } from "../../core/validation/index.ts";
import { translate, type Language, type MessageKey } from "../../core/i18n/index.ts";

export type PinResult = { pin: string; error?: string; served?: boolean; city?: string; state?: string; message: string } | null;

/** The rule's messages in the catalogue (core/validation's English is the catalogue's English). */
const RULE_KEYS: Record<string, MessageKey> = { [MESSAGES.pinCodeRequired]: "public.area.required", [MESSAGES.pinCodeInvalid]: "public.area.invalid" };

export function checkPin(raw: string | null, lang: Language = "en"): PinResult {
  if (raw === null) return null;
  const pin = raw.trim().slice(0, 12);
  const rule = messageFor(pinCodeCheck, pin);
  const error = rule && (RULE_KEYS[rule] ? translate(lang, RULE_KEYS[rule]) : rule);
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
