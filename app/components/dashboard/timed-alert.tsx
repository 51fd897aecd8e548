import { useCallback, useEffect, useRef, useState } from "react";
import { useCodeText } from "../../lib/i18n.tsx";

/** Spec section 9: an alert closes after 1 second (5 seconds on the login screen, which has its own). */
export const ALERT_MS = 1000;

/**
 * A spec "alert" (e.g. the profile preview's 'PAN not verified.'): announced at once (role=alert),
 * shown for ALERT_MS (no pause on hover: an alert appearing under a resting pointer would never
 * close). After that only
 * the box goes: the words stay in the live region, out of sight, until the next alert, so a
 * screen reader is never cut off mid-sentence and can still find them (see docs/decisions/journey.md).
 */
export function useTimedAlert(ms = ALERT_MS) {
  const words = useCodeText();
  const [alert, setAlert] = useState<{ message: string; visible: boolean }>({ message: "", visible: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAlert((a) => ({ ...a, visible: false })), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (message: string) => {
      setAlert({ message, visible: !!message });
      if (message) close();
      else clearTimeout(timer.current);
    },
    [close],
  );
  const view = alert.message ? (
    <p className={alert.visible ? "alert alert-error" : "visually-hidden"} role="alert">
      {words(alert.message)}
    </p>
  ) : null;
  return { show, view, visible: alert.visible, message: alert.message };
}
