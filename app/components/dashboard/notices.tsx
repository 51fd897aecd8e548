import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

/** Spec section 9: snackbars last 3 seconds. */
export const SNACKBAR_MS = 3000;

type Kind = "success" | "error";
interface Notices {
  notify(message: string, kind?: Kind): void;
  /** Loads the dashboard data again (header chip, next step) after a step sent from the browser. */
  refreshChip(): void;
}

const NoticesContext = createContext<Notices>({ notify: () => {}, refreshChip: () => {} });
export const NoticesProvider = NoticesContext.Provider;
export const useNotices = () => useContext(NoticesContext);

/**
 * The snackbar: always in the page so screen readers hear each message (a polite live
 * region for success, an assertive one for errors), and gone after 3 seconds.
 */
export function useSnackbar(initial?: string) {
  // A notice that came with the page is in the server-rendered HTML too (no JavaScript needed to read it).
  const [notice, setNotice] = useState<{ message: string; kind: Kind; id: number } | null>(initial ? { message: initial, kind: "success", id: 0 } : null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const notify = useCallback((message: string, kind: Kind = "success") => {
    clearTimeout(timer.current);
    setNotice({ message, kind, id: Date.now() });
    timer.current = setTimeout(() => setNotice(null), SNACKBAR_MS);
  }, []);
  const view = (
    <div className="snackbar-region">
      <div role="status" aria-live="polite" className={notice?.kind === "success" ? "snackbar snackbar-success" : "visually-hidden"}>
        {notice?.kind === "success" ? notice.message : ""}
      </div>
      <div role="alert" className={notice?.kind === "error" ? "snackbar snackbar-error" : "visually-hidden"}>
        {notice?.kind === "error" ? notice.message : ""}
      </div>
    </div>
  );
  return { notify, view };
}
