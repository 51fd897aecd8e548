// State helpers of the Apply Now sign-in: a message that clears itself, the campaign tags the visit
// arrived with, and the countdown before a code may be sent again.
import { useEffect, useRef, useState } from "react";
import { OTP_POLICY } from "../../core/security-policy.ts";
import { readState, writeState } from "./session-state.ts";

const TRACKING = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "click_id"] as const;
const ERROR_MS = 5000;

/** A message and its setter; a message shown clears itself after a few seconds. */
export function useTimedMessage() {
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

/** The campaign tags of the address (or, for the first-touch ones, of the session), sent with the code request. */
export function useTrackingParams() {
  const [tracking, setTracking] = useState<Record<string, string>>({});
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
  return tracking;
}

/** Seconds until a code may be sent again, counted to a deadline (not decremented) so throttled timers stay right. */
export function useResendCountdown() {
  const [resendAt, setResendAt] = useState(0);
  const [clock, setClock] = useState(0);
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
  const startCountdown = () => {
    const now = Date.now();
    setClock(now);
    setResendAt(now + OTP_POLICY.resendAfterSeconds * 1000);
  };
  return { secondsLeft: Math.max(0, Math.ceil((resendAt - clock) / 1000)), startCountdown };
}
