// The /service-area PIN check. It reads core/service-area.ts, the same data the
// eligibility rule and the master API use, so the page and the application never disagree.
import { lookupPincode } from "../../core/service-area.ts";
import { messageFor, ONBOARDING_MESSAGES, pinCodeCheck } from "../../core/validation/index.ts";

export type PinResult = { pin: string; error?: string; served?: boolean; city?: string; state?: string; message: string } | null;

export function checkPin(raw: string | null): PinResult {
  if (raw === null) return null;
  const pin = raw.trim().slice(0, 12);
  const error = messageFor(pinCodeCheck, pin);
  if (error) return { pin, error, message: error };
  const place = lookupPincode(pin);
  return place
    ? {
        pin,
        served: true,
        city: place.city_name,
        state: place.state_name,
        message: `Good news: we lend in PIN code ${pin} (${place.city_name}, ${place.state_name}).`,
      }
    : { pin, served: false, message: `${ONBOARDING_MESSAGES.pinNotServed} PIN code ${pin} is outside our service area for now.` };
}
